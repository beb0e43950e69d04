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
    drop_waits: int  # how many of their turns, from now, they may not drop on
    because: str | None  # the option that makes them wait, None when they may drop
    no_laydown: bool  # may not lay down a spread on their next turn

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
    """Whether these rules make anyone wait or lay down, so marks are worth taking."""
    return bool(
        rules.wait_after_spread
        or rules.wait_after_hit
        or rules.hit_blocks_laydown
        or rules.must_spread
    )


def drop_waits(rules: HouseRules) -> bool:
    """Whether a drop can be refused for waiting, so the drop form may need an override."""
    return bool(rules.wait_after_spread or rules.wait_after_hit)


def _turn_of(order: Sequence[str], name: str, turn: int, *, this_one: bool) -> int:
    """The first turn of `name` from `turn` on (`this_one`: `turn` itself may be it)."""
    seat, seats = order.index(name), len(order)
    start = turn if this_one else turn + 1
    return start + (seat - start) % seats


def replay(rules: HouseRules, order: Sequence[str], marks: Sequence[Mark]) -> TurnState:
    """Play the marks of a hand over `order` (the first player first, then to the left).

    A spread is laid on one's own turn, so marking it also moves the turn to that player
    (the players between simply played without spreading). The waits cover the player's
    next turns, counting only their own. Marks naming someone no longer in the order are
    skipped.
    """
    turn = 0
    drop_blocks: dict[str, dict[int, str]] = {name: {} for name in order}
    laydown_blocks: dict[str, set[int]] = {name: set() for name in order}
    seats = len(order)
    for mark in marks:
        if mark.kind == TURN:
            turn += 1
            continue
        if mark.player not in drop_blocks:
            continue
        name = mark.player
        if mark.kind == SPREAD:
            turn = _turn_of(order, name, turn, this_one=True)
            first, wait, key = turn + seats, rules.wait_after_spread, "wait_after_spread"
        else:
            first = _turn_of(order, name, turn, this_one=False)
            wait, key = rules.wait_after_hit, "wait_after_hit"
            if rules.hit_blocks_laydown:
                laydown_blocks[name].add(first)
        for k in range(wait):
            drop_blocks[name][first + k * seats] = key
    waits = []
    for name in order:
        # Every blocked turn still to come counts, the one in play included: a player
        # who has just spread is waiting from now, not from their next turn.
        coming = sorted(t for t in drop_blocks[name] if t >= turn)
        waits.append(
            Waiting(
                name,
                len(coming),
                drop_blocks[name][coming[0]] if coming else None,
                any(t >= turn for t in laydown_blocks[name]),
            )
        )
    return TurnState(turn + 1, order[turn % seats], tuple(waits))


def _turns(count: int) -> str:
    return f"{count} more turn{'' if count == 1 else 's'}"


def standing_words(waiting: Waiting) -> str:
    """One player's line on the hand screen, citing the rule that decides."""
    if waiting.may_drop:
        words = f"{waiting.name} may drop"
    else:
        words = (
            f"{waiting.name} may not drop for {_turns(waiting.drop_waits)}: "
            f"{WHY[waiting.because]} (house rule {waiting.because})"
        )
    if waiting.no_laydown:
        words += "; may not lay down a spread next turn (house rule hit_blocks_laydown)"
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
    if waiting is None or waiting.may_drop:
        return None
    key = waiting.because
    return Refusal(
        f"player: {dropper} may not drop yet: {dropper} {WHY[key]} and waits "
        f"{_turns(waiting.drop_waits)} (house rule {key}: {getattr(rules, key)}). "
        "If the table agrees to let it stand, tick 'Record it anyway'.",
        field="player",
        player=dropper,
    )


def override_note(rules: HouseRules, state: TurnState, dropper: str) -> str | None:
    """What a hand keeps when the scorekeeper records a drop the waiting rule refuses."""
    waiting = state.of(dropper)
    if waiting is None or waiting.may_drop:
        return None
    return (
        f"{dropper} dropped with {_turns(waiting.drop_waits)} to wait "
        f"(house rule {waiting.because}); the scorekeeper recorded it anyway."
    )
