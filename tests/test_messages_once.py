"""Messages say what just happened, once (issue 23, item 3): a flash shows on the page after
the change and not on the next, and a hand saved in place clears the messages before it and
the start banner."""

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
