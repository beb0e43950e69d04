"""One status line, always current (issue 23), on a phone: at 390 × 844 and 360 × 740, in the
dark and the light colours, the table page's line wraps between its parts and never inside
one, nothing is wider than the screen, and the outcome buttons stay on the first screen;
after a hand is saved in place, the line says the next hand and its dealer.

Measured: a part's box is one line high, the page's scroll width is the viewport's, and the
first outcome button's box ends above the bottom of the viewport. The longest lines are
tried: a Tonk night of 50 hands among six, and a Tongits run in Filipino."""

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.pages import build_table
from referee.store import commands
from referee.store.seating import next_deal, players_of
from referee.store.storage import session
from tests.e2e.conftest import SCREENS
from tests.e2e.test_payout_in_sight import PHONES
from tests.e2e.test_themes import felt

SCHEMES = ["dark", "light"]
FILIPINO = "fil-PH,fil;q=0.9,en;q=0.8"


@pytest.fixture(params=SCHEMES)
def scheme(request) -> str:
    return request.param


@pytest.fixture(params=list(PHONES))
def phone(request, browser: Browser, server_url, scheme):
    """A page on a phone of the given size, in the given colours, failing on a script error."""
    width, height = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=server_url,
        color_scheme=scheme,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


def tidy(page: Page, scheme: str, name: str) -> None:
    """The line reads in the phone's colours, each part on one line, nothing wider than the
    screen, and the first outcome button on the first screen (a screenshot of it kept)."""
    felt(page, scheme)
    line = page.locator("#deal .status")
    expect(line).to_be_visible()
    height = line.evaluate("p => parseFloat(getComputedStyle(p).lineHeight)")
    for part in line.locator(":scope > span:not([class])").all():
        box = part.bounding_box()
        assert box is not None and box["height"] <= height + 1, (part.inner_text(), box)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    button = page.locator(".outcomes .button").first
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"]
    SCREENS.mkdir(parents=True, exist_ok=True)
    size = "x".join(str(n) for n in page.viewport_size.values())
    page.screenshot(path=str(SCREENS / f"status-{name}-{size}-{scheme}.png"))


def test_a_long_tonk_night_line_fits_and_follows_a_saved_hand(phone: Page, live_app, scheme):
    table_id, token = build_table(live_app, 50)
    phone.goto(f"/join/{table_id}/{token}")
    line = phone.locator("#deal .status")
    # The deal passes to the left from Anna: hand 51 among six is the third seat's.
    expect(line).to_have_text("Chips · Hand 51 · 1 chip · Deals: Carla · plays first: Dan")
    tidy(phone, scheme, "tonk")
    phone.get_by_role("link", name="Out by discarding", exact=True).click()
    phone.get_by_role("group", name="Who went out?").get_by_label("Ben", exact=True).click()
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_role("status")).to_have_text("Hand 51 saved.")
    expect(line).to_have_text("Chips · Hand 52 · 1 chip · Deals: Dan · plays first: Eve")
    tidy(phone, scheme, "tonk-saved")


def test_a_tongits_run_in_filipino_fits(phone: Page, live_app, scheme):
    with live_app.test_request_context():
        db = session()
        table = commands.start_table(
            db,
            name="Tongits",
            players=["Anna", "Ben", "Carla"],
            preset_name="tongits",
            game="tongits",
        )
        players = players_of(db, table)
        for winner in ["Ben", "Ben"]:
            dealer = next_deal(db, table, players).dealer
            commands.enter_hand(db, table, {"kind": "tongits", "player": winner}, dealer=dealer)
        db.commit()
        link = f"/join/{table.id}/{table.scorekeeper_token}"
    phone.context.set_extra_http_headers({"Accept-Language": FILIPINO})
    phone.goto(link)
    expect(phone.locator("#deal .status")).to_have_text(
        "Laro 3 · 1 chip · Pot 0 chips · Sunod-sunod na panalo ni Ben: 2 · "
        "Magdi-deal (13 baraha) at unang magtatapon: Ben"
    )
    tidy(phone, scheme, "tongits-fil")
