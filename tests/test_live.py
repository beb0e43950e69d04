"""The live tally: a watching phone's poll costs a 304 until the table changes."""

import json
import re

from tests.test_pages import CAUGHT, enter_hand, start_table, table_page


def shown_etag(page: str) -> str:
    """The version the page shows, as its poll sends it in If-None-Match."""
    return json.loads(re.search(r'"If-None-Match": ("(?:[^"\\]|\\.)*")', page).group(1))


def test_an_unchanged_table_answers_304_with_no_body(web):
    table = start_table(web)
    tag = shown_etag(table_page(web, table))
    response = web.get(f"/t/{table}/live", headers={"If-None-Match": tag, "HX-Request": "true"})
    assert response.status_code == 304 and response.data == b""
    assert response.headers["ETag"] == tag


def test_a_new_hand_is_sent_to_the_phones_that_watch(web):
    table = start_table(web)
    tag = shown_etag(table_page(web, table))
    enter_hand(web, table, CAUGHT)
    response = web.get(f"/t/{table}/live", headers={"If-None-Match": tag, "HX-Request": "true"})
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["ETag"] != tag
    assert "Tally after 1 hand" in body and 'id="deal"' in body and "hx-swap-oob" in body
    assert shown_etag(body) == response.headers["ETag"]  # the next poll asks from here


def test_a_stranger_cannot_poll_a_table(web, app):
    table = start_table(web)
    stranger = app.test_client()
    assert stranger.get(f"/t/{table}/live").status_code == 404
