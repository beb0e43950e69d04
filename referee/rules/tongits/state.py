"""What earlier games leave to the next one (tongits.md 2.7): the pot, the streak, the dealer.

A settlement of Tongits depends on the games before it: who is on a winning run, and how
much each player has put into the pot since it was last won. The settle contract stays
stateless by carrying this in the request and returning it after the game, so the state
is parsed and refused here like any outcome (2.10).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from referee.rules.limits import MAX_HANDS, MAX_NAME_LENGTH, MAX_POT_SHARE
from referee.rules.options import CENT
from referee.rules.players import check_at_table
from referee.rules.refusal import Refusal
from referee.rules.shapes import Money

STATE_KEYS = ("pot", "streak", "dealer")
STREAK_KEYS = ("player", "wins")


@dataclass(frozen=True)
class Streak:
    """`player` won the last `wins` games in a row (the last game that had a winner too)."""

    player: str
    wins: int


@dataclass(frozen=True)
class State:
    """The pot by player (each share kept apart: a player who joined late put in less),
    the streak (None before anyone has won) and who deals this game (None if unknown)."""

    pot: Mapping[str, Decimal] = field(default_factory=dict)
    streak: Streak | None = None
    dealer: str | None = None

    def share(self, name: str) -> Decimal:
        """What `name` has put into the pot since it was last won (0 if not listed)."""
        return self.pot.get(name, Decimal(0))

    def to_json(self) -> dict[str, Any]:
        """The state as the settle contract writes it, ready for the next request."""
        streak = (
            None
            if self.streak is None
            else {"player": self.streak.player, "wins": self.streak.wins}
        )
        return {"pot": dict(self.pot), "streak": streak, "dealer": self.dealer}


class TongitsStreak(BaseModel):
    """`player` won the last `wins` games in a row: the streak as a document holds it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    player: str
    wins: int = Field(ge=1, le=MAX_HANDS)


class TongitsState(BaseModel):
    """What earlier games left, as a table's file and the API's answers hold it: each
    player's chips in the pot, the streak, who deals (read by the documents; a request's
    `state` is read by `parse_state`)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    pot: Annotated[
        dict[str, Money],
        WithJsonSchema(
            {
                "type": "object",
                "additionalProperties": {"type": "number", "minimum": 0},
                "description": "{name: chips put in since the pot was last won}",
            }
        ),
    ] = Field(default_factory=dict)
    streak: TongitsStreak | None = None
    dealer: str | None = None


def parse_state(data: Any) -> State:
    """A typed state from JSON; absent (None, or null as sent) for the first game of a night.
    Every key is optional; the names are checked against the players by `check_state`."""
    if data is None:
        return State()
    if not isinstance(data, Mapping):
        raise Refusal(
            "state: give what earlier games left as an object with pot, streak and dealer",
            field="state",
        )
    for key in data:
        if key not in STATE_KEYS:
            raise Refusal(
                f"state: there is no field {str(key)[:40]!r}; a state has " + ", ".join(STATE_KEYS),
                field="state",
            )
    return State(
        _pot(data.get("pot", {})), _streak(data.get("streak")), _name(data.get("dealer"), "dealer")
    )


def check_state(seats: Sequence[str], state: State) -> None:
    """Every name of the state is one of the players of this game (2.10); a player who left
    is removed from the pot by the app before the request (2.8)."""
    named = [("state.pot", name) for name in state.pot]
    if state.streak is not None:
        named.append(("state.streak.player", state.streak.player))
    if state.dealer is not None:
        named.append(("state.dealer", state.dealer))
    for key, name in named:
        check_at_table(name, seats, key)


def _pot(data: Any) -> dict[str, Decimal]:
    if not isinstance(data, Mapping):
        raise Refusal(
            "state.pot: give each player's chips in the pot as name: amount", field="state.pot"
        )
    pot = {}
    for name, amount in data.items():
        if not isinstance(name, str):
            raise Refusal(
                "state.pot: give each player's chips in the pot as name: amount", field="state.pot"
            )
        pot[name] = _share(name, amount)
    return pot


def _share(name: str, amount: Any) -> Decimal:
    """An exact amount of 0 or more with at most 2 decimals; never a float, which is not exact."""
    if isinstance(amount, int) and not isinstance(amount, bool):
        amount = Decimal(amount)
    # The bounds first: quantizing a huge number would overflow the context.
    if (
        not isinstance(amount, Decimal)
        or not amount.is_finite()
        or not 0 <= amount <= MAX_POT_SHARE
        or amount != amount.quantize(CENT)
    ):
        raise Refusal(
            f"state.pot: {name[:MAX_NAME_LENGTH]}'s share of the pot must be an amount from 0 "
            f"to {MAX_POT_SHARE:,}, with at most 2 decimals",
            field="state.pot",
            player=name[:MAX_NAME_LENGTH],
        )
    return amount.quantize(CENT)


def _streak(data: Any) -> Streak | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or set(data) != set(STREAK_KEYS):
        raise Refusal(
            'state.streak: give the streak as {"player": name, "wins": n}, or null before '
            "anyone has won",
            field="state.streak",
        )
    player = _name(data["player"], "streak.player")
    if player is None:
        raise Refusal(
            "state.streak.player: say who is on the winning run", field="state.streak.player"
        )
    wins = data["wins"]
    if not isinstance(wins, int) or isinstance(wins, bool) or not 1 <= wins <= MAX_HANDS:
        raise Refusal(
            "state.streak.wins: the games won in a row must be a whole number from 1 to "
            f"{MAX_HANDS:,} (the most games a night holds)",
            field="state.streak.wins",
            player=player,
        )
    return Streak(player, wins)


def _name(value: Any, key: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise Refusal(f"state.{key}: give a player's name, or null", field=f"state.{key}")
    return value
