"""Words every game's sentences share: amounts in the table's unit, names in a list,
counts of things. Exact: an amount is a Decimal, never a float.
"""

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from referee.rules.said import Number, Said, said, said_n

WHOLE = Decimal(1)


class Term(NamedTuple):
    """A game's own word as its tables say it ("sunog"), and what it means in one line: one
    declaration per word, which a form opens where the word stands, a rules sheet lists,
    and a rule's sentence glosses."""

    word: str
    means: str


def names_in_words(names: Sequence[str]) -> str:
    """'Anna', 'Anna and Ben', 'Anna, Ben and Carla'.

    A language lists in its own words: the last pair is a sentence of its own
    ("{names} and {last}"), the ones before it joined by a list separator that is one too.
    """
    if len(names) <= 1:
        return names[0] if names else ""  # a name, or a message kept as one
    listed = names[0]
    for name in names[1:-1]:
        listed = said("{names}, {name}", names=listed, name=name)
    return said("{names} and {last}", names=listed, last=names[-1])


def number_in_words(amount: Decimal) -> Number:
    """'2', '0.50', '1,250' in English: whole amounts without decimals, any other with
    cents (rules.said.places); a page writes it in its own language's marks.

    Exact: a float is refused rather than rounded, since a stake may have cents.
    """
    if isinstance(amount, bool) or not isinstance(amount, Decimal | int):
        raise TypeError(f"amounts are exact: give a Decimal, not {type(amount).__name__}")
    return Number(Decimal(amount))


def amount_in_words(amount: Decimal, unit: str) -> str:
    """'2 chips', '1 chip', '0.50 $': the amount as the table would count it out.

    A word unit ending in s loses it for exactly one ('1 chip'); symbols such as
    '$' are left alone.
    """
    return said("{amount} {unit}", amount=number_in_words(amount), unit=unit_of(amount, unit))


def unit_of(amount: Decimal, unit: str) -> str:
    """The unit as said after `amount`: a word unit ending in s loses it for exactly one
    ('chip'), or minus one; symbols such as '$' are left alone."""
    if abs(amount) == WHOLE and len(unit) > 2 and unit.isalpha() and unit.endswith("s"):
        return unit[:-1]
    return unit


def count_words(number: int, noun: str) -> Said:
    """'1 turn', '3 turns': each noun a plural message of its own, as languages inflect."""
    return COUNTED[noun](number)


# Each counted noun of the core's sentences, with its plural form chosen by the count.
COUNTED: dict[str, Callable[[int], Said]] = {
    "turn": lambda n: said_n("{count} turn", "{count} turns", n),
    "hand": lambda n: said_n("{count} hand", "{count} hands", n),
    "card": lambda n: said_n("{count} card", "{count} cards", n),
    "stake": lambda n: said_n("{count} stake", "{count} stakes", n),
    "win": lambda n: said_n("{count} win", "{count} wins", n),
}


def plain_value_words(key: str, value: Any) -> str | None:
    """The words every game gives a flag, the stake and the unit; None for other values."""
    if isinstance(value, bool):
        return said("Yes") if value else said("No")
    if key == "stake":
        return number_in_words(value)
    if key == "unit":
        return str(value)
    return None
