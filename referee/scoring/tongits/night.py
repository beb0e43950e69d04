"""A night of Tongits replayed from its games, in order (tongits.md 2.7 to 2.9).

Each game is settled with the state the game before it left (the pot, the streak, the
dealer), so a table never stores a state that an edit could leave stale: an edit or a
void of one game recomputes the pot and streak of every game after it, as the issue asks,
by replaying the night again. This is the pure half the table app will call.

Between two games the seats may change. The spec says (2.8) that a player who leaves is
removed from the pot before the next game: their chips in it are their own. It does not
say what becomes of a winning run whose player has left; a table expects it to end, so
the next winner starts a run of 1. A void game is as if it was never played: no antes,
no run. A player who sits in while the pot holds chips starts with a share of 0, or, with
`joiner_matches_pot`, the largest share of the players seated (6.7); the stateless
contract takes the pot as the request says, so this happens here, where seats change.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import cast

from referee.rules.tongits import Ending, TongitsRules, TongitsState
from referee.scoring.settlement import Settlement
from referee.scoring.tongits.settle import settle


@dataclass(frozen=True)
class PlayedGame:
    """One game of the night as the table recorded it: whether it was voided, the rules it
    was played under, its players in the order of play, its ending, and who dealt it
    (None: whoever the game before says deals)."""

    void: bool
    rules: TongitsRules
    players: tuple[str, ...]
    outcome: Ending
    dealer: str | None = None


def replay(night: Sequence[PlayedGame]) -> list[Settlement | None]:
    """Each game's settlement in order (None for a void game), each settled with the state
    the last game played before it left, seen from its own seats."""
    settled: list[Settlement | None] = []
    state = TongitsState()
    for game in night:
        if game.void:
            settled.append(None)
            continue
        settlement = settle(game.rules, game.players, game.outcome, _seen_by(state, game))
        settled.append(settlement)
        state = cast(TongitsState, settlement.state)  # a Tongits settlement always carries one
    return settled


def _seen_by(state: TongitsState, game: PlayedGame) -> TongitsState:
    """The state as the next game's seats see it, under its rules, the recorded dealer
    dealing."""
    dealer = game.dealer if game.dealer is not None else state.dealer
    return seen_from(state, game.players, dealer, joiners_match=game.rules.joiner_matches_pot)


def seen_from(
    state: TongitsState, seats: Collection[str], dealer: str | None, *, joiners_match: bool = False
) -> TongitsState:
    """The state as players in these seats see it (the next game, the table page, the API):
    the shares of players who left are theirs again, a run whose player left is over,
    `dealer` deals if seated, and with `joiners_match` (the house rule
    `joiner_matches_pot` of the game to come) each player who sits in matches the pot."""
    pot = {name: share for name, share in state.pot.items() if name in seats}
    if joiners_match:
        pot = matched(pot, seats)
    streak = state.streak if state.streak is not None and state.streak.player in seats else None
    seated = dealer if dealer in seats else None
    return state.model_copy(update={"pot": pot, "streak": streak, "dealer": seated})


def matched(pot: Mapping[str, Decimal], seats: Collection[str]) -> dict[str, Decimal]:
    """6.7: while the pot holds chips, each seated player with no share in it (who sits in)
    gets a share equal to the largest share of the players seated; their own chips, owed
    only when somebody wins the pot. An empty pot, or one of 0s, asks nothing of them."""
    largest = max(pot.values(), default=Decimal(0))
    if not largest:
        return dict(pot)
    return {**pot, **{name: largest for name in seats if name not in pot}}
