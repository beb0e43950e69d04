"""Dim light and daylight (issue 23): the phone's own light or dark setting chooses the
colours until the switch at the foot of the page says otherwise, and the phone keeps that
choice. Every page of a Tonk and of a Tongits table passes axe (no serious or critical
violation, contrast included) in both."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.test_phone_sizes import TONGITS_PAGES, TONK_PAGES

axe = Axe()
FELT = {"dark": "rgb(16, 35, 26)", "light": "rgb(238, 242, 236)"}  # the page's background
FIRST_PLAYER = {"dark": "rgb(246, 196, 69)", "light": "rgb(122, 79, 0)"}  # the chart's p0


def felt(page: Page, scheme: str) -> None:
    """The page's background is this theme's felt (waited for: the page may still load)."""
    expect(page.locator("body")).to_have_css("background-color", FELT[scheme])


def violations(page: Page) -> list[tuple[str, list]]:
    """axe's serious and critical findings on this page (the console errors of the scan
    itself, refused inline styles, are set aside as in test_evening)."""
    page.console_errors_paused = True
    try:
        found = axe.run(page).response["violations"]
    finally:
        page.console_errors_paused = False
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize("game, paths", [("tonk", TONK_PAGES), ("tongits", TONGITS_PAGES)])
def test_every_page_reads_in_the_phones_colours(
    page: Page, server_url, tables, scheme, game, paths, screenshot
):
    page.emulate_media(color_scheme=scheme)
    page.goto(server_url + tables[game])
    table = re.search(r"/t/\d+", page.url).group(0)
    found = {}
    for path in paths:
        page.goto(server_url + table + path)
        felt(page, scheme)
        if path == "" and game == "tonk":  # axe skips SVG text: the chart's colour is read here
            label = page.locator(".chart text.end").first
            expect(label).to_have_css("fill", FIRST_PLAYER[scheme])
        if path == "/count":
            page.locator(".cards label").first.click()  # a picked card tile is read too
        page.locator("header .menu > summary").click()  # its links are read too
        if problems := violations(page):
            found[path or "/"] = problems
    screenshot(f"theme-{game}-{scheme}")
    assert found == {}, "\n".join(f"{path}: {problems}" for path, problems in found.items())


def test_the_switch_beats_the_phones_setting_and_is_kept(page: Page, server_url, tables):
    page.emulate_media(color_scheme="dark")
    page.goto(server_url + tables["tonk"])
    colours = page.get_by_role("form", name="Colours")
    colours.get_by_role("button", name="Light").click()
    expect(colours.get_by_role("button", name="Light")).to_have_attribute("aria-current", "true")
    felt(page, "light")
    page.get_by_role("link", name="Hands", exact=True).click()
    page.wait_for_url(re.compile(r"/hands/$"))
    felt(page, "light")  # kept on the next page

    page.emulate_media(color_scheme="light")
    page.get_by_role("form", name="Colours").get_by_role("button", name="Dark").click()
    page.wait_for_url(re.compile(r"/hands/$"))
    felt(page, "dark")

    page.get_by_role("form", name="Colours").get_by_role("button", name="As the phone").click()
    page.wait_for_url(re.compile(r"/hands/$"))
    felt(page, "light")  # the phone prefers light again
