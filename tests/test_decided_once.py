"""Every rule decided once, the same at every door (issue 20, item 5): the one door or the
core decides, and the pages and the API only say what it answered."""

import re

import pytest

from referee.store import commands
from tests.test_api_tables import body, send
from tests.test_api_tables import new_table as new_api_table
from tests.test_ledger import CAUGHT, db, new_table  # noqa: F401 (db is a fixture)
from tests.test_pages import played_night, tally, text, transfers
from tests.test_tongits_tables import start_tongits

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


@pytest.mark.parametrize(
    ("query", "api_says", "page_says"),
    [
        (
            "?mode=cash",
            "mode: choose fewest, banker, as_is",
            "That is not a way to settle up here: choose one of the ways above.",
        ),
        ("?mode=banker", "to: say who is the banker", "say who is the banker"),
        ("?mode=banker&to=", "to: say who is the banker", "say who is the banker"),
        (
            "?mode=banker&to=Zed",
            "Zed has no balance tonight, so cannot be the banker",
            "Zed has no balance tonight, so cannot be the banker",
        ),
    ],
)
def test_a_way_to_settle_up_there_is_not_is_refused_at_both_doors(
    web, client, query, api_says, page_says
):
    """The page used to show the fewest payments instead, in silence: now it says what is
    wrong above the ways to choose, lists no payment, and still shows the balances."""
    table = played_night(web)
    page = web.get(f"/t/{table}/settle-up{query}")
    words = text(page)
    assert page.status_code == 400
    assert re.findall(r'<p class="error" role="alert">(.*?)</p>', words) == [page_says]
    assert transfers(words) == [] and "Nobody owes anybody" not in words
    assert tally(words) == {"Anna": 2, "Ben": -2, "Carla": -2, "Dan": 2}
    ways = words.split('aria-label="Ways to settle"')[1].split("</nav>")[0]
    assert "aria-current" not in ways  # no way is shown as the one chosen
    table_id, token, _ = new_api_table(client)
    refused = send(client, "GET", f"/api/tables/{table_id}/settle-up{query}", token=token)
    assert refused.status_code == 400 and body(refused) == {"error": api_says}


def test_the_ways_to_settle_up_still_answer_on_the_page(web):
    table = played_night(web)
    for query in ("", "?mode=fewest", "?mode=as_is", "?mode=banker&to=Ben"):
        page = web.get(f"/t/{table}/settle-up{query}")
        assert page.status_code == 200 and 'class="error"' not in text(page)


# The questions a Tongits ending's form may ask besides its winner, by the name of their
# box (a player's box is named with the player's id after it: total_3).
ASKED_OF_AN_ENDING = {"sapaw_on_caller", "last_card", "fought", "burned", "total"}


@pytest.mark.parametrize(
    ("kind", "asked"),
    [
        ("tongits", {"burned"}),
        ("bisaklat", set()),
        ("draw", {"total", "fought", "sapaw_on_caller", "burned"}),  # a lay-off stops a call
        ("stock_out", {"total", "last_card", "burned"}),
    ],
)
def test_a_tongits_form_asks_what_the_core_says_that_ending_is_asked(web, kind, asked):
    """The questions on the page are those the core's `facts_asked` gives at the preset
    (tests/rules/test_tongits_asked.py), each asked of every player where it is a player's."""
    table = start_tongits(web)
    page = text(web.get(f"/t/{table}/hands/new/{kind}"))
    boxes = set(re.findall(r'name="([a-z_]+?)(?:_\d+)?"', page)) & ASKED_OF_AN_ENDING
    assert boxes == asked
    for box in ("burned", "fought", "total"):
        assert len(re.findall(rf'name="{box}_\d+"', page)) == (3 if box in boxes else 0)
