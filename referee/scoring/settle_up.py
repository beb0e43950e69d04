"""Settle-up at the end of the night: who pays whom so every running total ends at zero.

Two ways to clear the table. `fewest_transfers` finds the smallest number of
payments, so the fewest people have to dig out cash or open a payment app.
`banker_transfers` has everyone settle with one player, which takes more
payments but is the easiest to check at a glance: each line involves the banker.

Balances are counted in whole smallest units (cents, or whatever the finest
amount on the table is) as integers, just as `settle` counts in whole stakes:
integer sums are exact whatever the Decimal context's precision, so a group
found to sum to zero really does, and every amount paid is exact to the cent.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.rules.limits import echoed
from referee.rules.refusal import Refusal
from referee.rules.said import said

# The exact search looks at every subset of the players with money owed or owing:
# 2**16 subsets is well under a second; a table seats at most 12 over a night.
MOST_TO_SEARCH = 16


@dataclass(frozen=True)
class Transfer:
    """One payment at the settle-up: `payer` pays `payee` `amount`, exact and above zero."""

    payer: str
    payee: str
    amount: Decimal


def fewest_transfers(balances: Mapping[str, Decimal]) -> list[Transfer]:
    """The fewest payments that bring every balance to zero; refuses balances that cannot be.

    Greedy settling (biggest debtor pays biggest creditor, repeat) is not always
    minimal: with A +6, B +4, C +3, D -7, E -6 it needs 4 payments, yet E paying
    A 6 and D paying B 4 and C 3 takes 3. The exact count is the number of
    players owing or owed minus the most disjoint groups whose balances each sum
    to zero, since a group of k settles in k - 1 payments and never fewer. That
    maximum is found by searching every subset, which the refusal above
    MOST_TO_SEARCH players with non-zero balances keeps fast.

    Transfers come ordered by payer, then payee, in the order `balances` lists players.
    """
    exponent = _check(balances)
    names = [name for name, amount in balances.items() if amount != 0]
    if len(names) > MOST_TO_SEARCH:
        raise Refusal(
            said(
                "{count} players have money owed or owing; fewest transfers "
                "can settle at most {most_to_search}. Settle with a banker "
                "instead.",
                count=len(names),
                most_to_search=MOST_TO_SEARCH,
            ),
            field="balances",
        )
    units = [_to_units(balances[name], exponent) for name in names]
    payments = [
        (names[payer], names[payee], amount)
        for group in _zero_groups(units)
        for payer, payee, amount in _settle_group(group, units)
    ]
    seat = {name: index for index, name in enumerate(balances)}
    payments.sort(key=lambda payment: (seat[payment[0]], seat[payment[1]]))
    return [
        Transfer(payer, payee, _from_units(amount, exponent)) for payer, payee, amount in payments
    ]


def banker_transfers(balances: Mapping[str, Decimal], banker: str) -> list[Transfer]:
    """Everyone settles with `banker`: debtors pay the banker, the banker pays creditors.

    Not the fewest payments, but one person handles all the money and each line
    is that player's own balance, so anyone can check theirs without arithmetic.
    Transfers come in the order `balances` lists the other players.
    """
    if banker not in balances:
        raise Refusal(
            said("{banker} has no balance tonight, so cannot be the banker", banker=echoed(banker)),
            field="banker",
            player=echoed(banker),
        )
    _check(balances)
    transfers = []
    for name, amount in balances.items():
        if name == banker or amount == 0:
            continue
        if amount < 0:  # `<= 0` is equivalent: a zero balance was skipped just above
            transfers.append(Transfer(name, banker, amount.copy_negate()))
        else:
            transfers.append(Transfer(banker, name, amount))
    return transfers


def _check(balances: Mapping[str, Decimal]) -> int:
    """Refuse what cannot be settled exactly; return the exponent of the smallest unit used.

    The unit is never coarser than 1, so whole amounts stay whole numbers.
    """
    for name, amount in balances.items():
        if not isinstance(amount, Decimal) or not amount.is_finite():
            raise Refusal(
                said(
                    "{name}: {amount} is not an exact amount of money",
                    name=name,
                    amount=repr(amount),
                ),
                field="balances",
                player=name,
            )
    exponent = min([0, *(int(amount.as_tuple().exponent) for amount in balances.values())])
    total = sum(_to_units(amount, exponent) for amount in balances.values())
    if total != 0:
        raise Refusal(
            said(
                "The balances add up to {from_units}, not 0: every win tonight "
                "must be someone's loss before the table can settle up",
                from_units=_from_units(total, exponent),
            ),
            field="balances",
        )
    return exponent


def _to_units(amount: Decimal, exponent: int) -> int:
    """`amount` as a whole number of 10**exponent, read from its digits so nothing rounds."""
    sign, digits, own = amount.as_tuple()
    scale: int = 10 ** (int(own) - exponent)  # never below 1: `exponent` is the smallest
    value = int("".join(map(str, digits))) * scale
    return -value if sign else value


def _from_units(units: int, exponent: int) -> Decimal:
    """Back to money; building from a string is exact, unlike arithmetic in a context."""
    return Decimal(f"{units}E{exponent}")


def _members(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _zero_groups(units: Sequence[int]) -> list[list[int]]:
    """The most disjoint groups of indices whose `units` each sum to zero, covering all.

    best[mask] is the most zero-sum groups the players in `mask` can be split
    into, built one player at a time: removing any player and adding one when the
    whole of `mask` sums to zero. Walking back down from everyone, the masks that
    sum to zero along the way mark where one group ends and the next begins.
    """
    # Equivalent mutants here: longer lists (full + 2) only add an entry never read; summing
    # with `-` gives every sum negated, which is zero exactly when the sum is; starting `best`
    # at 1 adds 1 to every entry, and only differences of `best` are compared; the second
    # loop may start at 2, since best[1] is 0 either way (sums[1] is one player's non-zero
    # balance).
    full = (1 << len(units)) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + units[low.bit_length() - 1]
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        closes = 1 if sums[mask] == 0 else 0
        best[mask] = max(best[mask ^ (1 << i)] for i in _members(mask)) + closes

    groups: list[list[int]] = []
    group: list[int] = []
    mask = full
    while mask:
        closes = 1 if sums[mask] == 0 else 0
        player = next(i for i in _members(mask) if best[mask ^ (1 << i)] + closes == best[mask])
        group.append(player)
        mask ^= 1 << player
        if sums[mask] == 0:
            groups.append(sorted(group))
            group = []
    return groups


def _settle_group(group: Sequence[int], units: Sequence[int]) -> list[tuple[int, int, int]]:
    """(payer, payee, units) clearing one zero-sum group in len(group) - 1 payments.

    Each payment clears the debtor or the creditor it pairs, and the last clears
    both, so a group of k takes at most k - 1; it cannot take fewer, because the
    search left no smaller zero-sum group inside it.
    """
    # Equivalent mutants: no balance in a group is 0 (`fewest_transfers` leaves those out),
    # so `<= 0`, `< 1` and `>= 0` split it the same; and a group sums to zero, so debtors and
    # creditors run out on the same payment, and `or` or `<=` in the loop test stop it there too.
    debtors = [[i, -units[i]] for i in group if units[i] < 0]
    creditors = [[i, units[i]] for i in group if units[i] > 0]
    payments = []
    d = c = 0
    while d < len(debtors) and c < len(creditors):
        debtor, creditor = debtors[d], creditors[c]
        amount = min(debtor[1], creditor[1])
        payments.append((debtor[0], creditor[0], amount))
        debtor[1] -= amount
        creditor[1] -= amount
        if debtor[1] == 0:
            d += 1
        if creditor[1] == 0:
            c += 1
    return payments


# The ways to settle up, as a settle-up's link names them (`mode`), the first the usual one.
MODES = ("fewest", "banker", "as_is")


def transfers_for(
    balances: Mapping[str, Decimal], mode: str, banker: str | None = None
) -> list[Transfer]:
    """The payments a way of settling up asks for: the fewest, all through a banker, or
    none (balances as they are). Every door settles up through here, so a way there is not,
    or a banker not named (`to`, as the settle-up's link names the banker), is refused the
    same at each: the API answers the refusal, the page shows it beside the ways to choose."""
    if mode not in MODES:
        raise Refusal(said("mode: choose {modes}", modes=", ".join(MODES)), field="mode")
    if mode == "banker":
        if not banker:
            raise Refusal(said("to: say who is the banker"), field="to")
        return banker_transfers(balances, banker)
    if mode == "as_is":
        return []
    return fewest_transfers(balances)
