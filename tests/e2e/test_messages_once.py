"""What the table page says, at 390 × 844 (issue 23, items 2, 3 and 6): in points mode the
chart shows what the tally shows, a message says what just happened and is gone after the
next hand, the start banner goes with the first hand, and a fix that changes nothing says so
and adds no history line.

Hands are saved in place on the table page, as a table enters them: the page is never
reloaded between them, so what stays on it stays in front of the players. Nothing is read
from the database and every link is followed from the page.
"""

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_evening import accessible, enter_hand, save_hand
from tests.e2e.test_games import tally_row

ABC = ["Anna", "Ben", "Carla"]
OFFER = "Ready to play the classic house rules."


def start(page: Page, server_url: str, name: str) -> None:
    page.goto(server_url + "/")
    page.get_by_label("Table name").fill(name)
    for seat, player in enumerate(ABC, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(player)
    page.get_by_label("First dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_text("Deals:")).to_be_visible()


def out(page: Page, winner: str, totals: dict[str, str], played: int) -> None:
    enter_hand(page, "Out by discarding", totals, {"Who went out?": winner})
    save_hand(page, played)


def test_in_points_the_chart_shows_the_game_in_play_without_signs(
    page: Page, server_url, screenshot
):
    start(page, server_url, "Points chart")
    page.get_by_role("link", name="Change the house rules").click()
    page.get_by_role("group", name="Scoring").get_by_label("Points", exact=True).check()
    page.get_by_label("Hands in a game", exact=True).fill("3")
    page.get_by_role("button", name="Save the house rules").click()

    out(page, "Ben", {"Anna": "7", "Carla": "12"}, 1)
    out(page, "Carla", {"Anna": "10", "Ben": "3"}, 2)
    out(page, "Anna", {"Ben": "5", "Carla": "6"}, 3)  # game 1: Anna 17, Ben 8, Carla 18
    out(page, "Ben", {"Anna": "4", "Carla": "9"}, 4)  # game 2, hand 1

    for name, points in (("Anna", "4"), ("Ben", "0"), ("Carla", "9")):
        expect(tally_row(page, name).locator("td").first).to_have_text(points)
    chart = page.locator("figure.chart")
    expect(chart.locator("text.end")).to_have_text(["Anna 4", "Ben 0", "Carla 9"])
    expect(chart.locator("text.tick")).to_have_text(["0", "18", "game 1", "hand 4"])
    expect(chart).not_to_contain_text("+")
    # Game 1 faint behind the mark where game 2 began; game 2's lines from 0.
    expect(chart.locator("polyline.earlier")).to_have_count(3)
    expect(chart.locator("polyline.line:not(.earlier)")).to_have_count(3)
    expect(chart.locator("line.divider")).to_have_count(1)
    expect(chart.get_by_role("img")).to_have_accessible_name(
        "Points of each player in game 2 "
        "Game 2: Anna 4, Ben 0, Carla 9. 1 earlier game is drawn faint, from 0."
    )
    accessible(page, "messages-01-points-chart", screenshot)


def test_a_message_shows_once_and_the_start_banner_goes_with_the_first_hand(
    page: Page, server_url, screenshot
):
    start(page, server_url, "Messages")
    offer = page.locator(".rules-offer")
    expect(offer).to_have_text(re.compile(f"^{re.escape(OFFER)}"))

    out(page, "Ben", {}, 1)
    expect(page.get_by_role("status")).to_have_text(["Hand 1 saved."])
    expect(offer).to_have_count(0)

    page.get_by_role("link", name="Change house rules").click()
    page.locator("summary", has_text="Going out").click()
    page.get_by_label("Out by discarding pays", exact=True).fill("2")
    page.get_by_role("button", name="Save the house rules").click()
    saved_rules = "House rules saved; they apply from the next hand on."
    expect(page.get_by_role("status")).to_have_text([saved_rules])
    accessible(page, "messages-02-rules-saved", screenshot)

    out(page, "Carla", {}, 2)
    expect(page.get_by_role("status")).to_have_text(["Hand 2 saved."])  # the rules' message gone
    out(page, "Anna", {}, 3)
    expect(page.get_by_role("status")).to_have_text(["Hand 3 saved."])
    expect(offer).to_have_count(0)

    page.reload()
    expect(page.get_by_text("Deals:")).to_be_visible()
    expect(page.get_by_role("status")).to_have_count(0)
    expect(offer).to_have_count(0)


def test_the_start_banner_goes_when_the_table_switches_to_points(page: Page, server_url):
    start(page, server_url, "Switch")
    page.get_by_role("link", name="Change the house rules").click()
    page.get_by_role("group", name="Scoring").get_by_label("Points", exact=True).check()
    page.get_by_role("button", name="Save the house rules").click()
    expect(page.get_by_role("status")).to_have_text(
        ["House rules saved; they apply from the next hand on."]
    )
    expect(page.locator(".rules-offer")).to_have_count(0)


def test_a_fix_that_changes_nothing_says_so_and_adds_no_history_line(
    page: Page, server_url, screenshot
):
    start(page, server_url, "No change")
    out(page, "Ben", {}, 1)
    page.get_by_role("link", name="Hands", exact=True).click()
    page.get_by_role("link", name=re.compile("#1")).click()
    history = page.locator("ol.changes > li")
    expect(history).to_have_count(1)

    page.get_by_role("link", name="Fix this hand").click()
    page.get_by_role("button", name="Check the payout").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_have_text(["Nothing changed: hand 1 is as it was."])
    accessible(page, "messages-03-nothing-changed", screenshot)

    page.get_by_role("link", name="Hands", exact=True).click()
    page.get_by_role("link", name=re.compile("#1")).click()
    expect(history).to_have_count(1)
    expect(page.locator("ol.changes")).not_to_contain_text("was:")
