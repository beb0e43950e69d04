"""Who may drop, and who may lay down, while a hand is being played (house-rules 2.9).

Some tables make a player wait before dropping: after laying a new spread
(`wait_after_spread` turns) or after one of their spreads is hit (`wait_after_hit`),
and some forbid laying down on the turn after being hit (`hit_blocks_laydown`). The
scorekeeper marks what these rules look at: the turn passes, X plays now (a slap, or a
turn skipped), X laid a spread, X's spread was hit. Replaying the marks over the order
of play gives, for the turn in play, whose turn it is and who is still waiting, for how
many of their own turns. Pure: names in, plain words out, so the hand screen, the drop
check and the tests read the same answer.

A wait of N bars the player's next N turns *after* the turn of the spread or the hit
(001: "your next three turns"); with `drop_when` "any_time" a spread also bars the rest
of its own turn. Only the turns a player actually has count: a player skipped by a slap
loses that turn, and it does not count down their wait.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.rules.refusal import Refusal
from referee.rules.said import said, said_n
from referee.rules.tonk.house_rules import HouseRules

TURN, PLAYS, SPREAD, HIT = "turn", "plays", "spread", "hit"
MARK_KINDS = (TURN, PLAYS, SPREAD, HIT)

WHY = {
    "wait_after_spread": said("laid a new spread"),
    "wait_after_hit": said("had a spread hit"),
}


def rule_words(rules: HouseRules, key: str) -> str:
    """A rule of 2.9 as players say it, with its value: what a refusal or a line cites."""
    if key == "wait_after_spread":
        return said_n(
            "must wait {count} turn after laying a spread",
            "must wait {count} turns after laying a spread",
            rules.wait_after_spread,
        )
    if key == "wait_after_hit":
        return said_n(
            "must wait {count} turn after a spread of theirs is hit",
            "must wait {count} turns after a spread of theirs is hit",
            rules.wait_after_hit,
        )
    if key == "hit_blocks_laydown" and rules.hits_stack:
        return said(
            "may not lay down a spread on the turn after being hit, one turn more for each "
            "further hit"
        )
    if key == "hit_blocks_laydown":
        return said("may not lay down a spread on the turn after being hit")
    if key == "drop_when":
        return said("only the player whose turn it is may drop, before drawing")
    raise KeyError(key)


@dataclass(frozen=True)
class Mark:
    """One thing the scorekeeper saw: the turn passed, or `player` plays now, or
    `player` laid a spread, or `player`'s spread was hit."""

    kind: str
    player: str | None = None


@dataclass(frozen=True)
class Waiting:
    """Where one player stands on the turn in play."""

    name: str
    turns_left: int  # how many of their turns, the one in play included, bar a drop
    because: str | None  # the option that makes them wait longest, None when they may drop
    now: bool  # the turn in play is theirs and they may not drop on it
    no_laydown: str | None  # "this turn", "next turn", ...: when they may not lay down
    because_words: str = ""  # that option as players say it, with its value
    laydown_words: str = ""  # the lay-down rule as players say it, when it holds

    @property
    def may_drop(self) -> bool:
        return self.because is None


@dataclass(frozen=True)
class TurnState:
    """The hand in play: the turn number (from 1), whose turn it is, everyone's waits, and
    whether the scorekeeper has marked anything in it (`followed`): only then does the
    referee know whose turn it really is (2.9: it follows the turns only when the turn
    panel is used), so a table that never taps it is never told a drop is out of turn."""

    turn: int
    player: str
    players: tuple[Waiting, ...]
    followed: bool = True

    def of(self, name: str) -> Waiting | None:
        return next((w for w in self.players if w.name == name), None)


def tracks_turns(rules: HouseRules) -> bool:
    """Whether these rules hold anyone back for some turns, so marks are worth taking:
    the referee then follows the turns. (`must_spread` holds everyone always: a
    reminder, no marks.)"""
    return bool(rules.wait_after_spread or rules.wait_after_hit or rules.hit_blocks_laydown)


def drop_can_wait(rules: HouseRules) -> bool:
    """Whether a drop can be refused for waiting."""
    return bool(rules.wait_after_spread or rules.wait_after_hit)


def drop_out_of_turn_refused(rules: HouseRules) -> bool:
    """Whether a drop by a player whose turn it is not is refused: the referee follows
    the turns and a drop comes only before drawing, on one's own turn."""
    return tracks_turns(rules) and rules.drop_when == "before_draw"


def drop_can_be_refused(rules: HouseRules) -> bool:
    """Whether a drop can be refused at all, so the drop form may need an override."""
    return drop_can_wait(rules) or drop_out_of_turn_refused(rules)


@dataclass
class _Player:
    """What the replay keeps for one player: turns had, what bars them, hits pending."""

    had: int = 0  # their own turns begun so far, the one in play included
    drops: list[tuple[int, int, str]] = field(default_factory=list)  # (first, last, key)
    laydowns: set[int] = field(default_factory=set)  # own turns with no lay-down
    hits: int = 0  # hits on their spreads since their latest turn began


class _Replay:
    """The order of play, the turns so far (who had each), and each player's bars."""

    def __init__(self, rules: HouseRules, order: Sequence[str]):
        self.rules, self.order = rules, list(order)
        self.players = {name: _Player() for name in order}
        self.timeline: list[str] = []
        self.ended: set[int] = set()  # turns the scorekeeper ended with a tap
        self.begin(self.order[0])

    @property
    def player(self) -> str:
        return self.timeline[-1]

    def begin(self, name: str) -> None:
        """A new turn, played by `name`."""
        self.timeline.append(name)
        self.players[name].had += 1
        self.players[name].hits = 0

    def next_turn(self, *, tapped: bool = True) -> None:
        """The turn passes to the left (`tapped`: the scorekeeper tapped "Next turn")."""
        if tapped:
            self.ended.add(len(self.timeline) - 1)
        self.begin(self.order[(self.order.index(self.player) + 1) % len(self.order)])

    def plays(self, name: str) -> None:
        """`name` plays now (a slap, a turn skipped): the players between lose their turn."""
        if name != self.player:
            self.ended.add(len(self.timeline) - 1)
            self.begin(name)

    def spread(self, name: str) -> None:
        """`name` laid a spread, on a turn of their own: the one in play; or their latest,
        when "Next turn" was tapped past it (marked late); else the scorekeeper is not
        tapping every turn, and the turn moves on to them."""
        turn = len(self.timeline) - 1
        latest = next(
            (
                t
                for t in range(turn, max(turn - len(self.order), -1), -1)
                if self.timeline[t] == name
            ),
            None,
        )
        if latest is None or (latest != turn and latest not in self.ended):
            while self.player != name:
                self.next_turn(tapped=False)
        player, wait = self.players[name], self.rules.wait_after_spread
        if not wait:
            return
        rest_of_turn = self.player == name and self.rules.drop_when == "any_time"
        first = player.had if rest_of_turn else player.had + 1
        player.drops.append((first, player.had + wait, "wait_after_spread"))

    def hit(self, name: str) -> None:
        """One of `name`'s spreads was hit: their next turns are held, after the turn in
        play; with `hits_stack` each further hit before their next turn adds its own."""
        player = self.players[name]
        player.hits += 1
        extra = player.hits - 1 if self.rules.hits_stack else 0
        wait = self.rules.wait_after_hit
        if wait:
            first = player.had + extra * wait + 1
            player.drops.append((first, first + wait - 1, "wait_after_hit"))
        if self.rules.hit_blocks_laydown:
            player.laydowns.add(player.had + extra + 1)

    def standing(self, name: str) -> Waiting:
        """Where `name` stands on the turn in play."""
        player, in_play = self.players[name], self.player == name
        here = player.had if in_play else player.had + 1  # their turn in play, or next
        barred: set[int] = set()
        longest, because = here - 1, None
        for first, last, key in player.drops:
            barred.update(range(max(first, here), last + 1))
            if last > longest:  # a tie leaves the rule that made it that long first
                longest, because = last, key
        laydown = sorted(t for t in player.laydowns if t >= here)
        now = in_play and here in barred
        return Waiting(
            name,
            len(barred),
            because,
            now,
            _laydown_words(laydown, here if in_play else None),
            rule_words(self.rules, because) if because else "",
            rule_words(self.rules, "hit_blocks_laydown") if laydown else "",
        )


def replay(rules: HouseRules, order: Sequence[str], marks: Sequence[Mark]) -> TurnState:
    """Play the marks of a hand over `order` (the first player first, then to the left).

    The waits cover the player's next turns, counting only the turns they have. Marks
    naming someone no longer in the order are skipped.
    """
    play = _Replay(rules, order)
    for mark in marks:
        if mark.kind == TURN:
            play.next_turn()
        elif mark.player not in play.players:
            continue
        elif mark.kind == PLAYS:
            play.plays(mark.player)
        elif mark.kind == SPREAD:
            play.spread(mark.player)
        elif mark.kind == HIT:
            play.hit(mark.player)
    return TurnState(
        len(play.timeline),
        play.player,
        tuple(play.standing(name) for name in play.order),
        followed=bool(marks),
    )


def _this_turn_or_next(later: int) -> str:
    """'this turn', or 'this turn or on their next 2 turns' when `later` turns follow."""
    if not later:
        return said("this turn")
    return said_n(
        "this turn or on their next turn", "this turn or on their next {count} turns", later
    )


def _laydown_words(blocked: list[int], in_play: int | None) -> str | None:
    """When a player may not lay down: 'this turn', 'next turn', 'on their next 2 turns'."""
    if not blocked:
        return None
    if in_play is not None and blocked[0] == in_play:
        return _this_turn_or_next(len(blocked) - 1)
    if len(blocked) == 1:
        return said("next turn")
    return said_n("on their next {count} turn", "on their next {count} turns", len(blocked))


def _how_long(waiting: Waiting) -> str:
    """'this turn', 'this turn or on their next 2 turns', 'on their next 3 turns'."""
    if waiting.now:
        return _this_turn_or_next(waiting.turns_left - 1)
    return said_n("on their next turn", "on their next {count} turns", waiting.turns_left)


def standing_words(waiting: Waiting) -> str:
    """One player's line on the hand screen, citing the rule that decides, as players
    say it."""
    laydown = {"when": waiting.no_laydown, "laydown_rule": waiting.laydown_words}
    if waiting.because is None and waiting.no_laydown:
        return said(
            "{name} may drop; may not lay down a spread {when} (house rule: {laydown_rule}).",
            name=waiting.name,
            **laydown,
        )
    if waiting.because is None:
        return said("{name} may drop.", name=waiting.name)
    wait = {
        "name": waiting.name,
        "how_long": _how_long(waiting),
        "why": WHY[waiting.because],
        "rule": waiting.because_words,
    }
    if waiting.no_laydown:
        return said(
            "{name} may not drop {how_long}: {why} (house rule: {rule}); may not lay down a "
            "spread {when} (house rule: {laydown_rule}).",
            **wait,
            **laydown,
        )
    return said("{name} may not drop {how_long}: {why} (house rule: {rule}).", **wait)


def reminder(rules: HouseRules) -> str | None:
    """The rule on laying down that holds for everyone, shown once above the players."""
    if not rules.must_spread:
        return None
    if rules.hit_blocks_laydown:
        return said(
            "House rule: a complete spread may not be kept in hand; lay it down, except on a "
            "turn after being hit, when you may not."
        )
    return said("House rule: a complete spread may not be kept in hand; lay it down.")


def _out_of_turn(rules: HouseRules, state: TurnState, dropper: str) -> bool:
    """Whether `dropper` drops on a turn that the marks say is someone else's."""
    return drop_out_of_turn_refused(rules) and state.followed and state.player != dropper


def _reasons(rules: HouseRules, state: TurnState, dropper: str) -> list[tuple[str, str]]:
    """Each rule that bars `dropper`'s drop now: (what the refusal says, what the note
    says)."""
    waiting = state.of(dropper)
    if waiting is None:
        return []
    reasons: list[tuple[str, str]] = []
    # A wait bars the turns it holds: on their own turn, only a held one (a spreading
    # turn before drawing is not); otherwise their next turn.
    if waiting.because is not None and (waiting.now or state.player != dropper):
        left, rule = waiting.turns_left, waiting.because_words
        if waiting.because == "wait_after_spread":
            refused = said_n(
                "{player} laid a new spread and waits {count} more turn (house rule: {rule})",
                "{player} laid a new spread and waits {count} more turns (house rule: {rule})",
                left,
                player=dropper,
                rule=rule,
            )
        else:
            refused = said_n(
                "{player} had a spread hit and waits {count} more turn (house rule: {rule})",
                "{player} had a spread hit and waits {count} more turns (house rule: {rule})",
                left,
                player=dropper,
                rule=rule,
            )
        noted = said_n(
            "with {count} more turn to wait (house rule: {rule})",
            "with {count} more turns to wait (house rule: {rule})",
            left,
            rule=rule,
        )
        reasons.append((refused, noted))
    if _out_of_turn(rules, state, dropper):
        turn = {"player": state.player, "rule": rule_words(rules, "drop_when")}
        reasons.append(
            (
                said("it is {player}'s turn (house rule: {rule})", **turn),
                said("on {player}'s turn (house rule: {rule})", **turn),
            )
        )
    return reasons


def drop_refusal(rules: HouseRules, state: TurnState, dropper: str) -> Refusal | None:
    """Why `dropper` may not drop now (waiting, or out of turn), or None when they may."""
    reasons = _reasons(rules, state, dropper)
    if not reasons:
        return None
    refused = reasons[0][0]
    for reason, _ in reasons[1:]:
        refused = said("{reasons}; and {reason}", reasons=refused, reason=reason)
    if _out_of_turn(rules, state, dropper):
        why = said(
            "{player} may not drop now: {reasons}. If the table agrees to let it stand, tick "
            "'Record it anyway'.",
            player=dropper,
            reasons=refused,
        )
    else:
        why = said(
            "{player} may not drop yet: {reasons}. If the table agrees to let it stand, tick "
            "'Record it anyway'.",
            player=dropper,
            reasons=refused,
        )
    return Refusal(why, field="player", player=dropper)


def override_note(rules: HouseRules, state: TurnState, dropper: str) -> str | None:
    """What a hand keeps when the scorekeeper records a drop the turn rules refuse."""
    reasons = _reasons(rules, state, dropper)
    if not reasons:
        return None
    noted = reasons[0][1]
    for _, note in reasons[1:]:
        noted = said("{notes} and {note}", notes=noted, note=note)
    return said(
        "{player} dropped {notes}; the scorekeeper recorded it anyway.", player=dropper, notes=noted
    )
