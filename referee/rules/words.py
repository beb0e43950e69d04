"""Words every game's sentences share: amounts in the table's unit, names in a list,
counts of things. Exact: an amount is a Decimal, never a float.
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

WHOLE = Decimal(1)


def names_in_words(names: Sequence[str]) -> str:
    """'Anna', 'Anna and Ben', 'Anna, Ben and Carla'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def number_in_words(amount: Decimal) -> str:
    """'2', '0.50', '1,250': whole amounts without decimals, any other with cents.

    Exact: a float is refused rather than rounded, since a stake may have cents.
    """
    if isinstance(amount, bool) or not isinstance(amount, Decimal | int):
        raise TypeError(f"amounts are exact: give a Decimal, not {type(amount).__name__}")
    amount = Decimal(amount)
    return f"{amount:,.0f}" if amount == amount.to_integral_value() else f"{amount:,.2f}"


def amount_in_words(amount: Decimal, unit: str) -> str:
    """'2 chips', '1 chip', '0.50 $': the amount as the table would count it out.

    A word unit ending in s loses it for exactly one ('1 chip'); symbols such as
    '$' are left alone.
    """
    return f"{number_in_words(amount)} {unit_of(amount, unit)}"


def unit_of(amount: Decimal, unit: str) -> str:
    """The unit as said after `amount`: a word unit ending in s loses it for exactly one
    ('chip'), or minus one; symbols such as '$' are left alone."""
    if abs(amount) == WHOLE and len(unit) > 2 and unit.isalpha() and unit.endswith("s"):
        return unit[:-1]
    return unit


def count_words(number: int, noun: str) -> str:
    """'1 turn', '3 turns'."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def plain_value_words(key: str, value: Any) -> str | None:
    """The words every game gives a flag, the stake and the unit; None for other values."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if key == "stake":
        return number_in_words(value)
    if key == "unit":
        return str(value)
    return None
