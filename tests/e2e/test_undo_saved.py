"""Undo on the saved message, at 390 × 844 (issue 23, item 10): after a slip, the message
"Hand 2 saved." (Tongits: "Game 2 saved.") carries an Undo a thumb can hit; one tap takes
the hand out of the tally, says so once, and offers to put it back. In the dark and the
light theme (the band is the message's colour: its button is read by axe in both), at Tonk
and Tongits, and without JavaScript.

Each test starts its own table; nothing is read from the database.
"""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.taps import THREE, TONG_ITS, table
from tests.e2e.test_evening import _fail_on_console_errors  # noqa: F401
from tests.e2e.test_games import tally_row
from tests.e2e.test_themes import felt, violations

# Per game: its preset, the outcome button, the winner's question, what it calls a round,
# the first hand's winner and the slip's, and the tally after the first hand alone.
GAMES = {
    "tonk": {
        "preset": "classic",
        "button": "Out by discarding",
        "question": "Who went out?",
        "round": "Hand",
        "right": "Anna",
        "slip": "Ben",
        "tally": {"Anna": "+2", "Ben": "−1", "Carla": "−1"},
    },
    "tongits": {
        "preset": "tongits",
        "button": "Tong-its",
        "question": TONG_ITS,
        "round": "Game",
        "right": "Ben",
        "slip": "Carla",
        "tally": {"Anna": "−2", "Ben": "+4", "Carla": "−2"},
    },
}


def win(page: Page, game: dict, winner: str, played: int) -> None:
    """`winner` wins the hand (or game), saved in place on the table page."""
    page.get_by_role("link", name=game["button"], exact=True).click()
    group = page.get_by_role("group", name=game["question"])
    group.get_by_label(winner, exact=True).check()
    page.get_by_role("button", name=f"Save {game['round'].lower()}").click()
    expect(page.get_by_role("status")).to_have_text(f"{game['round']} {played} saved.")


def tally_is(page: Page, tally: dict[str, str]) -> None:
    for name, amount in tally.items():
        expect(tally_row(page, name).locator("td").first).to_have_text(
            re.compile(f"^{re.escape(amount)}\\b")
        )


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize("name", ["tonk", "tongits"])
def test_undo_on_the_saved_message_puts_the_tally_back(
    page: Page, server_url, live_app, name, scheme, screenshot
):
    game = GAMES[name]
    page.emulate_media(color_scheme=scheme)
    page.goto(table(live_app, server_url, THREE, name, game["preset"]))
    felt(page, scheme)
    win(page, game, game["right"], 1)
    tally_is(page, game["tally"])
    win(page, game, game["slip"], 2)  # the slip: the wrong winner

    band = page.locator(".saved")
    undo = band.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_visible()
    # Measured in one frame: the page may still be scrolling the band into view.
    box, row, message = band.evaluate(
        """band => [band.querySelector("button"), band, band.querySelector("[role=status]")]
            .map((e) => e.getBoundingClientRect())
            .map((r) => ({x: r.x, y: r.y, width: r.width, height: r.height}))"""
    )
    assert box["width"] >= 44 and box["height"] >= 44, box  # one thumb
    assert row["x"] + row["width"] <= 390  # no sideways scroll
    assert abs((message["y"] + message["height"] / 2) - (box["y"] + box["height"] / 2)) < 12
    assert violations(page) == []  # the button on the message's colour, in this theme
    screenshot(f"undo-saved-{name}-{scheme}")

    with page.expect_navigation():
        undo.click()
    expect(page.get_by_role("status")).to_have_text(
        f"{game['round']} 2 undone: it is out of the tally and stays in the history."
    )
    tally_is(page, game["tally"])
    put_back = page.locator("form.undo")
    expect(put_back).to_contain_text(f"{game['round']} 2 is void.")
    assert violations(page) == []
    page.reload()
    expect(page.get_by_role("status")).to_have_count(0)  # said once
    expect(page.locator(".saved")).to_have_count(0)


def test_without_javascript_the_saved_message_s_undo_works(browser: Browser, server_url, live_app):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 844}, has_touch=True
    )
    page = context.new_page()
    game = GAMES["tonk"]
    page.goto(table(live_app, server_url, THREE, "tonk", "classic"))
    for winner, played in ((game["right"], 1), (game["slip"], 2)):
        page.get_by_role("link", name=game["button"], exact=True).click()
        page.get_by_role("group", name=game["question"]).get_by_label(winner, exact=True).check()
        page.get_by_role("button", name="Check the payout").click()
        page.get_by_role("button", name="Save hand").click()
        expect(page.get_by_role("status")).to_have_text(f"Hand {played} saved.")
    page.locator(".saved").get_by_role("button", name="Undo", exact=True).click()
    expect(page.get_by_role("status")).to_have_text(
        "Hand 2 undone: it is out of the tally and stays in the history."
    )
    tally_is(page, game["tally"])
    context.close()
