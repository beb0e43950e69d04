"""The live preview of a hand form: htmx posts the form as its answers change, without `live`'s
Save, and gets the payout part alone (the boxes being typed in are not replaced); the first
payout it shows comes with a swap that brings it into sight. A plain post is untouched."""

import re
from decimal import Decimal

from referee.store.models import Hand
from tests.test_pages import CAUGHT, HX, hand_fields, paid, player_ids, start_table, text

REVEAL = "innerHTML show:#payout:bottom"


def live(web, table: int, outcome: dict, **changes):
    """The new hand's form as htmx loads it on the table page, posted as the live preview does."""
    url = f"/t/{table}/hands/new/{outcome['kind']}"
    fields = {**hand_fields(player_ids(web, table), outcome), "live": "1", **changes}
    return web.resubmit(web.get(url, headers=HX), url, fields, headers=HX)


def previewed(page: str) -> str:
    match = re.search(r'<input id="previewed" name="previewed" type="hidden" value="([^"]*)"', page)
    assert match, page
    return match.group(1)


def test_a_live_preview_answers_the_payout_part_alone_and_brings_its_first_payout_into_sight(
    web, rows
):
    table = start_table(web)
    response = live(web, table, CAUGHT)
    page = text(response)
    assert response.status_code == 200
    assert "<form" not in page and 'id="total_' not in page and "entry_key" not in page
    assert paid(page) == [("Anna", "Ben", Decimal(2)), ("Carla", "Ben", Decimal(1))]  # caught
    assert "Save hand" in page and "Check the payout" not in page
    assert re.fullmatch(r"[0-9a-f]{32}", previewed(page))
    assert response.headers["HX-Reswap"] == REVEAL
    assert rows(Hand) == 0  # a preview, never a save


def test_a_changed_payout_stays_where_it_is_and_the_same_form_still_saves_it(web, rows):
    table = start_table(web)
    first = previewed(text(live(web, table, CAUGHT)))
    fixed = {**CAUGHT, "totals": {"Anna": 3, "Ben": 8, "Carla": 11}}  # Anna lowest now
    response = live(web, table, fixed, previewed=first)
    page = text(response)
    assert "<form" not in page
    assert paid(page) == [("Ben", "Anna", Decimal(1)), ("Carla", "Anna", Decimal(1))]
    assert "HX-Reswap" not in response.headers  # the box being corrected stays in place
    assert previewed(page) not in ("", first)

    url = f"/t/{table}/hands/new/drop"
    fields = {**hand_fields(player_ids(web, table), fixed), "previewed": previewed(page)}
    form = web.get(url, headers=HX)
    saved = web.resubmit(form, url, {**fields, "inline": "1", "save": "1"}, headers=HX)
    assert '<p class="flash" role="status">Hand 1 saved.</p>' in text(saved)
    assert rows(Hand) == 1


def test_unfinished_answers_show_check_with_no_fingerprint_and_no_scroll(web):
    table = start_table(web)
    response = live(web, table, {"kind": "drop", "player": "Anna", "totals": {"Anna": 6}})
    page = text(response)
    assert "Check the payout" in page and "Save hand" not in page
    assert previewed(page) == ""  # no payout shown: nothing Save could store
    assert "error" not in page  # field errors wait for a tapped Check
    assert "HX-Reswap" not in response.headers


def test_a_plain_post_saying_live_gets_the_whole_page(web):
    table = start_table(web)
    url = f"/t/{table}/hands/new/drop"
    fields = {**hand_fields(player_ids(web, table), CAUGHT), "live": "1"}
    response = web.submit(url, fields)
    assert response.status_code == 200 and "<html" in text(response)
    assert "HX-Reswap" not in response.headers
