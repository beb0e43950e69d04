"""Names given from now on: composed, trimmed, something to see, no lookalike (issue 13), by
Unicode's own confusables and in one script (issue 24); a table's name shows something."""

import unicodedata

import pytest

from referee.rules import Refusal
from referee.rules.names import check_table_name, new_names, skeleton, tidy

CYRILLIC_ANNA = "\u0410nna"  # А, CYRILLIC CAPITAL LETTER A


def test_a_name_is_composed_and_trimmed_of_invisible_ends():
    decomposed = "Jose\u0301"  # e + COMBINING ACUTE ACCENT, as some keyboards send it
    assert new_names([decomposed, "Anna\u3164", "\u200bBen\ufeff"]) == ("José", "Anna", "Ben")
    assert unicodedata.is_normalized("NFC", tidy(decomposed))


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\u3164", r"'\u3164'"),  # HANGUL FILLER
        ("\u200b\u200d", r"'\u200b\u200d'"),  # ZERO WIDTH SPACE, ZERO WIDTH JOINER
        ("\u2800", r"'\u2800'"),  # BRAILLE PATTERN BLANK
        ("\ufe0f\u0301", r"'\ufe0f\u0301'"),  # a variation selector, an accent over nothing
    ],
)
def test_a_name_that_shows_nothing_is_refused(name, shown):
    with pytest.raises(Refusal) as refused:
        new_names(["Anna", name])
    assert refused.value.message == (
        f"players: {shown} shows nothing; every player needs a name the table can read"
    )
    assert (refused.value.field, refused.value.player) == ("players", name)


@pytest.mark.parametrize(
    ("name", "other"),
    [
        (CYRILLIC_ANNA, "Anna"),
        ("\u0391\u03bd\u03bd\u03b1", "Avva"),  # Greek Αννα
        ("\u0410\u0308nna", "\u00c4nna"),  # Cyrillic А and a diaeresis: Latin Ä
        ("\uff21nna", "Anna"),  # FULLWIDTH LATIN CAPITAL LETTER A
        ("An\u200bna", "Anna"),  # ZERO WIDTH SPACE
        ("Anna  Lee", "Anna Lee"),
        ("Ian", "lan"),
        ("B0B", "BOB"),
    ],
)
def test_names_drawn_alike_have_one_skeleton(name, other):
    assert skeleton(name) == skeleton(other)


@pytest.mark.parametrize(
    ("name", "other"),
    [("Jose", "José"), ("Ana", "Anna"), ("\u0413ary", "Gary"), ("Li", "Lí"), ("Lan", "Ian")],
)
def test_names_that_differ_to_the_eye_do_not(name, other):
    assert skeleton(name) != skeleton(other)


def test_a_name_that_looks_like_another_at_the_table_is_refused():
    with pytest.raises(Refusal) as refused:
        new_names(["Anna", "Ben", CYRILLIC_ANNA])
    assert refused.value.message == (
        "players: '\u0410nna' looks like 'Anna'; give each player a name the table can tell apart"
    )
    assert (refused.value.field, refused.value.player) == ("players", CYRILLIC_ANNA)


def test_a_new_name_is_checked_against_the_names_already_there_under_its_field():
    with pytest.raises(Refusal) as refused:
        new_names(["Anna  Lee"], ["Ben", "Anna Lee"], field="name")
    assert refused.value.message == (
        "name: 'Anna  Lee' looks like 'Anna Lee'; give each player a name the table can tell apart"
    )
    assert new_names(["Anna Leigh"], ["Ben", "Anna Lee"], field="name") == ("Anna Leigh",)


def test_names_from_other_scripts_that_look_like_no_other_are_welcome():
    names = ["Ярослав", "Σοφία", "李娜", "Nguyễn", "Zoë", "Anna ❤️"]
    assert new_names(names) == tuple(names)


def test_names_a_table_would_use_that_only_share_a_letter_shape_under_case_are_allowed():
    """I and l are drawn alike, L is not: 'Lan' and 'Ian' sit at one table (the skeleton
    keeps case, as UTS #39's does); 'lan' beside 'Ian' does not."""
    assert new_names(["Ian", "Lan", "Iona", "Lona", "Iola", "Lola"]) == (
        "Ian", "Lan", "Iona", "Lona", "Iola", "Lola",
    )  # fmt: skip
    with pytest.raises(Refusal) as refused:
        new_names(["Ian", "lan"])
    assert refused.value.message == (
        "players: 'lan' looks like 'Ian'; give each player a name the table can tell apart"
    )


def test_a_name_that_composing_lengthens_past_the_limit_is_refused():
    """U+FB2C (a Hebrew letter with two marks) is one character sent, three once composed:
    forty of them passed the length check and were a 500 on PostgreSQL's VARCHAR(40)."""
    with pytest.raises(Refusal) as refused:
        new_names(["Anna", "\ufb2c" * 40])
    assert refused.value.field == "players"
    assert refused.value.message == (
        "players: " + repr("\u05e9\u05bc\u05c1" * 13 + "\u05e9") + "... is longer than 40 "
        "characters once written out; use a shorter name"
    )


def test_names_that_differ_only_by_case_are_refused():
    with pytest.raises(Refusal) as refused:
        new_names(["anna", "Ben", "ANNA"])
    assert refused.value.message == (
        "players: 'ANNA' looks like 'anna'; give each player a name the table can tell apart"
    )


@pytest.mark.parametrize(
    ("other", "name"),
    [
        ("Dan", "\u13a0an"),  # CHEROKEE LETTER A, drawn as a D
        ("Bob", "B\u0585b"),  # ARMENIAN SMALL LETTER OH
        ("Kim", "Kirn"),  # r and n drawn close are an m
        ("Kirn", "Kim"),
        ("Mia", "\u039c\u0456\u0430"),  # Greek Μ, Cyrillic і and а: no script of its own
    ],
)
def test_lookalikes_in_unicodes_confusables_are_refused(other, name):
    """Issue 24: our own letter table missed these; UTS #39's confusables have them."""
    with pytest.raises(Refusal) as refused:
        new_names([other, "Ben", name])
    assert refused.value.message == (
        f"players: {name!r} looks like {other!r}; give each player a name the table can tell apart"
    )
    assert (refused.value.field, refused.value.player) == ("players", name)


@pytest.mark.parametrize(
    ("name", "scripts"),
    [
        ("M\u0430ria", "Latin and Cyrillic"),  # a Cyrillic а, and no Maria at the table
        ("\u13a0an", "Cherokee and Latin"),
        ("B\u0585b", "Latin and Armenian"),
        ("\u0391lex", "Greek and Latin"),
        ("Dan\u0661", "Latin and Arabic"),  # an Arabic-Indic digit one
    ],
)
def test_a_name_that_mixes_scripts_is_refused_naming_them(name, scripts):
    with pytest.raises(Refusal) as refused:
        new_names(["Ben", name])
    assert refused.value.message == (
        f"players: {name!r} mixes {scripts} letters; write each name in one alphabet"
    )
    assert (refused.value.field, refused.value.player) == ("players", name)


def test_the_usual_mixes_of_scripts_are_welcome():
    """UTS #39's highly restrictive level: Latin with Chinese, Japanese or Korean writing;
    digits, signs and emoji go with any script."""
    names = ["山田 Taro", "김 Kim", "王 Wei", "Anna ❤️", "O'Brien", "Ñoño 2"]
    assert new_names(names) == tuple(names)


@pytest.mark.parametrize(
    "name", ["\u3164", "\u2800", "\u3164\u2800", "\u115f\u1160", "\uffa0", "\u034f", "\u17b4"]
)
def test_a_name_of_characters_that_draw_nothing_is_refused(name):
    with pytest.raises(Refusal) as refused:
        new_names([name], ["Anna"], field="name")
    assert refused.value.message == (
        f"name: {ascii(name)} shows nothing; every player needs a name the table can read"
    )


# A table's name


REFUSED = (
    "name: a table's name is 1 to 60 printable characters (letters, digits, spaces; no tabs "
    "or line breaks)"
)


@pytest.mark.parametrize(
    ("name", "blank", "kept"),
    [
        ("  Friday  ", None, "Friday"),
        ("x" * 60, None, "x" * 60),
        ("", "Tonk night", "Tonk night"),
        ("   ", "Unnamed", "Unnamed"),
        ("Friday\u3164", None, "Friday"),  # an invisible end trimmed, as a player's name's
        ("Cafe\u0301", None, "Caf\u00e9"),  # composed
    ],
)
def test_a_table_name_is_trimmed_and_a_blank_one_takes_the_default(name, blank, kept):
    assert check_table_name(name, blank=blank) == kept


@pytest.mark.parametrize(
    ("name", "blank"),
    [
        ("", None),  # blank, and no default for it
        ("   ", None),
        ("x" * 61, None),
        (" " + "x" * 60, None),  # counted as sent: 61 characters, though 60 after trimming
        ("x" * 61, "Tonk night"),  # too long is refused, not replaced by the default
        ("a\tb", None),
        ("nul\x00", "Tonk night"),  # a control character, even at an end
        ("Friday\u200b", None),  # a format character (zero width space), even at an end
        (5, "Tonk night"),  # not text at all
        (None, "Tonk night"),
        ("\ufb2c" * 30, None),  # 30 sent, 90 once composed
    ],
)
def test_a_table_name_outside_the_limits_is_refused_on_the_name_field(name, blank):
    with pytest.raises(Refusal) as refused:
        check_table_name(name, blank=blank)
    assert (refused.value.message, refused.value.field, refused.value.player) == (
        REFUSED,
        "name",
        None,
    )


@pytest.mark.parametrize("blank", [None, "Tonk"])
@pytest.mark.parametrize("name", ["\u3164", "\u2800", " \u2800 \u3164 ", "\u115f"])
def test_a_table_name_that_shows_nothing_is_refused(name, blank):
    """Issue 24: a table named only U+3164 or U+2800 was accepted, a blank box on every
    page; typed on purpose, it is refused rather than taken for an empty box."""
    with pytest.raises(Refusal) as refused:
        check_table_name(name, blank=blank)
    assert (refused.value.message, refused.value.field) == (
        f"name: {ascii(name)} shows nothing; give the table a name that can be read",
        "name",
    )
