"""A table's hands and payments for a spreadsheet: one CSV row per payment. Storage code
only, no Flask."""

import csv
import io
from decimal import Decimal

from sqlmodel import Session

from referee.rules.options import CENT
from referee.scoring.tonk.games import game_of_hand
from referee.store.hands import every_hand, hand_views
from referee.store.models import GameTable
from referee.store.seating import players_of
from referee.store.tally import night_games

CSV_HEADER = ("hand", "game", "void", "dealer", "result", "payer", "payee", "amount", "why")
# A cell a spreadsheet would run as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def text_cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: one that could start a formula gets a ' first.
    Only text goes through here; amounts are written unsigned and stay numbers."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(db: Session, table: GameTable) -> str:
    """One row per payment of every hand (one row for a hand with none), oldest hand first,
    players under their current names; amounts exact, with 2 decimals, payer to payee. In
    points mode `game` is the number of the hand's game (empty for a void hand)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    players = players_of(db, table)
    game_of = game_of_hand(night_games(db, table, players))
    for view in hand_views(every_hand(db, table), players):
        settlement = view.settlement
        in_game = game_of.get(view.hand.no)
        start = [
            view.hand.no,
            "" if in_game is None else in_game[0].number,
            "yes" if view.hand.void else "no",
            text_cell(view.dealer),
            text_cell(settlement["result"]),
        ]
        rows = [
            [
                text_cell(p["from"]),
                text_cell(p["to"]),
                f"{Decimal(p['amount']).quantize(CENT)}",
                text_cell(p["why"]),
            ]
            for p in settlement["payments"]
        ]
        for row in rows or [["", "", "", ""]]:
            writer.writerow(start + row)
    return out.getvalue()
