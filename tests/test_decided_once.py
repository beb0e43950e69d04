"""Every rule decided once, the same at every door (issue 20, item 5): the one door or the
core decides, and the pages and the API only say what it answered."""

import pytest

from referee.store import commands
from tests.test_ledger import CAUGHT, db, new_table  # noqa: F401 (db is a fixture)

OUT = {"kind": "out", "player": "Ben"}


def test_the_one_door_decides_a_resent_key(db):  # noqa: F811
    """A key that entered nothing is no resend; the same outcome again is answered with its
    hand, wherever it is read; another outcome, or one the door could not read as that
    hand's (None), is refused on `entry_key`, naming the hand."""
    table, _ = new_table(db)
    assert commands.resent(db, table, None, lambda _: CAUGHT) is None
    assert commands.resent(db, table, "k" * 16, lambda _: CAUGHT) is None
    hand = commands.enter_hand(db, table, CAUGHT, entry_key="k" * 16).hand
    read_with = []

    def sent(entered):
        read_with.append(entered.no)
        return CAUGHT

    assert commands.resent(db, table, "k" * 16, sent) is hand and read_with == [1]
    for other in (lambda _: OUT, lambda _: None):
        with pytest.raises(commands.KeyReused) as reused:
            commands.resent(db, table, "k" * 16, other)
        assert reused.value.field == "entry_key" and reused.value.hand is hand
        assert reused.value.message == (
            "entry_key: this entry was already saved as hand 1, with another outcome; "
            "to change it, edit hand 1"
        )
    again = commands.enter_hand(db, table, CAUGHT, entry_key="k" * 16)
    assert again.again and again.hand is hand
