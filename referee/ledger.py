"""The night's ledger, read: tables, seats, rules versions, hands and the tally.

Every change is written by `referee.commands`; what is read here is what it stored:
each hand settled by `referee.scoring.settle` under the rules version in force, with
its settlement, each player's net and its history.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from referee import exact_json
from referee.models import (
    GameTable,
    Hand,
    HandChange,
    HandNet,
    Player,
    RulesVersion,
    TurnMark,
)
from referee.rules import HouseRules, Outcome, parse_outcome
from referee.rules.deal import first_player, next_dealer
from referee.scoring import Settlement, settle

Standing = tuple[int, int]  # a player's (cents, points) so far tonight


def cents(amount: Decimal) -> int:
    """An exact amount in whole cents (amounts never have more than 2 decimals)."""
    return int(amount * 100)


def from_cents(value: int) -> Decimal:
    return Decimal(value) / 100


# Tables and players


def load_table(db: Session, table_id: int) -> GameTable | None:
    return db.get(GameTable, table_id)


def tables_by_id(db: Session, ids: Sequence[int]) -> list[GameTable]:
    """The tables this browser has opened, newest first."""
    found = db.exec(select(GameTable).where(GameTable.id.in_(ids))).all()
    return sorted(found, key=lambda table: -table.id)


def players_of(db: Session, table: GameTable) -> list[Player]:
    """Everyone who sat at the table tonight, in seating order."""
    return list(
        db.exec(select(Player).where(Player.table_id == table.id).order_by(Player.seat)).all()
    )


def seated(players: Sequence[Player]) -> list[Player]:
    return [p for p in players if p.seated]


def marks_in_play(db: Session, table: GameTable) -> list[TurnMark]:
    """The scorekeeper's marks of the hand still to be saved, in the order made."""
    return list(
        db.exec(
            select(TurnMark)
            .where(TurnMark.table_id == table.id, TurnMark.hand_no == next_hand_no(db, table))
            .order_by(TurnMark.id)
        ).all()
    )


# Rules


def current_rules(db: Session, table: GameTable) -> tuple[RulesVersion, HouseRules]:
    """The rules in force now: the newest version."""
    version = db.exec(
        select(RulesVersion)
        .where(RulesVersion.table_id == table.id)
        .order_by(RulesVersion.number.desc())
    ).first()
    return version, rules_of(version)


def rules_of(version: RulesVersion) -> HouseRules:
    return HouseRules.from_json(exact_json.loads(version.rules_json))


# Hands


@dataclass(frozen=True)
class Deal:
    """Who deals the next hand and who plays first."""

    dealer: Player
    first: Player


def next_deal(db: Session, table: GameTable, players: Sequence[Player]) -> Deal:
    """The deal passes to the left after every hand, draws included; voided hands do not count."""
    last = db.exec(
        select(Hand.dealer_id)
        .where(Hand.table_id == table.id, Hand.void == False)  # noqa: E712
        .order_by(Hand.no.desc())
    ).first()
    by_id = {p.id: p for p in players}
    order = [p.id for p in players]
    at_table = [p.id for p in players if p.seated]
    dealer_id = next_dealer(order, at_table, last, table.first_dealer_id)
    first_id = first_player(at_table, dealer_id)
    return Deal(by_id[dealer_id], by_id[first_id])


def preview(
    rules: HouseRules, players: Sequence[Player], outcome: Mapping[str, Any]
) -> tuple[Outcome, Settlement]:
    """Settle without storing: what the hand form shows before the tap on Save."""
    typed = parse_outcome(outcome)
    return typed, settle(rules, [p.name for p in players], typed)


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
    found = {p.id: p for p in db.exec(select(Player).where(Player.id.in_(ids))).all()}
    return [found[i] for i in ids]


def rules_of_hand(db: Session, hand: Hand) -> HouseRules:
    """The rules a hand was played under (later changes of rules do not touch it)."""
    return rules_of(db.get(RulesVersion, hand.rules_version_id))


def hand_by_no(db: Session, table: GameTable, no: int) -> Hand | None:
    return db.exec(select(Hand).where(Hand.table_id == table.id, Hand.no == no)).first()


def hand_count(db: Session, table: GameTable) -> int:
    """Hands played (voided ones not counted)."""
    return db.exec(
        select(func.count()).where(Hand.table_id == table.id, Hand.void == False)  # noqa: E712
    ).one()


def recent_hands(db: Session, table: GameTable, limit: int, offset: int = 0) -> list[Hand]:
    """Hands newest first, voided ones included (they stay in the history)."""
    return list(
        db.exec(
            select(Hand)
            .where(Hand.table_id == table.id)
            .order_by(Hand.no.desc())
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
    """Stored hands with names brought up to date (a rename changes the past's labels only)."""
    current = {p.id: p.name for p in players}
    views = []
    for hand in hands:
        settlement = exact_json.loads(hand.settlement_json)
        # The settlement's net lists the hand's players in seating order, as named then.
        now_named = _now_named(list(settlement["net"]), hand, current)
        views.append(
            HandView(
                hand,
                current[hand.dealer_id],
                _outcome_renamed(exact_json.loads(hand.outcome_json), now_named),
                _settlement_renamed(settlement, now_named),
            )
        )
    return views


def _now_named(names_then: Sequence[str], hand: Hand, current: Mapping[int, str]) -> dict:
    """{name then: name now} for the players of a hand, matched by seat."""
    seats = json.loads(hand.seats_json)
    return {then: current[seat] for then, seat in zip(names_then, seats, strict=True)}


def _outcome_renamed(outcome: dict[str, Any], now: Mapping[str, str]) -> dict[str, Any]:
    """A stored outcome with each player under their current name (other words untouched)."""
    renamed = dict(outcome)
    for key in ("player", "last_draw"):
        if key in renamed:
            renamed[key] = now[renamed[key]]
    if "totals" in renamed:
        renamed["totals"] = {now[name]: total for name, total in renamed["totals"].items()}
    return renamed


def _settlement_renamed(settlement: dict[str, Any], now: Mapping[str, str]) -> dict[str, Any]:
    """A stored settlement with each player under their current name."""
    points = settlement["points"]
    return {
        **settlement,
        "winners": [now[name] for name in settlement["winners"]],
        "payments": [
            {**row, "from": now[row["from"]], "to": now[row["to"]]}
            for row in settlement["payments"]
        ],
        "net": {now[name]: amount for name, amount in settlement["net"].items()},
        "points": None if points is None else {now[n]: v for n, v in points.items()},
    }


@dataclass(frozen=True)
class ChangeView:
    """One line of a hand's history, with outcomes under current names."""

    change: HandChange
    before: dict[str, Any] | None
    after: dict[str, Any] | None


def change_views(db: Session, hand: Hand, players: Sequence[Player]) -> list[ChangeView]:
    """What a hand was and became, oldest change first, each under current names."""
    current = {p.id: p.name for p in players}
    rows = db.exec(
        select(HandChange).where(HandChange.hand_id == hand.id).order_by(HandChange.id)
    ).all()
    views = []
    for row in rows:
        now_named = _now_named(json.loads(row.names_json), hand, current)
        before, after = (
            None if text is None else _outcome_renamed(exact_json.loads(text), now_named)
            for text in (row.before_json, row.after_json)
        )
        views.append(ChangeView(row, before, after))
    return views


# The tally


def tally(db: Session, table: GameTable) -> dict[int, Standing]:
    """Each player's (cents, points) over every hand not voided: one SUM, not a loop."""
    rows = db.exec(
        select(HandNet.player_id, func.sum(HandNet.cents), func.sum(HandNet.points))
        .join(Hand, Hand.id == HandNet.hand_id)
        .where(Hand.table_id == table.id, Hand.void == False)  # noqa: E712
        .group_by(HandNet.player_id)
        .order_by(HandNet.player_id)  # PostgreSQL groups in no set order
    ).all()
    return {player_id: (total, points) for player_id, total, points in rows}


def running_tally(
    db: Session, table: GameTable, most: int
) -> list[tuple[int, dict[int, Standing]]]:
    """(hand no, {player id: (cents, points) so far}) at no more than `most` points of the
    night, evenly spread and ending with the last hand: the chart, and at its end the tally.

    Hands are summed in groups by the database in one pass, so a night of 1,000 hands
    sends a few hundred rows, not every player's every hand.
    """
    played = Hand.table_id == table.id, Hand.void == False  # noqa: E712
    last = db.exec(select(func.max(Hand.no)).where(*played)).one()
    if last is None:
        return []
    step = -(-last // most)
    group = ((Hand.no - 1) // step).label("grp")
    rows = db.exec(
        select(
            group,
            func.max(Hand.no),
            HandNet.player_id,
            func.sum(HandNet.cents),
            func.sum(HandNet.points),
        )
        .join(Hand, Hand.id == HandNet.hand_id)
        .where(*played)
        .group_by(group, HandNet.player_id)
        .order_by(group)
    ).all()
    series: list[tuple[int, dict[int, Standing]]] = []
    current, end, running = None, 0, {}
    for grp, grp_end, player_id, cents_sum, points_sum in rows:
        if grp != current:
            if current is not None:
                series.append((end, dict(running)))
            current, end = grp, 0
        end = max(end, grp_end)
        cents_so_far, points_so_far = running.get(player_id, (0, 0))
        running[player_id] = (cents_so_far + cents_sum, points_so_far + points_sum)
    series.append((end, dict(running)))
    return series


def standings(players: Sequence[Player], totals: Mapping[int, Standing]) -> list[dict]:
    """Each player who played tonight, with their money and points so far."""
    return [
        {
            "player": p,
            "amount": from_cents(totals.get(p.id, (0, 0))[0]),
            "points": totals.get(p.id, (0, 0))[1],
        }
        for p in players
    ]
