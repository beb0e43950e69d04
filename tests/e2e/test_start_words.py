"""Issue 23, items 4, 7 and 8 at a phone-sized browser (390 × 844): a Tongits table worded
as Tongits, the start page offering the chosen game's presets only (with and without
JavaScript), and a first Tonk hand for 25¢ from the home page in 10 taps or fewer.

Taps are counted as a thumb makes them (tests.e2e.test_payout_in_sight.Thumb): each box
typed in is one tap, then its keys; a radio, a link or a button one tap each.
"""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_evening import _fail_on_console_errors, accessible  # noqa: F401
from tests.e2e.test_payout_in_sight import Thumb

ABC = ["Anna", "Ben", "Carla"]
TONK_PRESETS = ["Classic", "Street", "Black Company", "Seattle"]
TONGITS_PRESETS = ["Tongits", "Three Hits", "1-3-5", "Joker"]


def presets(page: Page):
    return page.get_by_role("group", name="Start from the rules of").get_by_role("radio")


def offers(page: Page, names: list[str], first_line: str) -> None:
    """The start page offers exactly these presets, the first chosen, its line beside it."""
    expect(presets(page)).to_have_count(len(names))
    for radio, name in zip(presets(page).all(), names, strict=True):
        expect(radio).to_have_accessible_name(name)
    expect(presets(page).first).to_be_checked()
    expect(presets(page).first).to_have_accessible_description(first_line)


@pytest.fixture
def no_script(browser: Browser, server_url):
    """A phone at 390 × 844 with JavaScript off."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
        base_url=server_url,
    )
    yield context.new_page()
    context.close()


def check_the_start_page_offers_each_game_s_own(page: Page) -> None:
    offers(
        page,
        TONK_PRESETS,
        "The usual rules: a tonk on the deal at 49 or 50 pays 2 stakes, a tonk out 2, a caught "
        "drop 2.",
    )
    games = page.get_by_role("navigation", name="Game")
    expect(games.get_by_role("link", name="Tonk")).to_have_attribute("aria-current", "page")
    games.get_by_role("link", name="Tongits").click()
    offers(
        page,
        TONGITS_PRESETS,
        "The usual rules: 1 stake to the pot each game, the pot to two wins in a row, a "
        "tong-its pays 2, a burned loser pays double.",
    )
    expect(games.get_by_role("link", name="Tongits")).to_have_attribute("aria-current", "page")
    expect(page.get_by_text("Players, in seating order (Tongits: 3, or 4")).to_be_visible()


def test_the_start_page_offers_the_chosen_game_s_presets_only(page: Page, server_url, screenshot):
    page.goto(server_url + "/")
    check_the_start_page_offers_each_game_s_own(page)
    accessible(page, "start-words-01-tongits-presets", screenshot)


def test_without_javascript_too(no_script: Page):
    no_script.goto("/")
    check_the_start_page_offers_each_game_s_own(no_script)
    # And a Tongits table starts from there, from one of its own presets.
    for seat, name in enumerate(ABC, start=1):
        no_script.get_by_label(f"Player {seat}", exact=True).fill(name)
    no_script.get_by_role("group", name="Start from the rules of").get_by_label(
        "Three Hits", exact=True
    ).check()
    no_script.get_by_role("button", name="Start the table").click()
    expect(no_script.get_by_role("heading", name="How did the game end?")).to_be_visible()
    no_script.get_by_role("link", name="Rules", exact=True).click()
    expect(no_script.get_by_text("Based on the three-hits preset.")).to_be_visible()


def test_a_tongits_table_says_game_from_the_first_tap(page: Page, server_url, screenshot):
    page.goto(server_url + "/?game=tongits")
    for seat, name in enumerate(ABC, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the table").click()

    expect(page.get_by_role("heading", name="How did the game end?")).to_be_visible()
    expect(page.get_by_role("heading", name="Tally after 0 games")).to_be_visible()
    table = page.get_by_role("navigation", name="Table")
    expect(table.get_by_role("link")).to_have_text(["Rules", "Games", "Settle up"])

    # The form opens in place (or as its own page while htmx is still loading): either way
    # it asks about the stock.
    page.get_by_role("link", name="Stock ran out", exact=True).click()
    expect(page.get_by_role("heading", name="Stock ran out")).to_be_visible()
    # "stock" is a term that opens its meaning where it stands (in the group's name too).
    last_card = re.compile(r"^Who took the last card of the stock\b")
    expect(page.get_by_role("group", name=last_card)).to_be_visible()
    for name in ABC:
        page.get_by_label(f"{name} is burned", exact=True).check()
    # The payout previews itself as the answers change.
    expect(page.locator("section.preview h2")).to_have_text(
        "Stock ran out, everyone burned: nobody won"
    )
    accessible(page, "start-words-02-tongits-stock-out", screenshot)
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_role("status")).to_have_text("Game 1 saved.")
    expect(page.get_by_role("heading", name="Tally after 1 game")).to_be_visible()
    expect(page.locator("ol.hands")).not_to_contain_text("hand")

    table.get_by_role("link", name="Games").click()
    expect(page.get_by_role("heading", name="Games, newest first")).to_be_visible()
    page.locator("ol.hands a").first.click()
    expect(page.get_by_role("heading", name="Game 1")).to_be_visible()
    expect(page.get_by_role("link", name="Fix this game")).to_be_visible()


def test_a_first_tonk_hand_for_25_cents_in_10_taps_or_fewer(page: Page, server_url, screenshot):
    thumb = Thumb()
    keys = 0

    def type_in(label: str, typed: str) -> None:
        nonlocal keys
        box = page.get_by_label(label, exact=True)
        thumb.tap(box)
        box.press_sequentially(typed)
        keys += len(typed)

    page.goto(server_url + "/")
    for seat, name in enumerate(ABC, start=1):
        type_in(f"Player {seat}", name)
    type_in("Stake", "0.25")
    type_in("Unit", "¢")
    accessible(page, "start-words-03-start-for-25-cents", screenshot)
    thumb.tap(page.get_by_role("button", name="Start the table"))
    thumb.tap(page.get_by_role("link", name="Out by discarding", exact=True))
    thumb.choose(page, "Who went out?", "Ben")
    lines = page.locator(".preview .payments li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("pays Ben 0.25 ¢")
    expect(lines.nth(1)).to_contain_text("pays Ben 0.25 ¢")
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect(page.get_by_role("status").filter(has_text="saved")).to_have_text("Hand 1 saved.")
    expect(page.get_by_role("heading", name="Tally after 1 hand")).to_be_visible()
    # Three names, the stake, the unit, Start; then the outcome, who went out, Save. Before,
    # the stake meant the rules form too: Change the house rules, the stake, Save the rules.
    assert (thumb.taps, keys) == (9, len("AnnaBenCarla") + len("0.25") + len("¢"))
