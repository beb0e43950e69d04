"""The one door for every change: the only code that writes a table's data.

Pages, the API, the importer and the CLI call these functions and nothing else to change
a table, so a rule checked here is checked at every door: a drop by a player who must
still wait, or out of turn, is refused (or recorded with its note when the scorekeeper
overrides it), a one-time entry key enters its hand once, rules are saved only when they
changed. Each function queues on the table's lock, decides on what it reads after it,
writes, and commits. (The count of wrong link guesses, kept to slow down guessers, is no
table's data: `referee.web.access` keeps it.)
"""

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import Any

from sqlalchemy import delete, func, insert
from sqlmodel import Session, col, select

from referee import exact_json
from referee.documents import import_checks
from referee.documents.import_plan import HandPlan, TablePlan
from referee.games import (
    DEFAULT_GAME,
    GAMES,
    Ending,
    Game,
    Rules,
    Seats,
    Turns,
    game_named,
    table_game_named,
)
from referee.rules import Refusal
from referee.rules.limits import MAX_PLAYERS_IN_A_NIGHT
from referee.rules.names import check_table_name, new_names, tidy
from referee.rules.players import check_name
from referee.rules.said import said
from referee.rules.table_unit import check_unit_kept
from referee.rules.tonk.waiting import MARK_KINDS, TURN, TurnState
from referee.scoring import Settlement
from referee.store import night, turns
from referee.store.hands import (
    hand_by_entry_key,
    hand_players,
    next_hand_no,
    preview,
    why_not_undone,
)
from referee.store.models import (
    RECOUNTED,
    GameTable,
    Hand,
    HandChange,
    HandNet,
    Player,
    RulesVersion,
    RunningTally,
    TurnMark,
    id_of,
    now,
)
from referee.store.rules_versions import current_rules, game_of, rules_of_hand
from referee.store.seating import next_deal, players_of, seated
from referee.store.stored_form import named, stored
from referee.store.tally import cents
from referee.store.turns import marks_in_play
from referee.web import access

# Every write queues and counts


def lock(db: Session, table: GameTable) -> None:
    """Writes to one table queue here (PostgreSQL row lock; SQLite writes begin IMMEDIATE),
    so hand numbers never clash and a version check cannot race."""
    db.exec(select(GameTable.id).where(GameTable.id == table.id).with_for_update()).one()


def touch(db: Session, table: GameTable) -> None:
    """Count the change and commit it: a watching phone sees it on its next poll."""
    table.count_change()
    db.add(table)
    db.commit()


def _seats(db: Session, table: GameTable) -> list[Player]:
    """Lock the table, then read everyone who sat there afresh: a change of seats decides on
    the seats as they are now, not as this phone loaded them before another phone's change
    (two players leaving at once must not leave one player at the table)."""
    lock(db, table)
    return list(
        db.exec(
            select(Player)
            .where(Player.table_id == table.id)
            .order_by(col(Player.seat))
            .execution_options(populate_existing=True)
        ).all()
    )


def _reseated(db: Session, table: GameTable) -> None:
    """The order of play changed: the marks of the hand in play were taken over the old
    order, so they go (its turns start again from the first player); then commit."""
    for mark in marks_in_play(db, table):
        db.delete(mark)
    touch(db, table)


# A table and its seats


def start_table(
    db: Session,
    *,
    name: str,
    players: Sequence[str],
    preset_name: str,
    changes: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
    game: str = DEFAULT_GAME,
) -> GameTable:
    """A new table of `game` with its players in seating order and its first rules version
    (a preset of that game); a game there is not is refused on the field `game`."""
    kind = table_game_named(game)
    rules = kind.seated_rules(_rules_from(kind, preset_name, changes), list(players))
    names = new_names(kind.check_seats(rules, list(players)))
    name = check_table_name(name, blank=kind.table_name)
    table = GameTable(
        name=name,
        game=game,
        scorekeeper_token=access.new_token(),
        watch_token=access.new_token(),
    )
    db.add(table)
    db.flush()
    seated = [Player(table_id=id_of(table), name=n, seat=i) for i, n in enumerate(names)]
    db.add_all(seated)
    db.flush()
    table.first_dealer_id = seated[first_dealer % len(seated)].id
    _add_rules_version(db, table, preset_name, rules)
    db.commit()
    return table


def _rules_from(game: Game, preset_name: object, changes: object) -> Rules:
    """A preset of `game` with `changes` on top. A preset of another game is refused in
    words that say whose it is (a table plays its own game's rules, and none is put in its
    place unsaid); any other name the game refuses itself."""
    owners = [
        g for g in GAMES.values() if isinstance(preset_name, str) and preset_name in g.presets
    ]
    if owners and game not in owners:
        raise Refusal(
            said(
                "preset: {preset} is a preset of {owner}; a table of {game} starts from one "
                "of its own: {names}",
                preset=repr(preset_name),
                owner=owners[0].name.title(),
                game=game.name.title(),
                names=", ".join(game.presets),
            ),
            field="preset",
        )
    return game.rules_from(preset_name, changes)


def set_first_dealer(db: Session, table: GameTable, player: Player) -> None:
    """Who deals the first hand (the cut for the deal, or the one named at the start)."""
    lock(db, table)
    table.first_dealer_id = player.id
    _reseated(db, table)


def rename_player(db: Session, table: GameTable, player: Player, name: str) -> None:
    """A new name for a player (tally and history follow the player, not the name)."""
    others = [p.name for p in _seats(db, table) if p.id != player.id]
    check_name(name)
    if name.casefold() in {n.casefold() for n in others}:
        raise Refusal(f"name: {name!r} is already at this table", field="name", player=name)
    (player.name,) = new_names([name], others, field="name")
    touch(db, table)


def move_player(db: Session, table: GameTable, player: Player, step: int) -> None:
    """Swap a player with the one before (-1) or after (+1) in seating order."""
    order = _seats(db, table)
    index = next(i for i, p in enumerate(order) if p.id == player.id)
    other = index + step
    if 0 <= other < len(order):
        order[index].seat, order[other].seat = order[other].seat, order[index].seat
        _reseated(db, table)


def leave(db: Session, table: GameTable, player: Player) -> None:
    """A player leaves between hands; they stay in the tally and the settle-up. Refused when
    it would leave fewer players than the game's rules in force seat."""
    everyone = _seats(db, table)  # takes the table's lock first
    seats = _seats_now(db, table)
    if len(seated(everyone)) <= seats.fewest:
        raise Refusal(
            f"{player.name} cannot leave: {seats.too_few}", field="players", player=player.name
        )
    player.seated = False
    _reseated(db, table)


def sit_in(db: Session, table: GameTable, name: str) -> Player:
    """A new player sits in at the end of the seating order, or one who left comes back;
    refused when the game's rules in force seat no more players."""
    everyone = _seats(db, table)
    if len(seated(everyone)) >= _seats_now(db, table).most:
        raise Refusal(f"name: {_seats_now(db, table).too_many}", field="name", player=tidy(name))
    returning = next((p for p in everyone if p.name.casefold() == tidy(name).casefold()), None)
    if returning is not None:
        if returning.seated:
            raise Refusal(f"name: {returning.name} is already seated", field="name")
        returning.seated = True
        _reseated(db, table)
        return returning
    if len(everyone) >= MAX_PLAYERS_IN_A_NIGHT:
        raise Refusal(f"name: at most {MAX_PLAYERS_IN_A_NIGHT} players in one night", field="name")
    check_name(name)
    (name,) = new_names([name], [p.name for p in everyone], field="name")
    player = Player(table_id=id_of(table), name=name, seat=max(p.seat for p in everyone) + 1)
    db.add(player)
    _reseated(db, table)
    return player


def _seats_now(db: Session, table: GameTable) -> Seats:
    """How many players the table's game seats under the rules in force."""
    _, rules = current_rules(db, table)
    return game_of(table).seats(rules)


def rotate_link(db: Session, table: GameTable, role: str) -> None:
    """A new link for `role`; the old one, and every session it opened, stop working."""
    lock(db, table)
    if role == access.SCOREKEEPER:
        table.scorekeeper_token = access.new_token()
        table.scorekeeper_gen += 1
    else:
        table.watch_token = access.new_token()
        table.watch_gen += 1
    touch(db, table)


# The house rules


def _add_rules_version(db: Session, table: GameTable, preset_name: str, rules: Rules) -> None:
    """The next version of the table's rules, stored as JSON (`to_json`, every option): rules
    set now come from the game's `rules_from`, so they are of its current form (Tonk's
    `to_stored` differs only for rules read back from before its house rules version 2)."""
    number = (
        db.exec(
            select(func.max(RulesVersion.number)).where(RulesVersion.table_id == table.id)
        ).one()
        or 0
    )
    db.add(
        RulesVersion(
            table_id=id_of(table),
            number=number + 1,
            preset=preset_name,
            rules_json=exact_json.dumps(rules.to_json()),
        )
    )


def change_rules(
    db: Session, table: GameTable, preset_name: str | None, changes: Mapping[str, Any] | None
) -> bool:
    """New rules for the hands entered from now on (earlier hands keep theirs): `preset_name`
    (None: the preset in force) with `changes` on top. Saved only when they differ from the
    rules in force, so the same rules again make no new version. Whether they were saved.
    The unit is refused once a hand is played (referee.rules.table_unit).

    The preset in force is read under the lock: a change that names no preset keeps the one
    another phone has just chosen, instead of undoing it."""
    lock(db, table)  # two changes at once must not take the same version number
    version, in_force = current_rules(db, table)
    preset_name = preset_name or version.preset
    try:
        rules = _rules_from(game_of(table), preset_name, changes)
        if next_hand_no(db, table) > 1:  # a hand is played, or was and is void: it is counted
            check_unit_kept(in_force.unit, rules.unit)
    except Refusal:
        db.rollback()
        raise
    if rules == in_force and preset_name == version.preset:
        db.rollback()
        return False
    _add_rules_version(db, table, preset_name, rules)
    touch(db, table)
    return True


# Marks of the hand in play


def _unchanged(db: Session, table: GameTable, seen: int) -> bool:
    """Lock the table, then check the screen that was tapped showed every mark."""
    lock(db, table)
    if len(marks_in_play(db, table)) != seen:
        db.rollback()
        return False
    return True


def mark_turn(
    db: Session, table: GameTable, kind: str, player: Player | None, *, seen: int
) -> bool:
    """Store one mark of the hand in play; False (nothing stored) on a stale screen."""
    if kind not in MARK_KINDS or (player is None) != (kind == TURN):
        raise ValueError(f"a {kind!r} mark with player {player!r} is not a mark")
    if seen >= turns.MAX_MARKS or not _unchanged(db, table, seen):
        return False
    db.add(
        TurnMark(
            table_id=id_of(table),
            hand_no=next_hand_no(db, table),
            kind=kind,
            player_id=player.id if player else None,
        )
    )
    touch(db, table)
    return True


def undo_mark(db: Session, table: GameTable, *, seen: int) -> bool:
    """Take back the latest mark of the hand in play; False on a stale screen or none."""
    if seen == 0 or not _unchanged(db, table, seen):
        return False
    db.delete(marks_in_play(db, table)[-1])
    touch(db, table)
    return True


# Hands


def wait_note(
    table: GameTable,
    rules: Rules,
    waiting: TurnState | None,
    outcome: Mapping[str, Any],
    *,
    override: bool,
) -> str | None:
    """The note a new hand keeps when it stands over a wait of the game's turns (Tonk 2.9:
    a drop while waiting, or out of turn); refused (the rule's own words, on the field
    player) unless the scorekeeper overrides it. None for any other hand, or when nothing
    can be refused here (`waiting` is None)."""
    game = game_of(table)
    if waiting is None or not isinstance(game, Turns):
        return None
    broken = game.broken_wait(rules, waiting, outcome)
    if broken is None:
        return None
    refusal, note = broken
    if not override:
        raise refusal
    return note


@dataclass(frozen=True)
class Entered:
    """A hand entered, and whether its entry key had already entered it (`again`)."""

    hand: Hand
    again: bool = False


class KeyReused(Refusal):
    """A one-time entry key sent again with another outcome than the one it entered: not a
    retry of that entry, so nothing is stored; the hand the key entered is attached."""

    def __init__(self, hand: Hand):
        super().__init__(
            f"entry_key: this entry was already saved as hand {hand.no}, with another outcome; "
            f"to change it, edit hand {hand.no}",
            field="entry_key",
        )
        self.hand = hand


def resent(
    db: Session,
    table: GameTable,
    entry_key: str | None,
    sent: Callable[[Hand], Mapping[str, Any] | None],
) -> Hand | None:
    """The hand a one-time entry key already entered, when this is a resend of that entry (a
    double tap, a resend after a dropped connection): it is answered with that hand, whatever
    the table is now. None when the key entered nothing yet (or there is no key); KeyReused
    when the key comes again with another outcome. Every door decides a resend here; a door
    reads what was sent, given the hand the key entered (`sent`: its outcome, read as the
    door's form was filled, or None when it cannot be that hand's), and writes nothing."""
    earlier = None if entry_key is None else hand_by_entry_key(db, table, entry_key)
    if earlier is None:
        return None
    outcome = sent(earlier)
    if outcome is None or not _entered_as(db, table, earlier, outcome):
        raise KeyReused(earlier)
    return earlier


def _entered_as(db: Session, table: GameTable, hand: Hand, outcome: Mapping[str, Any]) -> bool:
    """Whether `outcome` is the outcome `hand` was entered with (its first history line,
    by player id): a retry of that entry. One that is not an outcome at all is not. One
    naming a player the table no longer has by that name (renamed since the entry) cannot
    be compared, and is taken for the retry it most likely is, as before version 2."""
    first = db.exec(
        select(HandChange)
        .where(HandChange.hand_id == hand.id, HandChange.action == "entered")
        .order_by(col(HandChange.id))
    ).first()
    ids = {p.name: id_of(p) for p in players_of(db, table)}
    try:
        typed = game_of(table).outcome.read(outcome)
    except Refusal:
        return False
    try:
        again = stored(typed.to_json(), ids)
    except KeyError:
        return True
    entered = None if first is None or first.after_json is None else first.after_json
    return entered is not None and exact_json.loads(again) == exact_json.loads(entered)


class StaleHand(Exception):
    """An edit of a hand someone else changed meanwhile, or voided: the current hand is
    attached, so the door can show it as it is now."""

    def __init__(self, hand: Hand):
        if hand.void:
            why = f"hand {hand.no} is void; a void hand cannot be changed"
        else:
            why = f"hand {hand.no} was changed meanwhile; it is now version {hand.version}"
        super().__init__(why)
        self.hand = hand


class PayoutMoved(Refusal):
    """The payout a phone showed is not what the hand settles to now, under the table's
    lock: another phone changed an earlier game of the night (the pot, the run) or the
    rules in between. Nothing is stored; the phone checks the payout again."""

    def __init__(self) -> None:
        super().__init__(
            "form: the payout changed since it was checked (another phone changed the night "
            "or the rules); nothing was saved: check the payout again, then save",
            field="form",
        )


def _as_shown(db: Session, settlement: Settlement, shown: Mapping[str, Any] | None) -> None:
    """Refuse (PayoutMoved, nothing written) a settlement other than the one shown."""
    if shown is not None and settlement.to_json() != shown:
        db.rollback()
        raise PayoutMoved()


def enter_hand(
    db: Session,
    table: GameTable,
    outcome: Mapping[str, Any],
    *,
    dealer: Player | None = None,
    entry_key: str | None = None,
    by: str = "",
    override: bool = False,
    shown: Mapping[str, Any] | None = None,
) -> Entered:
    """Settle a new hand under the rules in force and store it, its nets and its first
    history line; dealt by `dealer`, or by whoever deals next. Exactly once: the same
    `entry_key` again (a double tap, a retry after a dropped connection) returns the hand
    it entered the first time. A drop by a player who must still wait, or out of turn, is
    refused unless `override`, and then the hand keeps a note saying which rule was set aside.
    `shown`: the settlement the scorekeeper saw; refused (PayoutMoved) when it is not the one
    this hand settles to now (another phone changed the night of a game that carries state,
    or the rules, in between)."""
    lock(db, table)
    try:
        earlier = resent(db, table, entry_key, lambda _: outcome)
    except KeyReused:
        db.rollback()
        raise
    if earlier is not None:
        db.rollback()
        return Entered(earlier, again=True)
    version, rules = current_rules(db, table)
    everyone = players_of(db, table)
    at_table = seated(everyone)
    deal = next_deal(db, table, everyone)
    waiting = turns.drop_waits(db, table, rules, everyone, deal, outcome.get("kind"))
    note = wait_note(table, rules, waiting, outcome, override=override)
    typed, settlement = preview(db, table, rules, at_table, outcome, dealer=dealer or deal.dealer)
    _as_shown(db, settlement, shown)
    hand = _write_hand(
        db,
        table,
        no=next_hand_no(db, table),
        rules_version=version,
        dealer=dealer or deal.dealer,
        seats=at_table,
        names=[p.name for p in at_table],
        outcome=typed,
        settlement=settlement,
        entry_key=entry_key,
        note=note,
    )
    _write_change(db, hand, "entered", by=by, after=hand.outcome_json)
    touch(db, table)
    return Entered(hand)


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
    shown: Mapping[str, Any] | None = None,
) -> bool:
    """Re-settle a hand under the rules it was played with, keeping what it was; refused
    (StaleHand) when someone changed it since `version` was shown, or when it is void, and
    (PayoutMoved) when it no longer settles to the settlement `shown`. Whether it changed:
    the same outcome, dealer and payout again write nothing (no new version, no history
    line whose "was" and "now" are the same), at every door."""
    _current(db, table, hand, version)
    if hand.void:
        raise StaleHand(hand)
    rules = rules_of_hand(db, table, hand)
    players = hand_players(db, hand)
    typed, settlement = preview(db, table, rules, players, outcome, hand=hand, dealer=dealer)
    _as_shown(db, settlement, shown)
    ids = {p.name: id_of(p) for p in players}
    before = hand.outcome_json
    was, after = named(before, {i: name for name, i in ids.items()}), typed.to_json()
    if _as_stored(hand, stored(after, ids), dealer, stored(settlement.to_json(), ids)):
        db.rollback()
        return False
    if (was["kind"], was.get("player")) != (after["kind"], after.get("player")):
        hand.note = None  # it said why that player's drop stood; this is another outcome
    hand.outcome_json = stored(after, ids)
    hand.dealer_id = id_of(dealer)
    hand.version += 1
    _settled_again(db, hand, players, settlement)
    _write_change(db, hand, "edited", by=by, before=before, after=hand.outcome_json)
    db.add(hand)
    _recount_after(db, table, hand, "edited")
    _tally_from(db, table, hand.no)
    touch(db, table)
    return True


def _as_stored(hand: Hand, outcome: str, dealer: Player, settlement: str) -> bool:
    """Whether a hand is stored with this outcome, dealer and settlement (stored form),
    compared as JSON: a hand stored by an earlier version may spell the same text otherwise."""
    return (
        hand.dealer_id == id_of(dealer)
        and exact_json.loads(hand.outcome_json) == exact_json.loads(outcome)
        and exact_json.loads(hand.settlement_json) == exact_json.loads(settlement)
    )


def void_hand(
    db: Session,
    table: GameTable,
    hand: Hand,
    *,
    version: int,
    by: str = "",
    undo_at: datetime | None = None,
) -> Hand:
    """Take a hand out of the tally; it stays in the history, marked void. `undo_at`: the
    time of a tap on the Undo of the message that saved it, which voids it only while it is
    the latest hand, as entered, and saved less than UNDO_MINUTES before (decided under the
    table's lock: a hand entered by another phone meanwhile is seen); else a Refusal naming
    the hand and the rule, and nothing is written."""
    if undo_at is not None:
        lock(db, table)
        db.refresh(hand)
        refusal = why_not_undone(db, table, hand, undo_at)
        if refusal is not None:
            db.rollback()
            raise refusal
    return _count_it(db, table, hand, version=version, by=by, counts=False)


def restore_hand(db: Session, table: GameTable, hand: Hand, *, version: int, by: str = "") -> Hand:
    """Undo a void: the hand counts again, as it was, and its history says so."""
    return _count_it(db, table, hand, version=version, by=by, counts=True)


def _count_it(
    db: Session, table: GameTable, hand: Hand, *, version: int, by: str, counts: bool
) -> Hand:
    """Void a hand or restore it (nothing to do when it already is as asked); refused
    (StaleHand) when someone changed it since `version` was shown. Its history keeps the
    outcome it leaves or takes back, and a Tongits night recounts the games after it."""
    _current(db, table, hand, version)
    if hand.void == counts:
        hand.void = not counts
        hand.version += 1
        hand.updated_at = now()
        action, outcome = ("restored" if counts else "voided"), hand.outcome_json
        before, after = (None, outcome) if counts else (outcome, None)
        _write_change(db, hand, action, by=by, before=before, after=after)
        db.add(hand)
        _recount_after(db, table, hand, action)
        _tally_from(db, table, hand.no)
        touch(db, table)
    return hand


def _recount_after(db: Session, table: GameTable, changed: Hand, action: str) -> None:
    """A game that carries state (Tongits) was edited, voided or restored: every game whose
    pot or run moved is stored again, nets included, and its history says after which hand
    (a restored game too, when games before it changed while it was void)."""
    if not night.carries_state(table):
        return
    db.flush()
    for hand, settlement in night.moved_after(db, table, changed):
        _settled_again(db, hand, hand_players(db, hand), settlement)
        _write_change(db, hand, RECOUNTED, by=f"hand {changed.no} {action}")


def _settled_again(
    db: Session, hand: Hand, players: Sequence[Player], settlement: Settlement
) -> None:
    """A stored hand's new settlement and nets (an edit, or a later game recounted)."""
    hand.settlement_json = stored(settlement.to_json(), {p.name: id_of(p) for p in players})
    hand.updated_at = now()
    for net in db.exec(select(HandNet).where(HandNet.hand_id == hand.id)).all():
        db.delete(net)
    db.flush()
    _store_nets(db, hand, players, [p.name for p in players], settlement)
    db.add(hand)


def _write_hand(
    db: Session,
    table: GameTable,
    *,
    seats: Sequence[Player],
    names: Sequence[str],
    settlement: Settlement,
    **fields: Any,
) -> Hand:
    """The one writer of an entered hand's rows: the hand (`_hand_row`), each player's
    net, and the running tally after it."""
    hand = _hand_row(table, seats=seats, names=names, settlement=settlement, **fields)
    db.add(hand)
    db.flush()
    _store_nets(db, hand, seats, names, settlement)
    _tally_from(db, table, hand.no)
    return hand


def _hand_row(
    table: GameTable,
    *,
    no: int,
    rules_version: RulesVersion,
    dealer: Player,
    seats: Sequence[Player],
    names: Sequence[str],
    outcome: Ending,
    settlement: Settlement,
    entry_key: str | None,
    note: str | None,
    void: bool = False,
    version: int = 1,
    created_at: datetime | None = None,
    updated_at: datetime | None = None,
) -> Hand:
    """A hand's row, for hand entry and the importer: settled under `names` (the names of
    `seats` when it was settled) and stored under their ids."""
    moment = now()
    ids = {name: id_of(p) for name, p in zip(names, seats, strict=True)}
    return Hand(
        table_id=id_of(table),
        no=no,
        entry_key=entry_key,
        note=note,
        rules_version_id=id_of(rules_version),
        dealer_id=id_of(dealer),
        seats_json=json.dumps([id_of(p) for p in seats]),
        outcome_json=stored(outcome.to_json(), ids),
        settlement_json=stored(settlement.to_json(), ids),
        void=void,
        version=version,
        created_at=created_at or moment,
        updated_at=updated_at or moment,
    )


def _store_nets(
    db: Session,
    hand: Hand,
    seats: Sequence[Player],
    names: Sequence[str],
    settlement: Settlement,
) -> None:
    """Each player's money and points in this hand, so the tally is one SUM."""
    db.add_all(HandNet(**row) for row in _net_rows(hand, seats, names, settlement))


def _tally_from(db: Session, table: GameTable, first: int) -> None:
    """The running tally (RunningTally) from hand `first` on, summed again from the stored
    nets of the hands not voided: for a new hand, its own rows, from the rows before it;
    after an edit, a void, a restore or a recount, the rows of every hand from the one
    changed on, which all moved with it."""
    db.flush()
    ours = col(RunningTally.table_id) == table.id
    latest = select(func.max(RunningTally.hand_no)).where(ours, RunningTally.hand_no < first)
    before = db.exec(
        select(
            RunningTally.player_id, RunningTally.cents, RunningTally.points, RunningTally.played
        ).where(ours, RunningTally.hand_no == latest.scalar_subquery())
    ).all()
    so_far = {player_id: (cents, points) for player_id, cents, points, _ in before}
    played = before[0][3] if before else 0
    db.exec(delete(RunningTally).where(ours, col(RunningTally.hand_no) >= first))
    nets = db.exec(
        select(Hand.no, HandNet.player_id, HandNet.cents, HandNet.points)
        .join(HandNet, col(HandNet.hand_id) == col(Hand.id))
        .where(Hand.table_id == table.id, col(Hand.no) >= first, Hand.void == False)  # noqa: E712
        .order_by(col(Hand.no))
    ).all()
    rows = []
    for no, hand in groupby(nets, key=lambda net: net[0]):
        played += 1
        for _, player_id, net_cents, net_points in hand:
            total, points = so_far.get(player_id, (0, 0))
            so_far[player_id] = (total + net_cents, points + net_points)
        rows += [
            {"table_id": id_of(table), "hand_no": no, "player_id": player_id,
             "cents": total, "points": points, "played": played}
            for player_id, (total, points) in so_far.items()
        ]  # fmt: skip
    if rows:  # through the connection: the session's bulk insert, a step a row, took 0.2 s
        db.connection().execute(insert(RunningTally), rows)


def _net_rows(
    hand: Hand, seats: Sequence[Player], names: Sequence[str], settlement: Settlement
) -> list[dict[str, Any]]:
    points = settlement.points or {}
    return [
        {
            "hand_id": id_of(hand),
            "player_id": id_of(player),
            "cents": cents(settlement.net[name]),
            "points": points.get(name, 0),
        }
        for player, name in zip(seats, names, strict=True)
    ]


def _write_change(
    db: Session,
    hand: Hand,
    action: str,
    *,
    by: str,
    before: str | None = None,
    after: str | None = None,
    at: datetime | None = None,
) -> None:
    """One line of a hand's history: the outcome before and after, in the stored form."""
    db.add(HandChange(**_change_row(hand, action, by, before, after, at)))


def _change_row(
    hand: Hand,
    action: str,
    by: str,
    before: str | None,
    after: str | None,
    at: datetime | None,
) -> dict[str, Any]:
    return {
        "hand_id": id_of(hand),
        "at": at or now(),
        "action": action,
        "by": by,
        "before_json": before,
        "after_json": after,
    }


# A table from its file


def import_table(db: Session, data: Any) -> GameTable:
    """A NEW table rebuilt from an exported document, with new share links; the document is
    checked whole first (referee.documents.import_checks), so a refused one writes nothing.
    Its hands are written by the same writer as hand entry."""
    plan = import_checks.check_document(data)
    _check_seated(plan)
    try:
        return _write_table(db, plan)
    except Exception:
        db.rollback()
        raise


def _check_seated(plan: TablePlan) -> None:
    """The players a file seats, checked through its game under its newest rules, as a
    leave or a sit-in is: a table comes back only as it could have been played on."""
    game = game_named(plan.game)
    seats = game.seats(game.rules_from_json(exact_json.loads(plan.rules[-1].rules_json)))
    sitting = sum(1 for player in plan.players if player.seated)
    if not seats.fewest <= sitting <= seats.most:
        rule = seats.too_few if sitting < seats.fewest else seats.too_many
        raise Refusal(f"players: {sitting} are seated; {rule}", field="players")


def _write_table(db: Session, plan: TablePlan) -> GameTable:
    table = GameTable(
        name=plan.name,
        game=plan.game,
        created_at=plan.created_at,
        scorekeeper_token=access.new_token(),
        watch_token=access.new_token(),
    )
    db.add(table)
    db.flush()
    players = [
        Player(table_id=id_of(table), name=p.name, seat=seat, seated=p.seated)
        for seat, p in enumerate(plan.players)
    ]
    db.add_all(players)
    versions = [
        RulesVersion(
            table_id=id_of(table),
            number=r.number,
            preset=r.preset,
            rules_json=r.rules_json,
            created_at=r.created_at,
        )
        for r in plan.rules
    ]
    db.add_all(versions)
    db.flush()
    player = {p.in_file: row for p, row in zip(plan.players, players, strict=True)}
    version = {v.number: v for v in versions}
    table.first_dealer_id = player[plan.first_dealer].id
    seats = [[player[name] for name in h.seats] for h in plan.hands]
    hands = [
        _hand_row(
            table,
            no=h.no,
            rules_version=version[h.rules_number],
            dealer=player[h.dealer],
            seats=seated_then,
            names=h.names,
            outcome=h.outcome,
            settlement=h.settlement,
            entry_key=h.entry_key,
            note=h.note,
            void=h.void,
            version=h.version,
            created_at=h.created_at,
            updated_at=h.updated_at,
        )
        for h, seated_then in zip(plan.hands, seats, strict=True)
    ]
    db.add_all(hands)
    db.flush()  # every hand in one batch: their ids, for the nets and history below
    nets, changes = [], []
    for h, hand, seated_then in zip(plan.hands, hands, seats, strict=True):
        nets += _net_rows(hand, seated_then, h.names, h.settlement)
        changes += _history_rows(hand, h, seated_then)
    # Many rows in one statement each, not one ORM object a row: the write lock is short.
    for model, rows in ((HandNet, nets), (HandChange, changes)):
        if rows:  # (none for a table without hands)
            db.execute(insert(model), rows)
    _tally_from(db, table, 1)
    table.version = 1
    db.add(table)
    db.commit()
    return table


def _history_rows(hand: Hand, plan: HandPlan, seats: Sequence[Player]) -> list[dict[str, Any]]:
    """A hand's history from its file, in the stored form."""
    outcome = plan.outcome.to_json()
    rows = []
    for c in plan.changes:
        ids = {name: id_of(p) for name, p in zip(c.names, seats, strict=True)}
        own = outcome if c.names == plan.names else None
        before, after = (_stored_line(then, ids, hand, own) for then in (c.before, c.after))
        rows.append(_change_row(hand, c.action, c.by, before, after, c.at))
    return rows


def _stored_line(
    then: dict[str, Any] | None, ids: Mapping[str, int], hand: Hand, own: dict[str, Any] | None
) -> str | None:
    """One outcome of a history line, stored. Most lines hold the hand's own outcome
    (`own`: entered, voided, restored, under the same names): those take the hand's stored
    text rather than being written again, which is most of an import's time under the lock."""
    if then is None:
        return None
    return hand.outcome_json if then == own else stored(then, ids)
