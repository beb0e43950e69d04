"""Void asks first and can be undone (issue 12, item 6): the question says what the void
takes out of the tally; Undo restores the hand through the one door, kept in its history."""

import re
from types import SimpleNamespace

from sqlmodel import Session

from referee.store.models import GameTable, Hand, HandChange
from referee.web import access
from tests.test_access import browser
from tests.test_pages import enter_hand, paid, plain, start_table, table_page, tally, text
from tests.test_tongits_tables import (
    FIRST,
    SECOND,
    SECOND_AS_A_FIRST_WIN,
    enter_game,
    start_tongits,
)

OUT = {"kind": "out", "player": "Anna"}  # Ben and Carla pay Anna 1 each
DRAW = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 9}}


def void(web, table: int, no: int, version: str = "1"):
    return web.post(f"/t/{table}/hands/{no}/void", {"version": version})


def test_void_asks_what_it_will_undo_and_changes_nothing_until_confirmed(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    detail = text(web.get(f"/t/{table}/hands/1"))
    assert f'href="/t/{table}/hands/1/void"' in detail  # a link to the question, not a POST

    page = text(web.get(f"/t/{table}/hands/1/void"))
    question = plain(re.search(r'<p class="question">(.*?)</p>', page).group(1))
    assert question == "Void hand 1? Anna +2, Ben \u22121, Carla \u22121 will be undone."
    assert 'name="csrf_token"' in page and f'action="/t/{table}/hands/1/void"' in page
    assert rows(Hand, Hand.void == True) == 0  # noqa: E712


def test_a_draw_moved_nothing_and_says_so(web):
    table = start_table(web)
    enter_hand(web, table, DRAW)
    page = text(web.get(f"/t/{table}/hands/1/void"))
    assert "Void hand 1? It moved nothing." in plain(page)


def test_undo_puts_the_hand_back_and_its_history_keeps_both(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    response = void(web, table, 1)
    assert response.headers["Location"] == f"/t/{table}?voided=1"
    page = text(web.get(response.headers["Location"]))
    assert tally(page) == {"Anna": 0, "Ben": 0, "Carla": 0}
    undo = re.search(r'<form class="undo card"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', page, re.S)
    assert undo.group(1) == f"/t/{table}/hands/1/restore"
    assert plain(undo.group(2)) == "Hand 1 is void. Undo"

    restored = web.resubmit(web.get(f"/t/{table}?voided=1"), undo.group(1), form=0)
    assert restored.status_code == 303
    assert tally(table_page(web, table)) == {"Anna": 2, "Ben": -1, "Carla": -1}
    detail = text(web.get(f"/t/{table}/hands/1"))
    assert re.findall(r"</time>: (\w+)", detail) == ["entered", "voided", "restored"]
    assert rows(HandChange) == 3
    # Once restored, the table page offers no Undo for it any more.
    assert 'class="undo' not in text(web.get(f"/t/{table}?voided=1"))


def test_a_void_hand_is_restored_from_its_own_page_and_a_stale_undo_changes_nothing(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    void(web, table, 1)
    page = text(web.get(f"/t/{table}/hands/1"))
    assert "Undo the void: hand 1 counts again" in page
    stale = web.post(f"/t/{table}/hands/1/restore", {"version": "1"}, page=f"/t/{table}/hands/1")
    assert "was changed meanwhile" in text(stale)
    assert rows(Hand, Hand.void == True) == 1  # noqa: E712
    web.post(f"/t/{table}/hands/1/restore", {"version": "2"}, page=f"/t/{table}/hands/1")
    assert rows(Hand, Hand.void == True) == 0  # noqa: E712


def test_a_watcher_is_offered_no_undo_and_may_not_restore(web, app, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    void(web, table, 1)
    with Session(app.extensions["db_engine"]) as db:
        token = db.get(GameTable, table).watch_token
    watcher = browser(app, SimpleNamespace(id=table, watch=token), access.WATCH)
    page = watcher.get(f"/t/{table}?voided=1")
    assert page.status_code == 200 and 'class="undo' not in text(page)
    assert watcher.post(f"/t/{table}/hands/1/restore", data={"version": "2"}).status_code in (
        400,
        403,
    )
    assert rows(Hand, Hand.void == True) == 1  # noqa: E712


def test_restoring_a_tongits_game_gives_the_second_win_its_pot_again(web):
    table = start_tongits(web)
    enter_game(web, table, FIRST)
    enter_game(web, table, SECOND)
    second = paid(text(web.get(f"/t/{table}/hands/2")))
    web.post(f"/t/{table}/hands/1/void", {"version": "1"})
    assert paid(text(web.get(f"/t/{table}/hands/2"))) == SECOND_AS_A_FIRST_WIN
    web.post(f"/t/{table}/hands/1/restore", {"version": "2"}, page=f"/t/{table}/hands/1")
    assert paid(text(web.get(f"/t/{table}/hands/2"))) == second
    history = text(web.get(f"/t/{table}/hands/2"))
    assert (
        "recounted after game 1 voided" in history and "recounted after game 1 restored" in history
    )
