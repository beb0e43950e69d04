"""Small fixes in a real browser (issue 12, item 6): times in the phone's own time zone, in
the page's language (issue 22, item 5), and the share page's buttons."""

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


def test_a_filipino_page_shows_a_time_in_filipino_on_an_english_phone(
    browser: Browser, browser_context_args, server_url, hand_page
):
    context = browser.new_context(
        **browser_context_args, timezone_id="Asia/Manila", locale="en-GB", base_url=server_url
    )
    context.add_cookies([{"name": "lang", "value": "fil", "url": server_url}])
    page = context.new_page()
    page.goto(hand_page)
    page.goto(page.url + "/hands/1")
    time = page.locator("ol.changes time").first
    at = datetime.fromisoformat(time.get_attribute("datetime")).astimezone(ZoneInfo("Asia/Manila"))
    # Filipino counts the hours to 12, with AM and PM; en-GB would have said 16:50:00.
    expect(time).to_have_text(at.strftime("%I:%M:%S %p"))
    context.close()


def test_the_start_page_shows_each_tables_day_and_time_in_the_phones_zone(
    browser: Browser, browser_context_args, server_url, hand_page
):
    context = browser.new_context(
        **browser_context_args, timezone_id="Asia/Manila", locale="en-GB", base_url=server_url
    )
    page = context.new_page()
    page.goto(hand_page)  # the join link puts the table on this phone's start page
    page.goto("/")
    time = page.locator("ul.links time").first
    at = datetime.fromisoformat(time.get_attribute("datetime")).astimezone(ZoneInfo("Asia/Manila"))
    expect(time).to_have_text(f"{at.day} {at:%b}, {at:%H:%M}")
    context.close()


def test_the_share_page_copies_each_link_where_the_phone_cannot_share(
    browser: Browser, browser_context_args, server_url, hand_page
):
    """Headless Chromium has no navigator.share: the buttons copy, and say so."""
    context = browser.new_context(**browser_context_args, base_url=server_url)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(hand_page)
    page.goto(page.url + "/share")
    for index, role in enumerate(["scorekeeper", "watch"]):
        section = page.locator("section.share").nth(index)
        link = section.locator(".link a").inner_text()
        section.get_by_role("button", name=f"Copy the {role} link").click()
        expect(section.get_by_role("status")).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()
