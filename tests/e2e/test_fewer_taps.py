"""Fewer taps a hand, at 390 × 844 (issue 23, item 9): a drop among four in 5 taps or fewer
plus the digits, an out and a tonk out in 3 or fewer, each payout literal; and a slip put
right with Undo on its saved message (item 10) in the taps of the hand and one more.

The thumb is bench/taps.py's: it taps what is on the screen and types the digits on the
keypad, taps a box only when the form did not move to it by itself, presses Next only where
the keypad offers it and the form did not move on, taps a player only when the form did not
choose them, and Check only when the payout did not preview itself. Totals by seat: Anna,
Ben, Carla, Dan. Preset classic, 1 chip a stake; Anna deals, Ben plays first.
"""

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.taps import (
    FOUR,
    Thumb,
    drop_again,
    slipped_drop,
    table,
    tong_its_again,
    tongits_win,
    totals_of,
    undo_slip,
)
from tests.e2e.test_evening import _fail_on_console_errors  # noqa: F401
from tests.e2e.test_games import tally_row

DROP = "Who dropped?"
# Ben drops on 12 and Carla holds 6: Ben is caught, pays her 2; the others pay her 1.
CAUGHT = [
    "Ben pays Carla 2 chips caught",
    "Anna pays Carla 1 chip lowest after a catch",
    "Dan pays Carla 1 chip lowest after a catch",
]


def payments(page: Page) -> list[str]:
    lines = page.locator("section.preview ul.payments > li")
    expect(lines.first).to_be_visible()
    return [" ".join(line.split()) for line in lines.all_inner_texts()]


def saved(page: Page) -> None:
    expect(page.get_by_role("status")).to_have_text("Hand 1 saved.")
    expect(page.get_by_role("heading", name="Tally after 1 hand")).to_be_visible()


def test_a_drop_among_four_is_three_taps_and_the_digits(page: Page, server_url, live_app):
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic"))
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name="Drop", exact=True))
    dropped = page.get_by_role("group", name=DROP)
    expect(dropped.get_by_label("Ben", exact=True)).to_be_checked()
    expect(dropped).to_contain_text(
        "Ben plays first: chosen as the dropper. Tap another if someone else dropped."
    )
    # No Next between the boxes: 31, 12 and 6 cannot grow into a total of 5 cards (50 at
    # most), and after Dan's 44 the keypad closes.
    thumb.totals(totals_of(page), ["31", "12", "6", "44"])
    boxes = totals_of(page)
    for index, total in enumerate(["31", "12", "6", "44"]):
        expect(boxes.nth(index)).to_have_value(total)
    expect(boxes.nth(3)).not_to_be_focused()
    thumb.save(*CAUGHT)
    saved(page)
    assert payments_saved(page) == CAUGHT
    assert (thumb.taps, thumb.keys) == (3, 7)  # Drop, Anna's box, Save; 7 digits
    assert thumb.taps <= 5


def payments_saved(page: Page) -> list[str]:
    """The payments of the newest hand in the table page's list."""
    latest = page.locator("ol.hands > li").first.locator("ul.payments > li")
    return [" ".join(line.split()) for line in latest.all_inner_texts()]


def test_another_dropper_on_a_low_total_is_one_tap_and_one_next_more(
    page: Page, server_url, live_app
):
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic"))
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name="Drop", exact=True))
    thumb.choose(DROP, "Carla")
    # The words of the form's choice go with it: they spoke of Ben.
    expect(page.get_by_text("Ben plays first: chosen as the dropper.")).to_be_hidden()
    # Carla's 3 may still become 30 to 39: the keypad's Next moves on.
    thumb.totals(totals_of(page), ["31", "27", "3", "44"])
    won = [f"{name} pays Carla 1 chip drop won" for name in ("Anna", "Ben", "Dan")]
    thumb.save(*won)
    saved(page)
    assert (thumb.taps, thumb.keys) == (4, 8)  # Drop, Carla, Anna's box, Save; 7 digits, Next
    assert thumb.taps <= 5


@pytest.mark.parametrize(
    ("button", "question", "paid"),
    [
        ("Out by discarding", "Who went out?", "1 chip out"),
        ("Tonk out", "Who tonked out?", "2 chips tonk out"),
    ],
)
def test_an_out_and_a_tonk_out_are_three_taps(
    page: Page, server_url, live_app, button, question, paid
):
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic"))
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name=button, exact=True))
    thumb.choose(question, "Carla")
    thumb.save(*[f"{name} pays Carla {paid}" for name in ("Anna", "Ben", "Dan")])
    saved(page)
    assert (thumb.taps, thumb.keys) == (3, 0)  # the outcome, Carla, Save


def test_an_out_on_a_marked_turn_is_two_taps(page: Page, server_url, live_app):
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic", wait_after_spread=1))
    page.get_by_role("button", name="Next turn").click()  # while the hand is played
    expect(page.get_by_role("heading", name="Turn 2: Carla plays")).to_be_visible()
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name="Out by discarding", exact=True))
    expect(page.get_by_role("group", name="Who went out?")).to_contain_text(
        "It is Carla's turn: chosen as the winner. Tap another if someone else went out."
    )
    thumb.save(*[f"{name} pays Carla 1 chip out" for name in ("Anna", "Ben", "Dan")])
    saved(page)
    assert (thumb.taps, thumb.keys) == (2, 0)  # Out by discarding, Save


@pytest.mark.parametrize(
    ("slip", "again", "figures", "tally"),
    [
        # Undo, Drop, Anna's box, Save; the 7 digits of the four totals typed again.
        (slipped_drop, drop_again, (4, 7), {"Anna": "−1", "Ben": "−2", "Carla": "+4", "Dan": "−1"}),
        # Undo, Tong-its, Carla, Save.
        (tongits_win("Anna"), tong_its_again, (4, 0), {"Anna": "−2", "Ben": "−2", "Carla": "+4"}),
    ],
    ids=["tonk", "tongits"],
)
def test_a_slip_put_right_with_undo_is_one_tap_more_than_the_hand(
    page: Page, server_url, live_app, slip, again, figures, tally
):
    thumb = Thumb(page)
    undo_slip(slip, again)(thumb, server_url, live_app)  # ends on hand 2 saved
    assert (thumb.taps, thumb.keys) == figures
    for name, amount in tally.items():
        expect(tally_row(page, name).locator("td").first).to_have_text(amount)


def test_a_fix_types_over_the_box_the_form_moves_to(page: Page, server_url, live_app):
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic"))
    page.get_by_role("link", name="Drop", exact=True).click()
    expect(totals_of(page)).to_have_count(4)
    for box, total in zip(totals_of(page).all(), ["31", "12", "6", "44"], strict=True):
        box.fill(total)
    page.get_by_role("button", name="Save hand").click()
    saved(page)
    page.goto(page.url.rstrip("/") + "/hands/1/edit")
    boxes = totals_of(page)
    boxes.nth(0).fill("")
    boxes.nth(0).focus()
    page.keyboard.type("29")  # Anna had 29: the form moves to Ben's 12, all of it selected
    expect(boxes.nth(1)).to_be_focused()
    page.keyboard.type("7")  # Ben had 7, not 127
    expect(boxes.nth(1)).to_have_value("7")
    expect(boxes.nth(2)).to_be_focused()
    page.keyboard.press("Backspace")  # deleting stays in the box
    expect(boxes.nth(2)).to_be_focused()
    expect(boxes.nth(2)).to_have_value("")


def test_without_javascript_the_chosen_dropper_checks_and_saves(
    browser: Browser, server_url, live_app
):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 844}, has_touch=True
    )
    page = context.new_page()
    page.goto(table(live_app, server_url, FOUR, "tonk", "classic"))
    page.get_by_role("link", name="Drop", exact=True).click()
    expect(page.get_by_role("group", name=DROP).get_by_label("Ben", exact=True)).to_be_checked()
    boxes = totals_of(page)
    expect(boxes).to_have_count(4)
    expect(boxes.nth(0)).to_have_attribute("enterkeyhint", "next")
    expect(boxes.nth(3)).to_have_attribute("enterkeyhint", "done")
    for box, total in zip(boxes.all(), ["31", "12", "6", "44"], strict=True):
        box.fill(total)
    page.get_by_role("button", name="Check the payout").click()
    assert payments(page) == CAUGHT
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    context.close()
