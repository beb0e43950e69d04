"""A settled hand: who won, who pays whom, and each player's net, in exact money."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol


class Carried(Protocol):
    """What a game carries from one settlement to the next request (Tongits' pot and
    streak); the settlement only writes it out."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Payment:
    """One payer to one payee for one reason; `amount` is exact and above zero."""

    payer: str
    payee: str
    amount: Decimal
    why: str


@dataclass(frozen=True)
class Settlement:
    """The answer of `settle`, shaped as the settle contract's JSON."""

    # One of the results its game declares (each game's settle module lists them).
    result: str
    winners: tuple[str, ...]
    payments: tuple[Payment, ...]
    net: dict[str, Decimal]
    points: dict[str, int] | None
    # A game whose settlement depends on earlier games (Tongits) returns the state for the
    # next request and the pot it paid out; a Tonk hand has neither, and writes neither.
    state: Carried | None = None
    pot_won: Decimal | None = None

    def to_json(self) -> dict[str, Any]:
        """The settle contract's JSON; `state` and `pot_won` only for a game that has them."""
        carried = {}
        if self.state is not None:
            carried = {"state": self.state.to_json(), "pot_won": self.pot_won}
        return {
            "result": self.result,
            "winners": list(self.winners),
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount, "why": p.why}
                for p in self.payments
            ],
            "net": dict(self.net),
            "points": None if self.points is None else dict(self.points),
            **carried,
        }
