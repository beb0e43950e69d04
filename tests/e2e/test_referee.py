"""The referee at a phone-sized browser: count a hand with the card picker and send it into
a drop's totals (at most 7 taps), a drop refused because the player is still waiting,
then recorded over the rule with a note; the spread and ask pages.

Every screen is checked with axe-core and saved as a screenshot, as in test_evening.
"""

from playwright.sync_api import Page, expect

from referee.rules.tonk.wording import option_label
from tests.e2e.test_evening import _fail_on_console_errors, accessible, total_of  # noqa: F401

SUITS = "♠♥♦♣"


def card(page: Page, text: str):
    """The tile of a card in the picker (the checkbox under it is hidden)."""
    rank, suit = text[:-1], text[-1]
    return page.locator(f'label[for="card-{rank}-{SUITS.index(suit)}"]')


def referee_tab(page: Page, name: str) -> None:
    """Open the header's referee menu and tap one of its tabs."""
    page.locator("header summary", has_text="Referee").click()
    menu = page.get_by_role("navigation", name="Referee")
    menu.get_by_role("link", name=name, exact=True).click()


def start_waiting_table(page: Page, server_url: str) -> None:
    """A table of three where a new spread makes its player wait three turns."""
    page.goto(server_url + "/")
    page.get_by_label("Table name").fill("Referee")
    for seat, name in enumerate(["Anna", "Ben", "Carla"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    # The list names the players typed.
    page.get_by_label("First dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the table").click()
    page.get_by_role("link", name="Change the house rules").click()
    page.locator("summary", has_text="Table talk").click()
    page.get_by_label(option_label("wait_after_spread"), exact=True).fill("3")
    page.get_by_role("button", name="Save the house rules").click()
    expect(page.get_by_role("heading", name="Turn 1: Ben plays")).to_be_visible()


def test_count_a_hand_into_a_refused_drop_then_override(page: Page, server_url, screenshot):
    start_waiting_table(page, server_url)
    page.get_by_role("button", name="Carla laid a spread").click()
    waits = page.locator(".waits")
    expect(waits).to_contain_text("Carla may not drop on their next 3 turns")
    expect(page.get_by_role("heading", name="Turn 2: Carla plays")).to_be_visible()
    accessible(page, "20-turn-marks", screenshot)
    # The wait holds Carla's turns after the spreading one (house-rules 2.9): play on
    # to her next turn, the first of the three.
    for turn, player in ((3, "Anna"), (4, "Ben"), (5, "Carla")):
        page.get_by_role("button", name="Next turn").click()
        expect(page.get_by_role("heading", name=f"Turn {turn}: {player} plays")).to_be_visible()
    expect(waits).to_contain_text("Carla may not drop this turn or on their next 2 turns")

    page.get_by_role("link", name="Drop", exact=True).click()
    page.get_by_role("group", name="Who dropped?").get_by_label("Carla", exact=True).check()
    total_of(page, "Anna").fill("9")
    total_of(page, "Ben").fill("12")

    # Count Carla's cards: one tap to open the picker, one per card, one to send.
    taps = 0
    page.get_by_role("button", name="Count Carla's cards").click()
    taps += 1
    expect(page.get_by_role("heading", name="Carla's cards")).to_be_visible()
    for text in ("A♠", "2♥", "A♦", "3♣", "K♣"):
        card(page, text).click()
        taps += 1
    use = page.get_by_role("button", name="Use 17 for Carla")
    expect(use).to_be_visible()
    accessible(page, "21-card-picker", screenshot)
    use.click()
    taps += 1
    assert taps <= 7
    expect(total_of(page, "Carla")).to_have_value("17")
    expect(total_of(page, "Anna")).to_have_value("9")  # what was typed before stays
    expect(total_of(page, "Ben")).to_have_value("12")

    # Carla is still waiting: the drop is refused, naming her and the rule. (Enter in a
    # box checks the payout, as the big button does, and opens no card picker.)
    total_of(page, "Carla").press("Enter")
    error = page.get_by_role("group", name="Who dropped?").get_by_role("alert")
    expect(error).to_contain_text("Carla may not drop yet")
    expect(error).to_contain_text("must wait 3 turns after laying a spread")
    expect(error).not_to_contain_text("wait_after_spread")
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    accessible(page, "22-drop-refused", screenshot)

    # The table lets it stand: the scorekeeper overrides, and the hand says so.
    page.get_by_label("Record it anyway", exact=False).check()
    page.get_by_role("button", name="Check the payout").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Tally after 1 hand")).to_be_visible()
    expect(page.locator(".hands .note").first).to_contain_text("Carla dropped with 3 more turns")
    expect(page.get_by_role("heading", name="Turn 1: Carla plays")).to_be_visible()


def test_the_picker_refuses_too_many_cards(page: Page, server_url, screenshot):
    start_waiting_table(page, server_url)
    referee_tab(page, "Count a hand")
    for text in ("A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"):
        card(page, text).click()
    expect(page.locator("#count-result")).to_contain_text("7 cards are more than a hand holds")
    card(page, "7♠").click()  # tap again to take it back
    expect(page.locator("#count-result")).to_contain_text("21 points.")
    accessible(page, "23-count-page", screenshot)


def test_the_spread_and_ask_pages(page: Page, server_url, screenshot):
    start_waiting_table(page, server_url)
    referee_tab(page, "Spread or hit")
    for text in ("K♣", "A♣", "2♣"):
        card(page, text).click()
    expect(page.locator("#spread-result")).to_contain_text("round the corner")
    page.get_by_label("Hit it with").select_option("3♣")
    expect(page.locator("#spread-result")).to_contain_text("not a spread")
    accessible(page, "24-spread", screenshot)
    referee_tab(page, "Ask")
    expect(page.get_by_text("May I drop after drawing?")).to_be_visible()
    accessible(page, "25-ask", screenshot)
