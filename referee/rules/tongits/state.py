"""What earlier games leave to the next one (tongits.md 2.7): the pot, the streak, the dealer.

A settlement of Tongits depends on the games before it: who is on a winning run, and how
much each player has put into the pot since it was last won. The settle contract stays
stateless by carrying this in the request and returning it after the game, so the state
is one pydantic model, like an outcome (`referee.rules.shapes`): the same type reads a
request's `state`, is held by a table's file and the API's answers, and describes them all;
`parse_state` refuses what is wrong in the words below (2.10).
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema
from pydantic_core import ErrorDetails

from referee.rules.limits import MAX_HANDS, MAX_NAME_LENGTH, MAX_POT_SHARE
from referee.rules.options import CENT
from referee.rules.players import check_at_table
from referee.rules.refusal import Refusal
from referee.rules.shapes import Shape, not_allowed, shown

STATE_KEYS = ("pot", "streak", "dealer")


def _share(amount: Any) -> Decimal:
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
        raise not_allowed(f"is not a share of the pot from 0 to {MAX_POT_SHARE:,}", amount)
    return amount.quantize(CENT)


Share = Annotated[Decimal, PlainValidator(_share)]


class TongitsStreak(BaseModel):
    """`player` won the last `wins` games in a row (the last game that had a winner too)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    player: str
    wins: int = Field(ge=1, le=MAX_HANDS)


class TongitsState(BaseModel):
    """What earlier games left: each player's chips in the pot (each share kept apart: a
    player who joined late put in less), the streak (null before anyone has won) and who
    deals this game (null if unknown)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    pot: Annotated[
        dict[str, Share],
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

    def share(self, name: str) -> Decimal:
        """What `name` has put into the pot since it was last won (0 if not listed)."""
        return self.pot.get(name, Decimal(0))

    def to_json(self) -> dict[str, Any]:
        """The state as the settle contract writes it, ready for the next request."""
        return self.model_dump()


def _in_words(errors: Sequence[ErrorDetails], data: Any) -> Refusal:
    """The first thing wrong with a state, as a player reads it: its keys, then the pot,
    the streak's shape, its player, its wins, then the dealer."""
    error = min(errors, key=_rank)
    loc, kind = error["loc"], error["type"]
    if not loc:
        return Refusal(
            "state: give what earlier games left as an object with pot, streak and dealer",
            field="state",
        )
    if kind == "extra_forbidden" and len(loc) == 1:
        return Refusal(
            f"state: there is no field {shown(str(loc[0]))}; a state has " + ", ".join(STATE_KEYS),
            field="state",
        )
    if loc[0] == "pot":
        if len(loc) == 2:
            name = str(loc[1])[:MAX_NAME_LENGTH]
            return Refusal(
                f"state.pot: {name}'s share of the pot must be an amount from 0 to "
                f"{MAX_POT_SHARE:,}, with at most 2 decimals",
                field="state.pot",
                player=name,
            )
        return Refusal(
            "state.pot: give each player's chips in the pot as name: amount", field="state.pot"
        )
    if loc[0] == "streak":
        if _rank(error) == 3:
            return Refusal(
                'state.streak: give the streak as {"player": name, "wins": n}, or null before '
                "anyone has won",
                field="state.streak",
            )
        if loc[1] == "player":
            if error["input"] is None:
                return Refusal(
                    "state.streak.player: say who is on the winning run",
                    field="state.streak.player",
                )
            return Refusal(
                "state.streak.player: give a player's name, or null", field="state.streak.player"
            )
        return Refusal(
            "state.streak.wins: the games won in a row must be a whole number from 1 to "
            f"{MAX_HANDS:,} (the most games a night holds)",
            field="state.streak.wins",
            player=data["streak"]["player"],
        )
    return Refusal("state.dealer: give a player's name, or null", field="state.dealer")


def _rank(error: ErrorDetails) -> int:
    """Where an error comes in the order a player is told of them (`_in_words`)."""
    loc = error["loc"]
    if not loc:
        return 0
    if len(loc) == 1 and error["type"] == "extra_forbidden":
        return 1
    if loc[0] == "streak":
        shaped = len(loc) == 1 or error["type"] in ("missing", "extra_forbidden")
        return 3 if shaped else 4 if loc[1] == "player" else 5
    return {"pot": 2, "dealer": 6}[str(loc[0])]


_STATE: Shape[TongitsState] = Shape(TongitsState, _in_words)


def parse_state(data: Any) -> TongitsState:
    """A typed state from JSON; absent (None, or null as sent) for the first game of a night.
    Every key is optional; the names are checked against the players by `check_state`."""
    return TongitsState() if data is None else _STATE.read(data)


def check_state(seats: Sequence[str], state: TongitsState) -> None:
    """Every name of the state is one of the players of this game (2.10); a player who left
    is removed from the pot by the app before the request (2.8)."""
    named = [("state.pot", name) for name in state.pot]
    if state.streak is not None:
        named.append(("state.streak.player", state.streak.player))
    if state.dealer is not None:
        named.append(("state.dealer", state.dealer))
    for key, name in named:
        check_at_table(name, seats, key)
