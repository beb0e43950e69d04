"""Never a figure that silently leaves out a hand kept on the phone (issue 23, item 1).

A table settling up in a dead spot keeps three hands on the phone: its pages (settle up,
the table page, the history) say at the top that 3 hands are not counted yet, label the
balances, the tally and the deal "Before the 3 kept hands", fold settle-up's payments away
as not final and say the dealer comes after the kept hands. Once the network is back and
the hands are sent, the notice goes and the figures count them.

Every figure is worked out by hand from the house-rules spec (classic: the lowest total
when the stock runs out is paid 1 chip by each other player; the deal passes to the left)
and from tongits.md (the `tongits` preset, as tests/e2e/test_tongits_night.py plays it).
"""

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import SCREENS
from tests.e2e.test_evening import enter_hand, save_hand
from tests.e2e.test_offline import (
    hands_on_server,
    keep_it,
    keep_offline,
    start_table,
    unsent,
)
from tests.e2e.test_tongits_night import BUTTON, NIGHT, answer

NOTICE = (
    "Not counted yet: 3 hands kept on this phone. What this page shows is from before them;"
    " settle up once they are sent."
)
GAMES_NOTICE = (  # a Tongits table's: its rounds are games
    "Not counted yet: 3 games kept on this phone. What this page shows is from before them;"
    " settle up once they are sent."
)
BEFORE_3 = "Before the 3 kept hands"
DEALER_AFTER = "Dealer: whoever deals next after the kept hands"

# Tonk, four players, Anna deals first. Hand 1, saved: Anna lowest, +3 (1 from each).
PLAYERS = ("Anna", "Ben", "Carla", "Dan")
SAVED = {"Anna": "3", "Ben": "9", "Carla": "12", "Dan": "7"}
BALANCES_BEFORE = {"Anna": "+3 chips", "Ben": "−1 chip", "Carla": "−1 chip", "Dan": "−1 chip"}
PAYMENTS_BEFORE = ["Ben pays Anna 1 chip", "Carla pays Anna 1 chip", "Dan pays Anna 1 chip"]
# Hands 2 to 4, kept on the phone: Ben lowest twice (+3, +3), then Carla (+3).
KEPT = [
    {"Anna": "8", "Ben": "2", "Carla": "10", "Dan": "6"},
    {"Anna": "5", "Ben": "1", "Carla": "7", "Dan": "9"},
    {"Anna": "6", "Ben": "9", "Carla": "2", "Dan": "11"},
]
# Anna +3 −1 −1 −1, Ben −1 +3 +3 −1, Carla −1 −1 −1 +3, Dan −1 −1 −1 −1.
BALANCES_AFTER = {"Anna": "0 chips", "Ben": "+4 chips", "Carla": "0 chips", "Dan": "−4 chips"}
PAYMENTS_AFTER = ["Dan pays Ben 4 chips"]


def snap(page: Page, name: str) -> None:
    """A screenshot of this page (the `screenshot` fixture's is of another, fresh one)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def balances(page: Page, rows) -> None:
    """Each player's balance on settle-up, as the page writes it."""
    for name, amount in rows.items():
        row = page.locator("section.balances tr").filter(has_text=name)
        expect(row.locator("td")).to_have_text(amount)


def tally(page: Page, rows) -> None:
    """Each player's line of the table page's tally (its number, the unit in the heading)."""
    for name, amount in rows.items():
        row = page.locator("#tally tbody tr").filter(has_text=name)
        expect(row.locator("td")).to_have_text(amount.split()[0])


def table_with_one_hand_then_three_kept(context: BrowserContext, url: str) -> tuple[Page, str]:
    """Hand 1 saved, the pages kept as they are after it; then, offline, hands 2 to 4 kept."""
    page = context.new_page()
    table_url = start_table(page, url, PLAYERS)
    enter_hand(page, "Stock ran out", SAVED, {})
    save_hand(page, 1)
    page.reload()  # the phone keeps the pages again, as they are after hand 1
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")
    context.set_offline(True)
    for totals in KEPT:
        keep_offline(page, "Stock ran out", totals)
    return page, table_url


def test_kept_hands_are_never_left_out_in_silence_and_count_once_sent(
    context: BrowserContext, server_url, script_errors
):
    page, table_url = table_with_one_hand_then_three_kept(context, server_url)

    # The table page: the tally and the deal are from before the kept hands, and say so.
    expect(page.locator("#uncounted")).to_have_text(NOTICE)
    expect(page.locator("#tally > .before-kept")).to_have_text(BEFORE_3)
    expect(page.get_by_role("heading", name="Tally after 1 hand")).to_be_visible()
    tally(page, BALANCES_BEFORE)
    expect(page.locator("#deal > .before-kept p")).to_have_text([BEFORE_3, DEALER_AFTER])
    expect(page.locator("#deal")).to_contain_text("Deals: Ben · plays first: Carla")
    snap(page, "kept-01-table")

    # The history lists them as not sent; the header's dealer waits for them.
    page.get_by_role("link", name="Hands", exact=True).click()
    expect(page.locator("#uncounted")).to_have_text(NOTICE)
    expect(unsent(page)).to_have_count(3)
    expect(page.locator("header .header-deal")).to_have_text("Dealer: later")

    # Settle up: the balances before them, labelled; who pays whom folded away, not final.
    page.get_by_role("link", name="Settle up", exact=True).click()
    expect(page.locator("#uncounted")).to_have_text(NOTICE)
    expect(page.locator("header .header-deal")).to_have_text("Dealer: later")
    expect(page.locator("section.balances > .before-kept")).to_have_text(BEFORE_3)
    balances(page, BALANCES_BEFORE)
    folded = page.locator(".payments-due > details")
    expect(folded.locator("summary")).to_have_text(
        "Not final: who pays whom before the 3 kept hands"
    )
    expect(page.locator(".transfers")).to_be_hidden()
    snap(page, "kept-02-settle-up")
    folded.locator("summary").click()  # still there for whoever asks
    expect(page.locator(".transfers li")).to_have_text(PAYMENTS_BEFORE)

    # The network is back: the hands are sent, and the page counts them.
    context.set_offline(False)
    expect(page.locator("#uncounted")).to_have_count(0, timeout=15000)
    balances(page, BALANCES_AFTER)
    expect(page.locator(".transfers li")).to_have_text(PAYMENTS_AFTER)
    expect(page.locator(".transfers")).to_be_visible()
    expect(page.locator(".before-kept")).to_have_count(0)
    expect(page.locator("header .header-deal")).to_have_text("Anna deals")
    assert [hand["no"] for hand in hands_on_server(context, table_url)] == [1, 2, 3, 4]

    page.goto(table_url)
    expect(page.get_by_role("heading", name="Tally after 4 hands")).to_be_visible()
    tally(page, BALANCES_AFTER)
    expect(page.locator("#deal")).to_contain_text("Deals: Anna · plays first: Ben")
    expect(page.locator("#uncounted, .before-kept")).to_have_count(0)
    assert script_errors == []


def test_the_table_page_counts_them_in_place_once_sent(
    context: BrowserContext, server_url, script_errors
):
    """The table page is not loaded again (a hand being typed there would be lost): its
    tally and deal are fetched again and stand without a label."""
    page, _ = table_with_one_hand_then_three_kept(context, server_url)
    expect(page.locator("#uncounted")).to_have_text(NOTICE)
    page.get_by_role("link", name="Drop", exact=True).click()  # the next hand, begun
    total_of_dan = page.locator("fieldset.totals").get_by_label("Dan", exact=True)
    total_of_dan.fill("5")

    context.set_offline(False)
    expect(page.get_by_role("heading", name="Tally after 4 hands")).to_be_visible(timeout=15000)
    tally(page, BALANCES_AFTER)
    expect(page.locator("#deal")).to_contain_text("Deals: Anna · plays first: Ben")
    expect(page.locator("#uncounted, .before-kept")).to_have_count(0)
    expect(total_of_dan).to_have_value("5")  # what was typed is still there
    assert script_errors == []


def test_a_dropper_chosen_before_the_kept_hands_is_undone(
    context: BrowserContext, server_url, script_errors
):
    """The phone's copy of the drop form chose who played first after hand 1 (Carla); the
    kept hands moved the deal on, so neither that choice nor its words stand: the dropper
    is tapped."""
    page, _ = table_with_one_hand_then_three_kept(context, server_url)
    page.get_by_role("link", name="Drop", exact=True).click()
    dropped = page.get_by_role("group", name="Who dropped?")
    expect(dropped.get_by_role("radio")).to_have_count(4)
    expect(dropped.locator("input:checked")).to_have_count(0)
    expect(dropped).not_to_contain_text("chosen as the dropper")
    assert script_errors == []


def test_tongits_says_the_pot_and_the_dealer_are_from_before_the_kept_games(
    context: BrowserContext, server_url, script_errors
):
    """A Tongits table words its kept games as games (its rounds), not hands."""
    page = context.new_page()
    table_url = start_table(page, server_url, ("Anna", "Ben", "Carla"), tongits=True)
    # Game 1 saved (Ben's draw: the pot holds 3 chips, Ben deals next); games 2 to 4 kept.
    play_game(page, NIGHT[0][0])
    page.get_by_role("button", name="Check the payout").click()
    save_hand(page, 1, "game")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")
    context.set_offline(True)
    for outcome, _, _ in NIGHT[1:4]:
        play_game(page, outcome)
        keep_it(page)

    deal = page.locator("#deal")
    expect(page.locator("#uncounted")).to_have_text(GAMES_NOTICE)
    expect(deal.locator(".before-kept p")).to_have_text(
        ["Before the 3 kept games", "Dealer: whoever deals next after the kept games"]
    )
    expect(deal.locator("p.pot")).to_have_text(
        "Pot: 3 chips (Anna 1 chip, Ben 1 chip, Carla 1 chip)"
    )
    snap(page, "kept-03-tongits")
    page.get_by_role("link", name="Settle up", exact=True).click()
    expect(page.locator("#uncounted")).to_have_text(GAMES_NOTICE)
    expect(page.locator(".transfers")).to_be_hidden()
    page.goto(table_url)

    # After game 4 (tongits.md, as test_tongits_night works it out): Ben's first win in a
    # row, the pot holds 6 chips, Ben deals.
    context.set_offline(False)
    expect(page.get_by_role("heading", name="Tally after 4 games")).to_be_visible(timeout=15000)
    expect(deal.locator("p.pot")).to_have_text(
        "Pot: 6 chips (Anna 2 chips, Ben 2 chips, Carla 2 chips)"
    )
    expect(deal).to_contain_text("Deals (13 cards) and discards first: Ben")
    expect(page.locator("#uncounted, .before-kept")).to_have_count(0)
    assert script_errors == []


def play_game(page: Page, outcome: dict) -> None:
    """Open the game's ending from the table page and answer what it asks."""
    page.get_by_role("link", name=BUTTON[outcome["kind"]], exact=True).click()
    expect(page.get_by_role("button", name="Check the payout")).to_be_visible()
    answer(page, outcome)
