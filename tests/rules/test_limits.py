"""A table's name, checked where every limit of a table is declared."""

import pytest

from referee.rules import Refusal
from referee.rules.limits import check_table_name

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
        (5, "Tonk night"),  # not text at all
        (None, "Tonk night"),
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
