"""What the core says, kept translatable: a whole sentence's template and its values.

The core means things; the shell says them in a language. A `Said` is the English
sentence (it is a `str`, so pages, the API and the tests read it as before) that also
keeps its gettext message id, a template with named placeholders
("{player} dropped on {total} and was caught"), and the values that fill it. A shell
renders it through any translator (Flask-Babel's, or `gettext.NullTranslations` for
English), so adding a language changes a catalog, never a rule.

An amount is a `Number`: its English digits as a `str` ('1,250.50'), which is what the
API, `referee settle` and the files keep, and the exact Decimal it means, which a shell
writes with its page's marks ('1.250,50' in German) by handing `render` its `numbers`.

Mark every sentence with `said` or `said_n` (the plural form chosen by a count): they
are the keywords `pybabel extract` looks for (babel.cfg). A template is always a whole
sentence, or a whole phrase that a value stands for; never glue two halves together,
since a translator must be free to reorder the words.
"""

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Protocol


class Translator(Protocol):
    """What a shell hands `render`: `gettext.GNUTranslations`, `NullTranslations` and
    Flask-Babel's `get_translations()` all are one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


def places(amount: Decimal) -> int:
    """The decimals an amount is said with, in every language: none when it is whole
    ('1,250'), else cents ('0.50'), as a table counts money out."""
    return 0 if amount == amount.to_integral_value() else 2


def english_digits(amount: Decimal) -> str:
    """'1,250.50', '2', '-3': an amount in English marks, as every machine word is written."""
    return f"{amount:,.{places(amount)}f}"


NumberWords = Callable[[Decimal], str]
"""How a language writes an amount, in the places `places` gives it: `english_digits`, or
a shell's for the page it is making."""


class Number(str):
    """An amount a sentence says: its English digits (the `str` itself) and the exact
    Decimal they mean (`amount`), for a shell to write in its page's marks."""

    amount: Decimal

    def __new__(cls, amount: Decimal) -> "Number":
        english = super().__new__(cls, english_digits(amount))
        english.amount = amount
        return english

    def __reduce__(self) -> tuple[type["Number"], tuple[Decimal]]:
        """Made again from its Decimal, so a copy or a pickle keeps it."""
        return Number, (self.amount,)


class Said(str):
    """A sentence in English (the `str` itself) that knows its template and values.

    A value is a count or a name, said as it is, a `Number` for an amount, or another
    `Said` for a value that needs words of its own (an amount with its unit, a list of
    names), translated in turn.
    """

    template: str
    plural: str | None
    number: int | None  # the count that chose the plural form (`count` is str's own)
    values: Mapping[str, object]
    stop: bool  # False: said without its closing full stop, as a clause of a longer sentence

    def __new__(
        cls,
        template: str,
        values: Mapping[str, object],
        *,
        plural: str | None = None,
        count: int | None = None,
        stop: bool = True,
    ) -> "Said":
        chosen = template if plural is None or count == 1 else plural
        text = chosen.format_map(values)
        english = super().__new__(cls, text if stop else text.removesuffix("."))
        english.template = template
        english.plural = plural
        english.number = count
        english.values = dict(values)
        english.stop = stop
        return english

    def __getnewargs_ex__(self) -> tuple[tuple[object, ...], dict[str, object]]:
        """Made again from its template and values, so a copy or a pickle keeps them."""
        keywords: dict[str, object] = {
            "plural": self.plural,
            "count": self.number,
            "stop": self.stop,
        }
        return (self.template, self.values), keywords

    def render(self, translator: Translator, numbers: NumberWords = english_digits) -> str:
        """The sentence in the translator's language, every nested value translated too
        and every amount written by `numbers`."""
        if self.plural is None or self.number is None:
            template = translator.gettext(self.template)
        else:
            template = translator.ngettext(self.template, self.plural, self.number)
        values = {key: in_words(value, translator, numbers) for key, value in self.values.items()}
        text = template.format_map(values)
        return text if self.stop else text.removesuffix(".")


def said(template: str, /, **values: object) -> Said:
    """A whole sentence (or a phrase a value stands for) with its named values."""
    return Said(template, values)


def said_n(singular: str, plural: str, count: int, /, **values: object) -> Said:
    """A sentence whose words follow `count` ("1 turn", "3 turns"); `{count}` is a value."""
    return Said(singular, {"count": count, **values}, plural=plural, count=count)


def sentences(first: str, *more: str) -> str:
    """Whole sentences said one after the other ("A. B."): each stays a message of its
    own, and the space between them is one too, for a language that writes none."""
    spoken = first
    for sentence in more:
        spoken = said("{sentences} {sentence}", sentences=spoken, sentence=sentence)
    return spoken


def without_stop(sentence: str) -> str:
    """`sentence` without its closing full stop, to end a longer sentence's clause; a
    message stays a message, its stop dropped in whatever language it is said."""
    if isinstance(sentence, Said):
        return Said(
            sentence.template,
            sentence.values,
            plural=sentence.plural,
            count=sentence.number,
            stop=False,
        )
    return sentence.removesuffix(".")


def in_words(value: object, translator: Translator, numbers: NumberWords = english_digits) -> str:
    """A value as a sentence says it: a message translated, an amount written by `numbers`
    (English marks unless a shell gives its page's), anything else as it is."""
    if isinstance(value, Said):
        return value.render(translator, numbers)
    if isinstance(value, Number):
        return numbers(value.amount)
    return str(value)
