"""Names given from now on: composed, trimmed, something to see, and no lookalike (issue 13)."""

import unicodedata

import pytest

from referee.rules import Refusal
from referee.rules.names import new_names, skeleton, tidy

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
