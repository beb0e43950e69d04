"""A player's name as the table reads it: one spelling, something to see, and no double.

Names are how a table tells its players apart: on the pages, in the tally, in who pays whom.
A name given from now on (a new table's players, one sitting in, a new name) is put in
Unicode's composed form (NFC: "é" is one character however the phone typed it), trimmed of
spaces and invisible characters at either end, and refused when nothing visible is left
("\\u3164", the Hangul filler, shows as a blank) or when it looks like another name at the
table: "Аnna" with a Cyrillic А pays and is paid apart from "Anna" while no one can see
which is which.

Looking alike is decided by a skeleton, after Unicode's confusable detection (UTS #39):
compatibility forms unfolded (NFKD: "Ａnna" is "Anna"), invisible characters dropped, the
Cyrillic and Greek letters that are drawn like Latin ones mapped to them, I, 1 and l made
one, and 0 and O, and runs of spaces ignored. Case is kept there, as UTS #39 keeps it ("Lan"
is not "Ian", though "lan" is); names that differ only by case are refused on their own. A
small table of our own: on PyPI,
confusable-homoglyphs flags one name that mixes scripts (not two names that look alike),
and confusables was last released in 2021; these letters are what phones' keyboards offer.

Names already stored are not checked again: a table that has them still opens, settles and
imports as it did.
"""

import unicodedata
from collections.abc import Iterable, Sequence

from referee.rules.limits import MAX_NAME_LENGTH
from referee.rules.refusal import Refusal
from referee.rules.said import said

# Characters that draw nothing though they are letters or marks to Unicode (so `isprintable`
# lets them through): the Hangul fillers, the blank Braille pattern, the Khmer inherent
# vowels, the combining grapheme joiner, the Mongolian free variation selectors.
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180b\u180c\u180d\u180f")
VARIATION_SELECTORS = (range(0xFE00, 0xFE10), range(0xE0100, 0xE01F0))

# Letters drawn like a Latin letter (or digit) in the fonts phones use, as that letter.
_LOOKALIKE_PAIRS = {
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y",
    "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I", "Ԁ": "D",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
    "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ү": "y", "ӏ": "l",
    "ɑ": "a", "ı": "i",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "υ": "u", "ϲ": "c",
    "ϳ": "j", "τ": "t", "χ": "x",
    # Latin and digits drawn alike
    "I": "l", "1": "l", "|": "l", "0": "O",
}  # fmt: skip
LOOKALIKES = str.maketrans(_LOOKALIKE_PAIRS)


def _invisible(char: str) -> bool:
    """Whether `char` draws nothing: a control or format character, or a filler."""
    return unicodedata.category(char) in ("Cc", "Cf") or char in FILLERS


def _selector(char: str) -> bool:
    """A variation selector: it changes how the character before it is drawn (an emoji in
    colour), not what it is; kept in a name, left out of what a name looks like."""
    return any(ord(char) in selectors for selectors in VARIATION_SELECTORS)


def _blank(char: str) -> bool:
    return char.isspace() or _invisible(char)


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
    """What `name` looks like: two names with one skeleton cannot be told apart at a glance."""
    unfolded = unicodedata.normalize("NFKD", name)
    seen = "".join(char for char in unfolded if not _invisible(char) and not _selector(char))
    return " ".join(seen.translate(LOOKALIKES).split())


def _shows_something(name: str) -> bool:
    """A letter, digit, sign or emoji is left once spaces, invisible characters and marks
    (an accent over nothing) are taken away."""
    return any(
        not _blank(char) and not _selector(char) and not unicodedata.category(char).startswith("M")
        for char in name
    )


def new_names(
    names: Iterable[str], others: Sequence[str] = (), *, field: str = "players"
) -> tuple[str, ...]:
    """Names given from now on, tidied: refused (naming `field` and the name) when one shows
    nothing, or looks like another of them or like one of `others`, the names already at
    the table (those who left included: they are still in the tally)."""
    given: list[str] = []
    for name in names:
        tidied = tidy(name)
        if not _shows_something(tidied):
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
        double = next(
            (other for other in [*others, *given] if _alike(tidied, other)),
            None,
        )
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
        given.append(tidied)
    return tuple(given)


def _alike(name: str, other: str) -> bool:
    """The same name but for case, or two names drawn alike."""
    return name.casefold() == other.casefold() or skeleton(name) == skeleton(other)
