"""The rows of a Tongits settlement: who pays whom, how much and why (tongits.md 6.2).

Version 1 paid every row to the winner. Version 2 pays a draw pair by pair between the
caller and each opponent (6.5), so a row names its payee too, and the caller may pay as
well as collect. Rows are merged per payer, payee and why, and listed as 6.2 says: by
payer in the order of play, then by the part of the game a why belongs to, then by payee
in the order of play. A version 1 game has only the parts version 1 had, in the same
order, and one payee, so its rows come out exactly as before.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.scoring.settlement import Payment

ZERO = Decimal(0)
# The parts of a game, in the order 6.2 lists a payer's rows. The ending's why varies
# ("tong-its", "folded, burned"...), and so does the points' ("points behind" or "points
# in hand"); every other part is its own why.
ENDING = "ending"
POINTS = "points"
PARTS = (
    ENDING,
    POINTS,
    "secret",
    "escalera",
    "aces",
    "kings",
    "jokers",
    "run",
    "second win",
    "pot",
)
_RANK = {part: rank for rank, part in enumerate(PARTS)}


@dataclass
class Ledger:
    """What each player owes another, merged per payer, payee and why; each why remembers
    its part of the game, for the order of the rows."""

    seats: Sequence[str]
    rows: dict[tuple[str, str, str], Decimal] = field(default_factory=dict)
    parts: dict[str, int] = field(default_factory=dict)

    def pay(self, payer: str, payee: str, amount: Decimal, why: str, part: str = "") -> None:
        """`payer` pays `payee` `amount` for `why`, a part of the game of its own unless
        `part` names it; nobody pays themselves, and 0 is no row."""
        if payer != payee and amount > 0:
            key = (payer, payee, why)
            self.rows[key] = self.rows.get(key, ZERO) + amount
            self.parts[why] = _RANK[part or why]

    def payments(self) -> tuple[Payment, ...]:
        """The rows in the order of 6.2."""
        seat = {name: index for index, name in enumerate(self.seats)}

        def place(row: tuple[tuple[str, str, str], Decimal]) -> tuple[int, int, int]:
            (payer, payee, why), _ = row
            return seat[payer], self.parts[why], seat[payee]

        return tuple(
            Payment(payer, payee, amount, why)
            for (payer, payee, why), amount in sorted(self.rows.items(), key=place)
        )


def net_of(seats: Sequence[str], payments: Sequence[Payment]) -> dict[str, Decimal]:
    """Each player's net: what they were paid less what they paid; it adds up to exactly 0,
    since every payment is counted once each way."""
    net = dict.fromkeys(seats, ZERO)
    for payment in payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return net
