"""What the core says, kept translatable: a whole sentence's template and its values.

The core means things; the shell says them in a language. A `Said` is the English
sentence (it is a `str`, so pages, the API and the tests read it as before) that also
keeps its gettext message id, a template with named placeholders
("{player} dropped on {total} and was caught"), and the values that fill it. A shell
renders it through any translator (Flask-Babel's, or `gettext.NullTranslations` for
English), so adding a language changes a catalog, never a rule.

Mark every sentence with `said` or `said_n` (the plural form chosen by a count): they
are the keywords `pybabel extract` looks for (babel.cfg). A template is always a whole
sentence, or a whole phrase that a value stands for; never glue two halves together,
since a translator must be free to reorder the words.
"""

from collections.abc import Mapping
from typing import Protocol


class Translator(Protocol):
    """What a shell hands `render`: `gettext.GNUTranslations`, `NullTranslations` and
    Flask-Babel's `get_translations()` all are one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class Said(str):
    """A sentence in English (the `str` itself) that knows its template and values.

    A value is a number or a name, said as it is, or another `Said` for a value that
    needs words of its own (an amount, a list of names), translated in turn.
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

    def render(self, translator: Translator) -> str:
        """The sentence in the translator's language, every nested value translated too."""
        if self.plural is None or self.number is None:
            template = translator.gettext(self.template)
        else:
            template = translator.ngettext(self.template, self.plural, self.number)
        values = {key: in_words(value, translator) for key, value in self.values.items()}
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


def in_words(value: object, translator: Translator) -> str:
    """A value as a sentence says it: a message translated, anything else as it is."""
    return value.render(translator) if isinstance(value, Said) else str(value)
