"""Messages say what just happened, once (issue 23, items 3 and 6): a flash shows on the page
after the change and not on the next, a hand saved in place clears the messages before it
and the start banner, and a save that changes nothing says so and writes no history line, at
every door (the pages, the API, the command itself)."""

import re

from sqlmodel import Session, select

from referee.store import commands
from referee.store.models import GameTable, Hand, HandChange, Player, RulesVersion
from tests.test_api_tables import body, new_table, send
from tests.test_api_tables import enter as api_enter
from tests.test_pages import (
    CAUGHT,
    HX,
    enter_hand,
    flashes,
    hand_fields,
    player_ids,
    set_rules,
    start_table,
    table_page,
    tally,
    text,
)

OFFER = '<p class="rules-offer">'
SAID_CLEARED = '<div id="said" hx-swap-oob="true"></div>'
OFFER_GONE = '<div id="start-offer" hx-swap-oob="true"></div>'


def saved_in_place(web, table: int, outcome: dict) -> str:
    """A hand entered from the table page as htmx does it: the answer it swaps in."""
    url = f"/t/{table}/hands/new/{outcome['kind']}"
    fields = hand_fields(player_ids(web, table), outcome)
    preview = web.resubmit(web.get(url, headers=HX), url, fields, headers=HX)
    saved = web.resubmit(preview, url, {"save": "1"}, headers=HX)
    assert saved.status_code == 200
    return text(saved)


# Item 3: a flash shows once; the start banner goes after the first hand


def test_a_flash_shows_on_the_page_after_the_change_and_not_on_the_next(web):
    table = start_table(web)
    set_rules(web, table, {"caught_pays": 3})
    assert flashes(table_page(web, table)) == [
        "House rules saved; they apply from the next hand on."
    ]
    assert flashes(table_page(web, table)) == []


def test_a_copy_kept_for_offline_leaves_the_message_to_the_players_page(web):
    """The table page has the service worker keep the pages it links to, in the background:
    such a copy, asked for around a save, took the message or, answering last with the
    cookie from before the save, put back the session without it."""
    table = start_table(web)
    set_rules(web, table, {"caught_pays": 3})
    for kept in (f"/t/{table}", f"/t/{table}/rules", f"/t/{table}/hands/new/drop"):
        copy = web.get(kept, headers={"X-Keep-Copy": "1"})
        assert copy.status_code == 200 and flashes(text(copy)) == []
        assert "Set-Cookie" not in copy.headers
    players_page = web.get(f"/t/{table}")
    assert flashes(text(players_page)) == ["House rules saved; they apply from the next hand on."]
    assert "Set-Cookie" in players_page.headers  # the message taken, the session written


def test_a_hand_saved_in_place_clears_the_messages_before_it_and_the_start_banner(web):
    table = start_table(web)
    assert OFFER in table_page(web, table)
    answer = saved_in_place(web, table, CAUGHT)
    assert '<p class="flash" role="status">Hand 1 saved.</p>' in answer
    # Out of band: the messages area emptied, the banner's place left empty.
    assert SAID_CLEARED in answer
    assert OFFER_GONE in answer
    assert OFFER not in answer
    page = table_page(web, table)
    assert OFFER not in page and flashes(page) == []
    # The second hand clears them again: both places stay on the page, empty.
    assert '<div id="said">' in page and '<div id="start-offer"></div>' in page
    answer = saved_in_place(web, table, {"kind": "out", "player": "Ben"})
    assert SAID_CLEARED in answer and OFFER_GONE in answer


def test_the_start_banner_goes_once_the_house_rules_are_changed(web):
    table = start_table(web)
    assert OFFER in table_page(web, table)
    set_rules(web, table, {"scoring": "points", "points_target_hands": 3})
    page = table_page(web, table)
    assert OFFER not in page and "Ready to play" not in page


def test_the_start_banner_stays_gone_when_the_first_hand_is_voided(web):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    web.post(f"/t/{table}/hands/1/void", {"version": "1"}, page=f"/t/{table}/hands/1/void")
    assert OFFER not in table_page(web, table)


def test_a_phone_polling_the_table_loses_the_banner_when_another_enters_the_first_hand(web):
    table = start_table(web)
    assert OFFER in text(web.get(f"/t/{table}/live", headers=HX))
    enter_hand(web, table, CAUGHT)
    polled = text(web.get(f"/t/{table}/live", headers=HX))
    assert OFFER_GONE in polled and OFFER not in polled


# Item 6: a save that changes nothing says so and writes nothing


def test_fixing_a_hand_with_nothing_changed_says_so_and_writes_no_history_line(web, rows):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    url = f"/t/{table}/hands/1/edit"
    checked = web.submit(url)  # the form as it was filled, checked
    saved = web.resubmit(checked, url, {"save": "1"})
    assert saved.status_code == 303 and saved.headers["Location"] == f"/t/{table}"
    page = table_page(web, table)
    assert flashes(page) == ["Nothing changed: hand 1 is as it was."]
    assert tally(page) == {"Anna": -2, "Ben": 3, "Carla": -1}
    assert rows(HandChange) == 1
    assert rows(Hand, Hand.version == 1) == 1
    detail = text(web.get(f"/t/{table}/hands/1"))
    history = re.search(r'<ol class="changes">(.*?)</ol>', detail, re.S).group(1)
    assert history.count("<li>") == 1 and "was:" not in history


def test_fixing_a_hand_s_dealer_alone_is_a_change(web, rows):
    table = start_table(web)
    enter_hand(web, table, CAUGHT)
    url = f"/t/{table}/hands/1/edit"
    checked = web.submit(url, {"dealer": player_ids(web, table)["Carla"]})
    web.resubmit(checked, url, {"save": "1"})
    assert flashes(table_page(web, table)) == ["Hand 1 changed; its history keeps what it was."]
    assert rows(HandChange) == 2


def test_saving_the_house_rules_unchanged_says_nothing_changed(web, rows):
    table = start_table(web)
    response = web.submit(f"/t/{table}/rules/edit")
    assert response.status_code == 302
    assert flashes(table_page(web, table)) == ["Nothing changed: the house rules are as they were."]
    assert rows(RulesVersion) == 1


def test_the_api_answers_an_unchanged_hand_with_it_as_it_was(client, rows):
    table_id, token, _ = new_table(client)
    api_enter(client, table_id, token, CAUGHT)
    before = body(send(client, "GET", f"/api/tables/{table_id}", token=token))["version"]
    url = f"/api/tables/{table_id}/hands/1"
    response = send(client, "PUT", url, {"outcome": CAUGHT, "version": 1}, token)
    assert response.status_code == 200
    hand = body(response)
    assert (hand["no"], hand["version"], hand["outcome"]) == (1, 1, CAUGHT)
    assert rows(HandChange) == 1
    after = body(send(client, "GET", f"/api/tables/{table_id}", token=token))["version"]
    assert after == before  # nothing changed: a watching phone has nothing to fetch
    # The version it was sent is still the current one: the next real fix goes through.
    fixed = {**CAUGHT, "totals": {"Anna": 6, "Ben": 8, "Carla": 11}}
    response = send(client, "PUT", url, {"outcome": fixed, "version": 1}, token)
    assert (response.status_code, body(response)["version"]) == (200, 2)
    assert rows(HandChange) == 2


def test_the_command_tells_an_unchanged_tongits_game_from_a_changed_one(app):
    won = {"kind": "tongits", "player": "Ben"}
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = commands.start_table(
            db, name="", players=["Anna", "Ben", "Carla"], preset_name="tongits", game="tongits"
        )
        anna = db.exec(select(Player).where(Player.name == "Anna")).one()
        hand = commands.enter_hand(db, table, won, dealer=anna).hand
        assert commands.edit_hand(db, table, hand, won, anna, version=1) is False
        assert hand.version == 1
        assert len(db.exec(select(HandChange)).all()) == 1
        assert db.get(GameTable, table.id).version == table.version
        instead = {"kind": "tongits", "player": "Carla"}
        assert commands.edit_hand(db, table, hand, instead, anna, version=1) is True
        assert hand.version == 2
        assert len(db.exec(select(HandChange)).all()) == 2
