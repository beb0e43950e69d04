"""The shell's words go through gettext (issue 22): rendered with a fake language that
upper-cases every message, a page's own words come out in capitals."""

import re

import flask_babel
import pytest

from tests.test_pages import CAUGHT, enter_hand, start_table, text
from tests.test_tongits_tables import start_tongits

# What a message keeps as it is: its placeholders (gettext's, and the core's {name} of a
# Said, which the pages word through the same translations), its HTML tags and entities.
KEPT = re.compile(r"(%\([a-z_]+\)[sd]|%%|\{[a-z_]+\}|<[^>]*>|&[a-z]+;)")


class Shouting:
    """Every message upper-cased, what KEPT matches untouched."""

    def ugettext(self, message: str) -> str:
        return "".join(p if KEPT.fullmatch(p) else p.upper() for p in KEPT.split(message))

    def ungettext(self, singular: str, plural: str, n: int) -> str:
        return self.ugettext(singular if n == 1 else plural)

    gettext = ugettext
    ngettext = ungettext


def shout(monkeypatch):
    monkeypatch.setattr(flask_babel.Domain, "get_translations", lambda self: Shouting())


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("", ["HOW DID THE HAND END?", "TALLY AFTER 1 HAND", "CHANGE HOUSE RULES"]),
        ("/hands/", ["HANDS, NEWEST FIRST", "Anna PAYS Ben"]),
        ("/hands/1", ["HISTORY OF THIS HAND", "FIX THIS HAND", "ENTERED BY SCOREKEEPER ON PHONE "]),
        ("/settle-up", ["FEWEST PAYMENTS", "UP AND DOWN TONIGHT"]),
        ("/share", ["SHARE THIS TABLE", "SCOREKEEPER LINK", "NEW WATCH LINK"]),
        ("/players", ["PLAYERS AND SEATS", "SIT IN"]),
        ("/count", ["TAP EACH CARD IN THE HAND"]),
        ("/spread", ["IS IT A SPREAD? MAY IT BE HIT?"]),
    ],
)
def test_a_tonk_tables_pages_say_their_words_through_gettext(web, monkeypatch, path, words):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)  # in English: the tests' helpers read its words
    shout(monkeypatch)
    page = text(web.get(f"/t/{table}{path}"))
    assert [w for w in words if w not in page] == []


def test_a_tongits_table_and_the_start_page_say_their_words_through_gettext(web, monkeypatch):
    shout(monkeypatch)
    home = text(web.get("/"))
    assert "START THE TABLE" in home and "Start the table" not in home
    monkeypatch.undo()
    table = start_tongits(web)
    shout(monkeypatch)
    page = text(web.get(f"/t/{table}"))
    assert "TALLY AFTER 0 GAMES" in page and "DEALS (13 CARDS) AND DISCARDS FIRST:" in page
    meld = text(web.get(f"/t/{table}/spread"))
    assert "IS IT A MELD? MAY A CARD BE LAID OFF ON IT?" in meld


def test_in_english_the_words_are_as_written(web):
    table = start_table(web)
    assert "Tally after 0 hands" in text(web.get(f"/t/{table}"))


def test_the_forms_the_error_pages_and_the_pickers_say_their_words_through_gettext(
    web, monkeypatch
):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    shout(monkeypatch)
    home = text(web.get("/"))
    for words in ("TABLE NAME", "FIRST DEALER", "CUT FOR THE DEAL", "PLAYER 2", "TONK: 2 TO 6"):
        assert words in home
    assert 'placeholder="FRIDAY NIGHT"' in home
    page = text(web.get(f"/t/{table}"))
    assert "COUNT A HAND" in page and "RUNNING TALLY OF EACH PLAYER ACROSS 1 HAND" in page
    assert "1 TO 20, OR EMPTY: " in text(web.get(f"/t/{table}/rules/edit"))
    form = text(web.get(f"/t/{table}/hands/new/drop"))
    assert "WHO DROPPED?" in form and "DEALER" in form
    assert "52-CARD DECK" in text(web.get(f"/t/{table}/count"))
    # A refusal of the core, worded in the page's language.
    assert "IS NOT A CARD (RANK THEN SUIT" in text(web.get(f"/t/{table}/spread?card=XX"))
    missing = web.get("/t/999")
    assert missing.status_code == 404 and "NOT HERE" in text(missing)


def test_a_tongits_hand_form_and_ask_page_say_their_words_through_gettext(web, monkeypatch):
    table = start_tongits(web)
    shout(monkeypatch)
    draw = text(web.get(f"/t/{table}/hands/new/draw"))
    assert "Anna FOUGHT" in draw
    # The question, and the Tongits word in it with its meaning (the core's words).
    assert (
        'WHO CALLED THE <details class="term"><summary>DRAW</summary> <span class="means">'
        "CALLING THE GAME OVER ON YOUR TURN: THE LOWEST COUNT WINS</span></details>?"
    ) in draw
    assert "THE CALLER&#39;S MELDS" in draw
    ask = text(web.get(f"/t/{table}/ask?ask=1&question=fight"))
    assert "CHOOSE WHO IS ASKING: Anna, Ben OR Carla." in ask
    assert "OTHERS&#39; MELDS" in ask and "MELD OR LAY OFF" in ask


def test_words_marked_at_import_time_are_escaped_as_any_text(web):
    """A lazy label keeps its apostrophe escaped, as the plain string it replaced."""
    table = start_tongits(web)
    ask = text(web.get(f"/t/{table}/ask"))
    assert "Cards they laid off on others&#39; melds do not count." in ask
