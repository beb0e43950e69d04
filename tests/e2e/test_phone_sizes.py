"""A newcomer's phone (issue 12): the start page's dealer list names the typed players, the
rules form keeps Save in reach, and at 360 px every tap target is 44 × 44 px or more with
nothing wider than the screen."""

import re

from playwright.sync_api import Page, expect

ABC = ["Anna", "Ben", "Carla"]


def start(page: Page, server_url: str, names=ABC) -> str:
    """A table started from the start page; its URL."""
    page.goto(server_url + "/")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("section.deal")).to_be_visible()
    return re.search(r"^.*/t/\d+", page.url).group(0)


def test_the_first_dealer_list_names_the_players_as_they_are_typed(page: Page, server_url):
    page.goto(server_url + "/")
    dealer = page.get_by_label("First dealer")
    page.get_by_label("Player 1", exact=True).fill("Anna")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    options = dealer.locator("option")
    expect(options).to_have_text(
        ["Cut for the deal", "Anna", "Ben", "Player 3", "Player 4", "Player 5", "Player 6"]
    )
    page.get_by_label("Player 1", exact=True).fill("")
    expect(options.nth(1)).to_have_text("Player 1")
    page.get_by_label("Player 1", exact=True).fill("Dora")
    page.get_by_label("Player 3", exact=True).fill("Eli")
    dealer.select_option(label="Ben")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("section.deal")).to_contain_text("Deals: Ben · plays first: Eli")


def test_the_rules_form_keeps_save_on_screen_at_any_scroll(page: Page, server_url):
    page.set_viewport_size({"width": 360, "height": 740})
    table = start(page, server_url)
    page.get_by_role("link", name="Change the house rules").click()
    for group in ["Going out", "Dropping", "Stock runs out", "Table talk"]:
        page.locator("summary", has_text=group).click()  # open every group: a long page
    save = page.get_by_role("button", name="Save the house rules")
    for y in (0, 1500, 3000):
        page.evaluate(f"window.scrollTo(0, {y})")
        expect(save).to_be_in_viewport()
    page.get_by_label("Stake", exact=True).fill("2")
    save.click()
    expect(page).to_have_url(table)
