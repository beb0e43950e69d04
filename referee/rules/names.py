"""A name as the table reads it, a player's or a table's: one spelling, something to see, no
double and no mix of scripts.

Names are how a table tells its players apart: on the pages, in the tally, in who pays whom.
A name given from now on (a new table's players, one sitting in, a new name, the players of
an imported file) is put in Unicode's composed form (NFC: "é" is one character however the
phone typed it), trimmed of spaces and invisible characters at either end, and refused when
nothing visible is left ("\\u3164", the Hangul filler, shows as a blank), when it looks like
another name at the table ("Аnna" with a Cyrillic А pays and is paid apart from "Anna"
while no one can see which is which), or when it mixes scripts ("Mаria" with that А, alone
at the table, is still a trap for the next Maria). A table's name is composed and trimmed
the same way, and refused when it shows nothing.

What looks alike and what mixes scripts are Unicode's own security mechanisms (UTS #39), as
ICU implements them (PyICU's `SpoofChecker`, with ICU's copy of Unicode's data), not a table
of our own:
- two names look alike when their confusable skeletons (UTS #39, section 4) are one: "Ꭰan"
  (a Cherokee letter) and "Dan", "Bօb" (an Armenian letter) and "Bob", "Kirn" and "Kim",
  "Ian" and "lan", "Ａnna" (fullwidth) and "Anna". Skeletons keep case ("Lan" is not "Ian");
  names that differ only by case are refused on their own. Before the skeleton, invisible
  characters are left out (as UTS #39 does since Unicode 15.1) and runs of spaces count as
  one, since neither can be seen;
- a name is in one script, or in one of the usual mixes of UTS #39's highly restrictive
  level (Latin with Chinese, Japanese or Korean writing); digits, signs and emoji go with
  any script, accents with the letter they sit on;
- invisible means a default-ignorable code point (the Hangul fillers, zero-width characters,
  variation selectors...) or a control or format character; the blank Braille pattern
  (U+2800) draws an empty cell, for which Unicode has no property, so it is named here.

Names already stored are not checked again: a table that has them still opens, plays,
settles and exports as it did. Its file is refused by an import (`referee.documents.
import_checks` says how to mend it), as any other door refuses such a name.
"""

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, Literal, get_args

import icu

from referee.rules.limits import MAX_NAME_LENGTH, TABLE_NAME_LENGTH
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.words import names_in_words

# UTS #39's confusable skeletons (ICU's checkers are safe to share between threads once set).
_CONFUSABLES = icu.SpoofChecker()
# One script, or Latin with Han and kana, Han and Bopomofo, or Han and Hangul.
_ONE_SCRIPT = icu.SpoofChecker()
_ONE_SCRIPT.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)
_ONE_SCRIPT.setChecks(icu.USpoofChecks.RESTRICTION_LEVEL)
_IGNORABLE = icu.UnicodeSet("[:Default_Ignorable_Code_Point:]")
# A variation selector changes how the character before it is drawn (an emoji in colour):
# kept where it stands, even at a name's end ("Anna ❤️").
_SELECTOR = icu.UnicodeSet("[:Variation_Selector:]")
BRAILLE_BLANK = "\u2800"
# The scripts of every script and of none (ISO 15924 codes), left out when a name's scripts
# are listed.
AnyScript = Literal["Zyyy", "Zinh", "Zzzz"]
_ANY_SCRIPT: tuple[AnyScript, ...] = get_args(AnyScript)


def _invisible(char: str) -> bool:
    """Whether `char` draws nothing: a default-ignorable, control or format character, or the
    blank Braille pattern."""
    return (
        _IGNORABLE.contains(char)
        or unicodedata.category(char) in ("Cc", "Cf")
        or char == BRAILLE_BLANK
    )


def _blank(char: str) -> bool:
    """A space or an invisible character, as a name's ends are trimmed of."""
    return char.isspace() or (_invisible(char) and not _SELECTOR.contains(char))


def tidy(name: str) -> str:
    """`name` composed (NFC) and trimmed of spaces and invisible characters at either end."""
    text = unicodedata.normalize("NFC", name)
    start, end = 0, len(text)
    while start < end and _blank(text[start]):
        start += 1
    while end > start and _blank(text[end - 1]):
        end -= 1
    return text[start:end]


def skeleton(name: str) -> str:
    """What `name` looks like (UTS #39): two names with one skeleton cannot be told apart at a
    glance."""
    seen = "".join(char for char in name if not _invisible(char))
    return _CONFUSABLES.getSkeleton(0, " ".join(seen.split()))


def shows_something(name: str) -> bool:
    """A letter, digit, sign or emoji is left once spaces, invisible characters and marks (an
    accent over nothing) are taken away."""
    return any(
        not char.isspace()
        and not _invisible(char)
        and not unicodedata.category(char).startswith("M")
        for char in name
    )


def scripts_of(name: str) -> list[str]:
    """The scripts `name` is written in, in the order they come ('Latin', 'Cyrillic'):
    each character's own, or the first it is used with (the long vowel mark "ー", common to
    Japanese's two kana, is Hiragana)."""
    found: list[str] = []
    for char in name:
        script = icu.Script.getScript(ord(char))
        if script.getShortName() in _ANY_SCRIPT:
            script = icu.Script(icu.Script.getScriptExtensions(char)[0])
        words = script.getName().replace("_", " ")
        if script.getShortName() not in _ANY_SCRIPT and words not in found:
            found.append(words)
    return found


def _mixes_scripts(name: str) -> bool:
    return bool(_ONE_SCRIPT.check(name) & icu.USpoofChecks.RESTRICTION_LEVEL)


def new_name(name: str, others: Sequence[str] = (), *, field: str = "players") -> str:
    """A name given from now on, tidied: refused (naming `field` and the name) when it shows
    nothing, is too long once composed, looks like one of `others` (the names already at
    the table, those who left included: they are still in the tally) or mixes scripts."""
    tidied = tidy(name)
    if not shows_something(tidied):
        raise Refusal(
            # Escaped (ascii), so the message shows which characters were sent.
            said(
                "{field}: {name} shows nothing; every player needs a name the table can read",
                field=field,
                name=ascii(name),
            ),
            field=field,
            player=name,
        )
    if len(tidied) > MAX_NAME_LENGTH:  # composing may lengthen it ("\ufb2c" is three)
        raise Refusal(
            said(
                "{field}: {tidied}... is longer than {max_name_length} "
                "characters once written out; use a shorter name",
                field=field,
                tidied=repr(tidied[:MAX_NAME_LENGTH]),  # the message says "..." itself
                max_name_length=MAX_NAME_LENGTH,
            ),
            field=field,
            player=tidied[:MAX_NAME_LENGTH],
        )
    double = next((other for other in others if _alike(tidied, other)), None)
    if double is not None:
        raise Refusal(
            said(
                "{field}: {tidied} looks like {double}; give each player a "
                "name the table can tell apart",
                field=field,
                tidied=repr(tidied),
                double=repr(double),
            ),
            field=field,
            player=tidied,
        )
    if _mixes_scripts(tidied):
        raise Refusal(
            said(
                "{field}: {name} mixes {scripts} letters; write each name in one alphabet",
                field=field,
                name=repr(tidied),
                scripts=names_in_words(scripts_of(tidied)),
            ),
            field=field,
            player=tidied,
        )
    return tidied


def new_names(
    names: Iterable[str], others: Sequence[str] = (), *, field: str = "players"
) -> tuple[str, ...]:
    """Names given from now on, tidied, each checked by `new_name` against `others` and the
    names before it."""
    given: list[str] = []
    for name in names:
        given.append(new_name(name, [*others, *given], field=field))
    return tuple(given)


def _alike(name: str, other: str) -> bool:
    """The same name but for case, or two names drawn alike."""
    return name.casefold() == other.casefold() or skeleton(name) == skeleton(other)


def check_table_name(name: Any, *, blank: str | None = None) -> str:
    """A table's name: 1 to TABLE_NAME_LENGTH printable characters (counted as sent, as a
    form box or a JSON schema counts them, and once composed), tidied as a player's name is;
    a blank one is `blank` when given (a new table may go unnamed, a table's file may not),
    and one that shows nothing is refused."""
    refused = Refusal(
        said(
            "name: a table's name is 1 to {table_name_length} printable "
            "characters (letters, digits, spaces; no tabs or line breaks)",
            table_name_length=TABLE_NAME_LENGTH,
        ),
        field="name",
    )
    if not isinstance(name, str) or len(name) > TABLE_NAME_LENGTH:
        raise refused
    if not name.strip() and blank is not None:
        return blank
    if not name.strip() or not name.strip().isprintable():
        raise refused
    text = tidy(name)
    if not shows_something(text):
        raise Refusal(
            said(
                "name: {name} shows nothing; give the table a name that can be read",
                name=ascii(name),
            ),
            field="name",
        )
    if len(text) > TABLE_NAME_LENGTH:
        raise refused
    return text
