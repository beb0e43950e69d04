"""Small fixes in a real browser (issue 12, item 6): times in the phone's own time zone."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, expect

from bench.pages import build_table


@pytest.fixture
def hand_page(live_app) -> str:
    """A table with one hand: its join link, then that hand's page."""
    table_id, token = build_table(live_app, 1)
    return f"/join/{table_id}/{token}"


def test_a_hand_s_time_shows_in_the_phone_s_time_zone(
    browser: Browser, browser_context_args, server_url, hand_page
):
    context = browser.new_context(
        **browser_context_args, timezone_id="Asia/Manila", locale="en-GB", base_url=server_url
    )
    page = context.new_page()
    page.goto(hand_page)
    page.goto(page.url + "/hands/1")
    time = page.locator("ol.changes time").first
    stamp = time.get_attribute("datetime")
    at = datetime.fromisoformat(stamp).astimezone(ZoneInfo("Asia/Manila"))
    # Manila is 8 hours ahead of UTC all year: the UTC text is replaced by the local time.
    expect(time).to_have_text(at.strftime("%H:%M:%S"))
    assert not time.inner_text().endswith("UTC")
    context.close()
