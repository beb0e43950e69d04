"""The hands of a night as stored: found by number or entry key, newest first, and shown
under the players' current names with their history of changes.

A hand's outcome and settlement are stored with each player as their id
(referee.store.stored_form); the views here read them under the names of now. Hands are
written by referee.store.commands.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from referee.games import Ending
from referee.rules import Refusal
from referee.rules.limits import UNDO_MINUTES
from referee.rules.said import said, said_n
from referee.scoring import Settlement
from referee.store import night
from referee.store.models import GameTable, Hand, HandChange, Player, RunningTally, id_of
from referee.store.rules_versions import game_of
from referee.store.stored_form import named


def preview(
    db: Session,
    table: GameTable,
    rules: Any,
    players: Sequence[Player],
    outcome: Mapping[str, Any],
    *,
    hand: Hand | None = None,
    dealer: Player | None = None,
) -> tuple[Ending, Settlement]:
    """Settle without storing, by the table's game under `rules` (of that game): what the
    hand form shows before the tap on Save, and what a command then stores. A game that
    carries state (Tongits) is settled in its place in the night: as the next game, or in
    place of `hand` when that hand is being fixed, dealt by `dealer`."""
    game = game_of(table)
    typed = game.outcome.read(outcome)
    names = [p.name for p in players]
    if not night.carries_state(table):
        return typed, game.settle(rules, names, typed)
    dealt_by = None if dealer is None else dealer.name
    return typed, night.settled_in_place(db, table, rules, names, typed, hand=hand, dealer=dealt_by)


def hand_by_entry_key(db: Session, table: GameTable, entry_key: str) -> Hand | None:
    return db.exec(
        select(Hand).where(Hand.table_id == table.id, Hand.entry_key == entry_key)
    ).first()


def next_hand_no(db: Session, table: GameTable) -> int:
    """The number the hand in play will get (voided hands keep their numbers)."""
    return (db.exec(select(func.max(Hand.no)).where(Hand.table_id == table.id)).one() or 0) + 1


def hand_players(db: Session, hand: Hand) -> list[Player]:
    """The players of a hand, in that hand's seating order, by their current names."""
    ids = json.loads(hand.seats_json)
    found = {p.id: p for p in db.exec(select(Player).where(col(Player.id).in_(ids))).all()}
    return [found[i] for i in ids]


def every_hand(db: Session, table: GameTable) -> list[Hand]:
    """Every hand of the night, oldest first, voided ones included (the API's list, a file)."""
    return list(db.exec(select(Hand).where(Hand.table_id == table.id).order_by(col(Hand.no))).all())


def hand_by_no(db: Session, table: GameTable, no: int) -> Hand | None:
    return db.exec(select(Hand).where(Hand.table_id == table.id, Hand.no == no)).first()


def hand_count(db: Session, table: GameTable) -> int:
    """Hands played (voided ones not counted), as the running tally after the latest hand
    counts them: one row, not a count of every hand."""
    played = db.exec(
        select(RunningTally.played)
        .where(RunningTally.table_id == table.id)
        .order_by(col(RunningTally.hand_no).desc())
        .limit(1)
    ).first()
    return played or 0


def why_not_undone(db: Session, table: GameTable, hand: Hand, at: datetime) -> Refusal | None:
    """Why the Undo of the message that saved `hand` may not void it at `at`, naming the hand
    and the rule (None: it may). The Undo takes back a slip just made: the hand must be the
    latest, as it was entered (neither fixed nor voided since), and saved less than
    UNDO_MINUTES before; any other hand is voided from its page, where its payments show."""
    rounds = game_of(table).rounds
    latest = next_hand_no(db, table) - 1
    saved = hand.created_at
    saved = saved.replace(tzinfo=UTC) if saved.tzinfo is None else saved  # SQLite keeps UTC
    values = {"round": rounds.one_title, "no": hand.no, "rounds": rounds.many_title}
    if latest != hand.no:
        why = said(
            "hand: {round} {no} can no longer be undone here: {one} {later} was entered "
            "since; void it from its page in {rounds}",
            one=rounds.one,
            later=latest,
            **values,
        )
    elif hand.void or hand.version != 1:
        why = said(
            "hand: {round} {no} can no longer be undone here: it was fixed or voided since; "
            "its page in {rounds} shows it as it is now",
            **values,
        )
    elif at - saved > timedelta(minutes=UNDO_MINUTES):
        why = said(
            "hand: {round} {no} can no longer be undone here: the undo lasts {minutes}; "
            "void it from its page in {rounds}",
            minutes=said_n("{count} minute", "{count} minutes", UNDO_MINUTES),
            **values,
        )
    else:
        return None
    return Refusal(why, field="hand")


def recent_hands(db: Session, table: GameTable, limit: int, offset: int = 0) -> list[Hand]:
    """Hands newest first, voided ones included (they stay in the history)."""
    return list(
        db.exec(
            select(Hand)
            .where(Hand.table_id == table.id)
            .order_by(col(Hand.no).desc())
            .offset(offset)
            .limit(limit)
        ).all()
    )


@dataclass(frozen=True)
class HandView:
    """A stored hand as the pages show it, with each player under their current name."""

    hand: Hand
    dealer: str
    outcome: dict[str, Any]
    settlement: dict[str, Any]


def hand_views(hands: Sequence[Hand], players: Sequence[Player]) -> list[HandView]:
    """Stored hands with each player under their current name (a rename relabels the past)."""
    names = {id_of(p): p.name for p in players}
    return [
        HandView(
            hand,
            names[hand.dealer_id],
            named(hand.outcome_json, names),
            named(hand.settlement_json, names),
        )
        for hand in hands
    ]


@dataclass(frozen=True)
class ChangeView:
    """One line of a hand's history, with outcomes under current names."""

    change: HandChange
    before: dict[str, Any] | None
    after: dict[str, Any] | None


def change_views(db: Session, hand: Hand, players: Sequence[Player]) -> list[ChangeView]:
    """What a hand was and became, oldest change first, each under current names."""
    names = {id_of(p): p.name for p in players}
    rows = db.exec(
        select(HandChange).where(HandChange.hand_id == hand.id).order_by(col(HandChange.id))
    ).all()
    views = []
    for row in rows:
        before, after = (
            None if text is None else named(text, names)
            for text in (row.before_json, row.after_json)
        )
        views.append(ChangeView(row, before, after))
    return views
