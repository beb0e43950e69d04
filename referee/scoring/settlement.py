"""A settled hand: who won, who pays whom, and each player's net, in exact money."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_args

Result = Literal[
    "deal_tonk",
    "deal_tonk_draw",
    "tonk_out",
    "double_double",
    "out",
    "drop_won",
    "caught",
    "stock_out",
    "stock_out_draw",
]
RESULTS: tuple[Result, ...] = get_args(Result)
DRAWS: tuple[Result, ...] = ("deal_tonk_draw", "stock_out_draw")


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

    result: Result
    winners: tuple[str, ...]
    payments: tuple[Payment, ...]
    net: dict[str, Decimal]
    points: dict[str, int] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "winners": list(self.winners),
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount, "why": p.why}
                for p in self.payments
            ],
            "net": dict(self.net),
            "points": None if self.points is None else dict(self.points),
        }
