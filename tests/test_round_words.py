"""Each game worded as itself (issue 23, item 4): the shared pages ask the table's game what
it calls a round, so a Tongits table says game where a Tonk table says hand, on every page,
in every flash message and in the words its scripts show; and Tongits says stock, as its
spec does, wherever the stock ran out.
"""

import re

import pytest

from tests.test_pages import (
    enter_hand,
    flashes,
    plain,
    start_table,
    text,
)
from tests.test_tongits_tables import FIRST, SECOND, enter_game, start_tongits

FILIPINO = {"Accept-Language": "fil-PH,fil;q=0.9"}
# Where a Tongits page rightly says "hand": the cards a player holds, never a round.
CARDS_IN_HAND = re.compile(r"Count a hand|\bin (?:your |the |each )?hand\b", re.IGNORECASE)


def heading(page: str, tag: str = "h1") -> str:
    return plain(re.search(rf"<{tag}>(.*?)</{tag}>", page, flags=re.S).group(1))


def tongits_night(web) -> int:
    """A Tongits table with its first game saved (Ben's draw, tongits.md example 1)."""
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    return table


def void_game(web, table: int, no: int):
    page = text(web.get(f"/t/{table}/hands/{no}/void"))
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    return web.post(
        f"/t/{table}/hands/{no}/void", {"version": version}, page=f"/t/{table}/hands/{no}/void"
    )


def test_a_tongits_table_page_asks_how_the_game_ended_and_counts_games(web):
    table = start_tongits(web)
    page = text(web.get(f"/t/{table}"))
    assert heading(page, "h2") == "How did the game end?"
    assert 'aria-label="Enter a game"' in page
    assert "Tally after 0 games" in plain(page)
    assert "(optional, best before the first game)" in plain(page)
    assert re.findall(r'<nav aria-label="Table">(.*?)</nav>', page, re.S)[0].count(">Games<") == 1
    assert "Games and payments (CSV)" in plain(page)

    enter_game(web, table, FIRST)
    page = text(web.get(f"/t/{table}"))
    assert flashes(page) == ["Game 1 saved."]
    assert "Tally after 1 game" in plain(page) and "Latest games" in plain(page)
    # The chart's last point, and its words for a screen reader.
    assert ">game 1</text>" in page
    assert "Running tally of each player across 1 game" in page


def test_a_tongits_game_s_pages_say_game(web):
    table = tongits_night(web)
    history = text(web.get(f"/t/{table}/hands/"))
    assert heading(history) == "Games, newest first"
    assert "<title>Games · Tongits night</title>" in history

    detail = text(web.get(f"/t/{table}/hands/1"))
    assert heading(detail) == "Game 1"
    assert "History of this game" in plain(detail)
    assert ">Fix this game</a>" in detail
    assert ">Void this game (it stays in the history)</a>" in detail

    fix = text(web.get(f"/t/{table}/hands/1/edit"))
    assert heading(fix) == "Fix game 1"

    void = text(web.get(f"/t/{table}/hands/1/void"))
    assert heading(void) == "Void game 1?"
    assert ">Void game 1</button>" in void
    voided = void_game(web, table, 1)
    assert voided.status_code == 303
    page = text(web.get(voided.headers["Location"]))
    assert flashes(page) == ["Game 1 voided; it stays in the history."]
    assert "Game 1 is void." in plain(page)
    detail = text(web.get(f"/t/{table}/hands/1"))
    assert heading(detail) == "Game 1 (void)"
    assert ">Undo the void: game 1 counts again</button>" in detail

    share = plain(text(web.get(f"/t/{table}/share")))
    assert "can enter and fix games; the watch link only shows the tally, the games" in share


def test_a_tongits_form_saves_a_game_and_its_dealer_refusal_says_game(web):
    table = start_tongits(web)
    url = f"/t/{table}/hands/new/tongits"
    form = text(web.get(url))
    assert "Save hand" not in form and "Save game" not in form  # nothing checked yet
    refused = web.submit(url, {"dealer": "999"})
    assert "Dealer: choose who dealt this game" in plain(text(refused))


def test_no_tongits_page_calls_a_round_a_hand(web):
    """Every page of a Tongits night: "hand" only where it means a player's cards."""
    table = tongits_night(web)
    paths = [
        f"/t/{table}",
        f"/t/{table}/hands/",
        f"/t/{table}/hands/1",
        f"/t/{table}/hands/1/edit",
        f"/t/{table}/hands/1/void",
        *(f"/t/{table}/hands/new/{kind}" for kind in ("tongits", "draw", "stock_out", "bisaklat")),
        f"/t/{table}/rules",
        f"/t/{table}/rules/edit",
        f"/t/{table}/settle-up",
        f"/t/{table}/share",
        f"/t/{table}/players",
        f"/t/{table}/ask",
        f"/t/{table}/count",
    ]
    said = {}
    for path in paths:
        page = text(web.get(path))
        visible = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
        words = CARDS_IN_HAND.sub("", plain(visible))
        found = re.findall(r".{0,30}\bhands?\b.{0,30}", words, flags=re.IGNORECASE)
        if found:
            said[path] = found
    assert said == {}


def test_a_game_recounted_after_a_void_names_the_game_in_both_languages(web):
    table = tongits_night(web)
    enter_game(web, table, SECOND)
    assert void_game(web, table, 1).status_code == 303
    english = plain(text(web.get(f"/t/{table}/hands/2")))
    assert "pot and run recounted after game 1 voided: the payments above" in english
    filipino = plain(text(web.get(f"/t/{table}/hands/2", headers=FILIPINO)))
    assert "pagkatapos ng na-void ang laro 1:" in filipino


def test_a_tongits_stock_out_says_stock_throughout(web):
    table = start_tongits(web)
    form = plain(text(web.get(f"/t/{table}/hands/new/stock_out")))
    assert "Stock ran out" in form
    # "stock" opens its meaning where the form says it (a glossed term).
    assert "Who took the last card of the stock the cards left face down" in form
    assert "stack" not in form.lower()
    everyone_burned = {"kind": "stock_out", "burned": ["Anna", "Ben", "Carla"]}
    page = enter_game(web, table, everyone_burned)
    assert "Stock ran out, everyone burned: nobody won" in plain(page)


def test_a_tongits_table_says_laro_in_filipino(web):
    table = tongits_night(web)
    page = text(web.get(f"/t/{table}", headers=FILIPINO))
    assert heading(page, "h2") == "Paano natapos ang laro?"
    assert "Tally pagkatapos ng 1 laro" in plain(page)
    detail = text(web.get(f"/t/{table}/hands/1", headers=FILIPINO))
    assert heading(detail) == "Laro 1"
    assert ">Ayusin ang laro na ito</a>" in detail


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("", "How did the hand end?"),
        ("", "Tally after 1 hand"),
        ("/hands/", "Hands, newest first"),
        ("/hands/1", "Fix this hand"),
        ("/hands/1/edit", "Fix hand 1"),
        ("/hands/1/void", "Void hand 1?"),
    ],
)
def test_a_tonk_table_still_says_hand(web, path, words):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    assert words in plain(text(web.get(f"/t/{table}{path}")))


def test_a_tonk_save_flashes_hand(web):
    table = start_table(web)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    assert flashes(text(web.get(f"/t/{table}"))) == ["Hand 1 saved."]
