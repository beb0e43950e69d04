"""A table as a file of its own, exported whole to be imported again as a new table
(`import_checks`). Storage code only, no Flask.

The JSON document holds everything needed to rebuild a table identically: its players in
seating order, its first dealer, every rules version, and every hand with its whole
history of changes. Players are referred to by their current name (names are unique at
a table) everywhere, hands and their history included: the database keeps players by id
(referee.store.stored_form), so a file of format version 2 names them as the table does now.
"""

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from referee import exact_json
from referee.documents.table_file import FORMAT, FORMAT_VERSION
from referee.scoring.tonk.games import game_json
from referee.store.hands import every_hand, hand_views
from referee.store.models import GameTable, Hand, HandChange, RulesVersion, id_of
from referee.store.seating import players_of
from referee.store.stored_form import named
from referee.store.tally import night_games


def _iso(moment: datetime) -> str:
    """A stored time as ISO 8601 in UTC, with its offset."""
    if moment.utcoffset() is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def export_table(db: Session, table: GameTable) -> dict[str, Any]:
    """The whole table as a JSON-ready document (money as exact Decimals: write it with
    `exact_json.dumps`)."""
    players = players_of(db, table)
    name_of = {id_of(p): p.name for p in players}
    versions = db.exec(
        select(RulesVersion)
        .where(RulesVersion.table_id == table.id)
        .order_by(col(RulesVersion.number))
    ).all()
    number_of = {v.id: v.number for v in versions}
    hands = every_hand(db, table)
    changes: dict[int, list[HandChange]] = {}
    for change in db.exec(
        select(HandChange)
        .join(Hand, col(Hand.id) == col(HandChange.hand_id))
        .where(Hand.table_id == table.id)
        .order_by(col(HandChange.id))
    ).all():
        changes.setdefault(change.hand_id, []).append(change)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": _iso(datetime.now(UTC)),
        "name": table.name,
        "game": table.game,
        "created_at": _iso(table.created_at),
        "first_dealer": None if table.first_dealer_id is None else name_of[table.first_dealer_id],
        "players": [{"name": p.name, "seated": p.seated} for p in players],
        "rules_versions": [
            {
                "number": v.number,
                "preset": v.preset,
                "rules": exact_json.loads(v.rules_json),
                "created_at": _iso(v.created_at),
            }
            for v in versions
        ],
        "hands": [
            {
                "no": hand.no,
                "rules_version": number_of[hand.rules_version_id],
                "dealer": view.dealer,
                "seats": [name_of[seat] for seat in json.loads(hand.seats_json)],
                "outcome": view.outcome,
                "settlement": view.settlement,
                "void": hand.void,
                "version": hand.version,
                "created_at": _iso(hand.created_at),
                "updated_at": _iso(hand.updated_at),
                "entry_key": hand.entry_key,
                "changes": [
                    _change_json(change, name_of) for change in changes.get(id_of(hand), [])
                ],
            }
            | ({"note": hand.note} if hand.note else {})
            for hand, view in zip(hands, hand_views(hands, players), strict=True)
        ],
        "games": [game_json(game) for game in night_games(db, table, players)],
    }


def _change_json(change: HandChange, name_of: Mapping[int, str]) -> dict[str, Any]:
    before, after = (
        None if text is None else named(text, name_of)
        for text in (change.before_json, change.after_json)
    )
    return {
        "action": change.action,
        "by": change.by,
        "at": _iso(change.at),
        "before": before,
        "after": after,
    }
