"""Who may drop, and who may lay down, while a hand is being played.

Some tables make a player wait before dropping: after laying a new spread
(`wait_after_spread` turns) or after one of their spreads is hit (`wait_after_hit`),
and some forbid laying down on the turn after being hit (`hit_blocks_laydown`). The
scorekeeper marks what these rules look at: the turn passes, X laid a spread, X's
spread was hit. Replaying the marks over the order of play gives, for the turn in
play, who is still waiting and for how many of their own turns. Pure: names in, plain
words out, so the hand screen, the drop check and the tests read the same answer.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.house_rules import HouseRules
from referee.rules.refusal import Refusal

TURN, SPREAD, HIT = "turn", "spread", "hit"
MARK_KINDS = (TURN, SPREAD, HIT)

WHY = {
    "wait_after_spread": "laid a new spread",
    "wait_after_hit": "had a spread hit",
}


@dataclass(frozen=True)
class Mark:
    """One thing the scorekeeper saw: the turn passed, or `player` laid a spread, or
    `player`'s spread was hit."""

    kind: str
    player: str | None = None


@dataclass(frozen=True)
class Waiting:
    """Where one player stands on the turn in play."""

    name: str
    turns_left: int  # how many of their turns, the one in play included, bar a drop
    because: str | None  # the option that makes them wait, None when they may drop
    now: bool  # the turn in play is theirs and they may not drop on it
    no_laydown: str | None  # "this turn" or "next turn" they may not lay down a spread

    @property
    def may_drop(self) -> bool:
        return self.because is None


@dataclass(frozen=True)
class TurnState:
    """The hand in play: the turn number (from 1), whose turn it is, everyone's waits."""

    turn: int
    player: str
    players: tuple[Waiting, ...]

    def of(self, name: str) -> Waiting | None:
        return next((w for w in self.players if w.name == name), None)


def tracks_turns(rules: HouseRules) -> bool:
    """Whether these rules hold anyone back for some turns, so marks are worth taking.
    (`must_spread` holds everyone always: a reminder, no marks.)"""
    return bool(rules.wait_after_spread or rules.wait_after_hit or rules.hit_blocks_laydown)


def drop_can_wait(rules: HouseRules) -> bool:
    """Whether a drop can be refused for waiting, so the drop form may need an override."""
    return bool(rules.wait_after_spread or rules.wait_after_hit)


def _turn_of(order: Sequence[str], name: str, turn: int, *, this_one: bool) -> int:
    """The first turn of `name` from `turn` on (`this_one`: `turn` itself may be it)."""
    seat, seats = order.index(name), len(order)
    start = turn if this_one else turn + 1
    return start + (seat - start) % seats


def _spread_turn(order: Sequence[str], name: str, turn: int, ended: set[int]) -> int:
    """The turn a spread was laid on. Spreads are laid on one's own turn: the turn in play
    if it is theirs, or their last one if "Next turn" was tapped past it (marked late);
    else the scorekeeper is not tapping every turn, and the turn moves on to them."""
    latest = turn - (turn - order.index(name)) % len(order)
    if latest >= 0 and (latest == turn or latest in ended):
        return latest
    return _turn_of(order, name, turn, this_one=True)


def replay(rules: HouseRules, order: Sequence[str], marks: Sequence[Mark]) -> TurnState:
    """Play the marks of a hand over `order` (the first player first, then to the left).

    The waits cover the player's next turns, counting only their own. Marks naming
    someone no longer in the order are skipped.
    """
    turn = 0
    ended: set[int] = set()  # turns the scorekeeper ended with "Next turn"
    drop_blocks: dict[str, dict[int, str]] = {name: {} for name in order}
    laydown_blocks: dict[str, set[int]] = {name: set() for name in order}
    seats = len(order)
    for mark in marks:
        if mark.kind == TURN:
            ended.add(turn)
            turn += 1
            continue
        if mark.player not in drop_blocks:
            continue
        name = mark.player
        if mark.kind == SPREAD:
            laid = _spread_turn(order, name, turn, ended)
            turn = max(turn, laid)
            first, wait, key = laid + seats, rules.wait_after_spread, "wait_after_spread"
        else:
            first = _turn_of(order, name, turn, this_one=False)
            wait, key = rules.wait_after_hit, "wait_after_hit"
            if rules.hit_blocks_laydown:
                laydown_blocks[name].add(first)
        for k in range(wait):
            drop_blocks[name][first + k * seats] = key
    waits = []
    for name in order:
        # Every blocked turn still to come counts, the one in play included.
        coming = sorted(t for t in drop_blocks[name] if t >= turn)
        laydown = [t for t in laydown_blocks[name] if t >= turn]
        waits.append(
            Waiting(
                name,
                len(coming),
                drop_blocks[name][coming[0]] if coming else None,
                turn in coming,
                ("this turn" if turn in laydown else "next turn") if laydown else None,
            )
        )
    return TurnState(turn + 1, order[turn % seats], tuple(waits))


def _turns(count: int) -> str:
    return "turn" if count == 1 else f"{count} turns"


def _more(count: int) -> str:
    return f"{count} more turn{'' if count == 1 else 's'}"


def _how_long(waiting: Waiting) -> str:
    """'this turn', 'this turn nor the next 2', 'on their next 3 turns'."""
    if waiting.now:
        later = waiting.turns_left - 1
        return "this turn" + (f" or on their next {_turns(later)}" if later else "")
    return f"on their next {_turns(waiting.turns_left)}"


def standing_words(waiting: Waiting) -> str:
    """One player's line on the hand screen, citing the rule that decides."""
    if waiting.because is None:
        words = f"{waiting.name} may drop"
    else:
        words = (
            f"{waiting.name} may not drop {_how_long(waiting)}: "
            f"{WHY[waiting.because]} (house rule {waiting.because})"
        )
    if waiting.no_laydown:
        words += f"; may not lay down a spread {waiting.no_laydown} (house rule hit_blocks_laydown)"
    return words + "."


def reminder(rules: HouseRules) -> str | None:
    """The rule on laying down that holds for everyone, shown once above the players."""
    if not rules.must_spread:
        return None
    unless = (
        ", except on a turn the rule hit_blocks_laydown forbids it"
        if rules.hit_blocks_laydown
        else ""
    )
    return (
        f"A complete spread may not be kept in hand: lay it down{unless} (house rule must_spread)."
    )


def drop_refusal(rules: HouseRules, state: TurnState, dropper: str) -> Refusal | None:
    """Why `dropper` may not drop now, or None when they may."""
    waiting = state.of(dropper)
    if waiting is None or waiting.because is None:
        return None
    key = waiting.because
    return Refusal(
        f"player: {dropper} may not drop yet: {dropper} {WHY[key]} and waits "
        f"{_more(waiting.turns_left)} (house rule {key}: {getattr(rules, key)}). "
        "If the table agrees to let it stand, tick 'Record it anyway'.",
        field="player",
        player=dropper,
    )


def override_note(rules: HouseRules, state: TurnState, dropper: str) -> str | None:
    """What a hand keeps when the scorekeeper records a drop the waiting rule refuses."""
    waiting = state.of(dropper)
    if waiting is None or waiting.because is None:
        return None
    return (
        f"{dropper} dropped with {_more(waiting.turns_left)} to wait "
        f"(house rule {waiting.because}); the scorekeeper recorded it anyway."
    )
