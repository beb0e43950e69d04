"""The payout stays in sight on a long night: at 360 × 740 and 390 × 844, on a table of 50
hands (whose tally, chart and latest hands sit below the hand form), with and without the
turn panel above it, the hand form is on screen after tapping an outcome, and the payout with
its Save button after Check, or as soon as the answers give one (no Check tapped).

"On screen" is measured: the bounding box lies between the sticky header and the bottom of
the viewport. Taps are counted for the two commonest hands, a drop and an out.
"""

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from bench.pages import build_table
from referee.store import commands
from referee.store.models import GameTable
from referee.store.storage import session
from tests.e2e.test_evening import total_of

PHONES = {"360x740": (360, 740), "390x844": (390, 844)}
# build_table's six players, and totals for a drop by Anna that stands (she is lowest).
DROP_TOTALS = {"Anna": "3", "Ben": "20", "Carla": "14", "Dan": "9", "Eve": "31", "Finn": "7"}
# Anna drops on 3 and is lowest: each of the five others pays her one stake of 1 chip.
DROP_PAYMENTS = [f"{name} pays Anna 1 chip" for name in ["Ben", "Carla", "Dan", "Eve", "Finn"]]


# The house rules of each kind of table: the preset, or waiting after a spread (which shows
# the turn panel above the outcomes).
PANELS = {"plain": None, "turns": {"wait_after_spread": 3}}


@pytest.fixture(params=list(PANELS))
def table(request, live_app) -> str:
    """A table of 50 hands, as its scorekeeper's join link."""
    table_id, token = build_table(live_app, 50)
    if PANELS[request.param]:
        with live_app.test_request_context():
            db = session()
            commands.change_rules(db, db.get(GameTable, table_id), None, PANELS[request.param])
            db.commit()
    return f"/join/{table_id}/{token}"


@pytest.fixture(params=list(PHONES))
def phone(request, browser: Browser, server_url):
    """A page on a phone of the given size, as test_evening's conftest opens one."""
    width, height = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=server_url,
    )
    page = context.new_page()
    errors: list[str] = []  # a script or CSP error fails the test, as in test_evening
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


@pytest.fixture(params=list(PHONES))
def no_script_phone(request, browser: Browser, server_url):
    """A phone of the given size with JavaScript off: every form posts itself."""
    width, height = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
        base_url=server_url,
    )
    yield context.new_page()
    context.close()


def in_sight(page: Page, locator: Locator) -> None:
    """The element is wholly on screen: below the sticky header, above the viewport's end."""
    expect(locator).to_be_visible()
    page.wait_for_timeout(300)  # the swap settled, whatever scroll follows it has happened
    box = locator.bounding_box()
    header = page.locator("header.top").bounding_box()
    assert box is not None and header is not None
    height = page.viewport_size["height"]
    assert box["y"] >= header["y"] + header["height"] - 1, f"under the header: {box}"
    assert box["y"] + box["height"] <= height + 1, f"below the screen ({height}px): {box}"


def payout_in_sight(page: Page, payments: list[str]) -> None:
    """The preview shows exactly these payments, and it and its Save button are on screen."""
    lines = page.locator(".preview .payments li")
    expect(lines).to_have_count(len(payments))
    for line, expected in zip(lines.all(), payments, strict=True):
        expect(line).to_contain_text(expected)
    in_sight(page, page.locator(".preview"))
    in_sight(page, page.get_by_role("button", name="Save hand"))


class Thumb:
    """Taps as a thumb does on a long page, and counts them: the target is scrolled only
    until it shows at the bottom of the screen (Playwright alone would centre it, hiding
    what a swap does to the scroll). Typing a total is not a tap."""

    def __init__(self) -> None:
        self.taps = 0

    def tap(self, locator: Locator) -> None:
        locator.evaluate("element => element.scrollIntoView({block: 'end'})")
        locator.click()
        self.taps += 1

    def choose(self, page: Page, question: str, answer: str) -> None:
        self.tap(page.get_by_role("group", name=question).get_by_label(answer, exact=True))


def start_hand(page: Page, thumb: Thumb, link: str, outcome: str) -> None:
    """Open the table, tap an outcome: its form shows below the header, its first question
    on screen."""
    page.goto(link)
    expect(page.get_by_role("heading", name="Tally after 50 hands")).to_be_visible()
    thumb.tap(page.get_by_role("link", name=outcome, exact=True))
    in_sight(page, page.get_by_role("heading", name=outcome))


def saved(page: Page) -> None:
    expect(page.get_by_role("status")).to_have_text("Hand 51 saved.")
    expect(page.get_by_role("heading", name="Tally after 51 hands")).to_be_visible()


def test_a_checked_drop_shows_its_payout_and_save(phone: Page, table):
    thumb = Thumb()
    start_hand(phone, thumb, table, "Drop")
    thumb.choose(phone, "Who dropped?", "Anna")
    for name, total in DROP_TOTALS.items():
        total_of(phone, name).fill(total)
    thumb.tap(phone.get_by_role("button", name="Check the payout"))  # before the live preview
    payout_in_sight(phone, DROP_PAYMENTS)


def test_a_drop_previews_as_the_totals_are_typed_and_is_saved_with_save_alone(phone, table):
    thumb = Thumb()
    start_hand(phone, thumb, table, "Drop")
    thumb.choose(phone, "Who dropped?", "Anna")
    for name, total in DROP_TOTALS.items():
        total_of(phone, name).fill(total)
    payout_in_sight(phone, DROP_PAYMENTS)
    thumb.tap(phone.get_by_role("button", name="Save hand"))
    saved(phone)
    assert thumb.taps == 3  # Drop, Anna, Save; and the six totals typed


def test_an_out_previews_on_tapping_who_went_out_and_is_saved_in_three_taps(phone, table):
    thumb = Thumb()
    start_hand(phone, thumb, table, "Out by discarding")
    thumb.choose(phone, "Who went out?", "Ben")
    payout_in_sight(
        phone, [f"{name} pays Ben 1 chip" for name in ["Anna", "Carla", "Dan", "Eve", "Finn"]]
    )
    thumb.tap(phone.get_by_role("button", name="Save hand"))
    saved(phone)
    assert thumb.taps == 3  # Out by discarding, Ben, Save


def test_without_javascript_check_lands_on_the_payout(no_script_phone: Page, table):
    """The form posts itself and the page comes back: its `#answer` puts the payout and
    Save on screen (they were at 885 to 1029 px at 360 × 740, below it)."""
    phone = no_script_phone
    thumb = Thumb()
    start_hand(phone, thumb, table, "Drop")
    thumb.choose(phone, "Who dropped?", "Anna")
    for name, total in DROP_TOTALS.items():
        total_of(phone, name).fill(total)
    thumb.tap(phone.get_by_role("button", name="Check the payout"))
    expect(phone).to_have_url(re.compile(r"/hands/new/drop#answer$"))
    payout_in_sight(phone, DROP_PAYMENTS)
    thumb.tap(phone.get_by_role("button", name="Save hand"))
    saved(phone)
    assert thumb.taps == 4  # Drop, Anna, Check, Save; and the six totals typed
