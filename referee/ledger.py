"""The night's ledger: tables, seats, rules versions and hands, written through the engine.

Every hand is settled by `referee.scoring.settle` under the rules version in force
and stored with its settlement and each player's net; an edit re-settles it under
the rules it was played with; nothing is deleted, and every change is kept in the
hand's history.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from referee import exact_json
from referee.access import new_token
from referee.models import (
    GameTable,
    Hand,
    HandChange,
    HandNet,
    Player,
    RulesVersion,
    TurnMark,
    now,
)
from referee.rules import HouseRules, Outcome, Refusal, check_players, parse_outcome, rules_from
from referee.rules.deal import first_player, next_dealer
from referee.rules.limits import (
    DEFAULT_TABLE_NAME,
    MAX_PLAYERS,
    MAX_PLAYERS_IN_A_NIGHT,
    check_table_name,
)
from referee.rules.outcome import check_name
from referee.scoring import Settlement, settle

Standing = tuple[int, int]  # a player's (cents, points) so far tonight


def cents(amount: Decimal) -> int:
    """An exact amount in whole cents (amounts never have more than 2 decimals)."""
    return int(amount * 100)


def from_cents(value: int) -> Decimal:
    return Decimal(value) / 100


# Tables and players


def create_table(
    db: Session,
    *,
    name: str,
    players: Sequence[str],
    preset_name: str,
    changes: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
) -> GameTable:
    """A new table with its players in seating order and its first rules version."""
    names = check_players(list(players))
    rules = rules_from(preset_name, changes)
    name = check_table_name(name, blank=DEFAULT_TABLE_NAME)
    table = GameTable(
        name=name,
        scorekeeper_token=new_token(),
        watch_token=new_token(),
    )
    db.add(table)
    db.flush()
    seated = [Player(table_id=table.id, name=n, seat=i) for i, n in enumerate(names)]
    db.add_all(seated)
    db.flush()
    table.first_dealer_id = seated[first_dealer % len(seated)].id
    _add_rules_version(db, table, preset_name, rules)
    db.commit()
    return table


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


def set_first_dealer(db: Session, table: GameTable, player: Player) -> None:
    table.first_dealer_id = player.id
    reseated(db, table)


def seated(players: Sequence[Player]) -> list[Player]:
    return [p for p in players if p.seated]


def rename_player(db: Session, table: GameTable, player: Player, name: str) -> None:
    """A new name for a player (tally and history follow the player, not the name)."""
    others = [p.name for p in players_of(db, table) if p.id != player.id]
    check_name(name)
    if name.casefold() in {n.casefold() for n in others}:
        raise Refusal(f"name: {name!r} is already at this table", field="name", player=name)
    player.name = name
    touch(db, table)


def move_player(db: Session, table: GameTable, player: Player, step: int) -> None:
    """Swap a player with the one before (-1) or after (+1) in seating order."""
    order = players_of(db, table)
    index = next(i for i, p in enumerate(order) if p.id == player.id)
    other = index + step
    if 0 <= other < len(order):
        order[index].seat, order[other].seat = order[other].seat, order[index].seat
        reseated(db, table)


def leave(db: Session, table: GameTable, player: Player) -> None:
    """A player leaves between hands; they stay in the tally and the settle-up."""
    if len(seated(players_of(db, table))) <= 2:
        raise Refusal(
            f"{player.name} cannot leave: a table needs at least 2 players",
            field="players",
            player=player.name,
        )
    player.seated = False
    reseated(db, table)


def sit_in(db: Session, table: GameTable, name: str) -> Player:
    """A new player sits in at the end of the seating order, or one who left comes back."""
    everyone = players_of(db, table)
    if len(seated(everyone)) >= MAX_PLAYERS:
        raise Refusal(f"name: at most {MAX_PLAYERS} players sit at a table", field="name")
    returning = next((p for p in everyone if p.name.casefold() == name.strip().casefold()), None)
    if returning is not None:
        if returning.seated:
            raise Refusal(f"name: {returning.name} is already seated", field="name")
        returning.seated = True
        reseated(db, table)
        return returning
    if len(everyone) >= MAX_PLAYERS_IN_A_NIGHT:
        raise Refusal(f"name: at most {MAX_PLAYERS_IN_A_NIGHT} players in one night", field="name")
    check_name(name)
    player = Player(table_id=table.id, name=name, seat=max(p.seat for p in everyone) + 1)
    db.add(player)
    reseated(db, table)
    return player


def reseated(db: Session, table: GameTable) -> None:
    """The order of play changed: the marks of the hand in play were taken over the old
    order, so they go (its turns start again from the first player); then commit."""
    for mark in marks_in_play(db, table):
        db.delete(mark)
    touch(db, table)


def marks_in_play(db: Session, table: GameTable) -> list[TurnMark]:
    """The scorekeeper's marks of the hand still to be saved, in the order made."""
    return list(
        db.exec(
            select(TurnMark)
            .where(TurnMark.table_id == table.id, TurnMark.hand_no == next_hand_no(db, table))
            .order_by(TurnMark.id)
        ).all()
    )


def touch(db: Session, table: GameTable) -> None:
    """Count the change and commit it: a watching phone sees it on its next poll."""
    table.count_change()
    db.add(table)
    db.commit()


# Rules


def _add_rules_version(db: Session, table: GameTable, preset_name: str, rules: HouseRules) -> None:
    number = (
        db.exec(
            select(func.max(RulesVersion.number)).where(RulesVersion.table_id == table.id)
        ).one()
        or 0
    )
    db.add(
        RulesVersion(
            table_id=table.id,
            number=number + 1,
            preset=preset_name,
            rules_json=exact_json.dumps(rules.to_json()),
        )
    )


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


def change_rules(db: Session, table: GameTable, preset_name: str, rules: HouseRules) -> None:
    """New rules for the hands entered from now on; earlier hands keep theirs."""
    lock(db, table)  # two changes at once must not take the same version number
    _add_rules_version(db, table, preset_name, rules)
    touch(db, table)


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


class StaleHand(Exception):
    """An edit of a hand someone else changed meanwhile: the current hand is attached."""

    def __init__(self, hand: Hand):
        super().__init__(f"hand {hand.no} was changed meanwhile; it is now version {hand.version}")
        self.hand = hand


def lock(db: Session, table: GameTable) -> None:
    """Writes to one table queue here (PostgreSQL row lock; SQLite writes begin IMMEDIATE),
    so hand numbers never clash and a version check cannot race."""
    db.exec(select(GameTable.id).where(GameTable.id == table.id).with_for_update()).one()


def hand_by_entry_key(db: Session, table: GameTable, entry_key: str) -> Hand | None:
    return db.exec(
        select(Hand).where(Hand.table_id == table.id, Hand.entry_key == entry_key)
    ).first()


def record_hand(
    db: Session,
    table: GameTable,
    dealer: Player,
    outcome: Mapping[str, Any],
    *,
    entry_key: str | None = None,
    by: str = "",
    note: str | None = None,
) -> Hand:
    """Settle a new hand under the rules in force, store it, its nets and its first history
    line (`note`: why the scorekeeper recorded it over a rule). Exactly once: the same
    `entry_key` again (a double tap, a retry after a dropped connection) returns the hand
    it entered the first time."""
    lock(db, table)
    if entry_key is not None:
        earlier = hand_by_entry_key(db, table, entry_key)
        if earlier is not None:
            db.rollback()
            return earlier
    version, rules = current_rules(db, table)
    at_table = seated(players_of(db, table))
    typed, settlement = preview(rules, at_table, outcome)
    hand = Hand(
        table_id=table.id,
        no=next_hand_no(db, table),
        entry_key=entry_key,
        note=note,
        rules_version_id=version.id,
        dealer_id=dealer.id,
        seats_json=json.dumps([p.id for p in at_table]),
        outcome_json=exact_json.dumps(typed.to_json()),
        settlement_json=exact_json.dumps(settlement.to_json()),
    )
    db.add(hand)
    db.flush()
    _store_nets(db, hand, at_table, settlement)
    db.add(
        HandChange(
            hand_id=hand.id,
            action="entered",
            by=by,
            names_json=_names(at_table),
            after_json=hand.outcome_json,
        )
    )
    touch(db, table)
    return hand


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


def _current(db: Session, table: GameTable, hand: Hand, version: int) -> None:
    """Lock the table, reread the hand, and refuse when it is not the version being changed."""
    lock(db, table)
    db.exec(select(Hand).where(Hand.id == hand.id).execution_options(populate_existing=True)).one()
    if hand.version != version:
        raise StaleHand(hand)


def edit_hand(
    db: Session,
    table: GameTable,
    hand: Hand,
    outcome: Mapping[str, Any],
    dealer: Player,
    *,
    version: int,
    by: str = "",
) -> Hand:
    """Re-settle a hand under the rules it was played with, keeping what it was; refused
    (StaleHand) when someone changed it since `version` was shown."""
    _current(db, table, hand, version)
    rules = rules_of_hand(db, hand)
    players = hand_players(db, hand)
    typed, settlement = preview(rules, players, outcome)
    # What it was, under the names of now, like everything else in this change.
    then = list(exact_json.loads(hand.settlement_json)["net"])
    now_named = _now_named(then, hand, {p.id: p.name for p in players})
    was = _outcome_renamed(exact_json.loads(hand.outcome_json), now_named)
    before = exact_json.dumps(was)
    after = typed.to_json()
    if (was["kind"], was.get("player")) != (after["kind"], after.get("player")):
        hand.note = None  # it said why that player's drop stood; this is another outcome
    hand.outcome_json = exact_json.dumps(after)
    hand.settlement_json = exact_json.dumps(settlement.to_json())
    hand.dealer_id = dealer.id
    hand.version += 1
    hand.updated_at = now()
    for net in db.exec(select(HandNet).where(HandNet.hand_id == hand.id)).all():
        db.delete(net)
    db.flush()
    _store_nets(db, hand, players, settlement)
    db.add(
        HandChange(
            hand_id=hand.id,
            action="edited",
            by=by,
            names_json=_names(players),
            before_json=before,
            after_json=hand.outcome_json,
        )
    )
    db.add(hand)
    touch(db, table)
    return hand


def void_hand(db: Session, table: GameTable, hand: Hand, *, version: int, by: str = "") -> Hand:
    """Take a hand out of the tally; it stays in the history, marked void."""
    _current(db, table, hand, version)
    if not hand.void:
        hand.void = True
        hand.version += 1
        hand.updated_at = now()
        names = list(exact_json.loads(hand.settlement_json)["net"])
        db.add(
            HandChange(
                hand_id=hand.id,
                action="voided",
                by=by,
                names_json=json.dumps(names),
                before_json=hand.outcome_json,
            )
        )
        db.add(hand)
        touch(db, table)
    return hand


def _names(players: Sequence[Player]) -> str:
    return json.dumps([p.name for p in players])


def _store_nets(db: Session, hand: Hand, players: Sequence[Player], settlement: Settlement) -> None:
    for player in players:
        db.add(
            HandNet(
                hand_id=hand.id,
                player_id=player.id,
                cents=cents(settlement.net[player.name]),
                points=(settlement.points or {}).get(player.name, 0),
            )
        )


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
