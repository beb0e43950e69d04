"""A picture of the night (issue 23, item 14), tapped on a phone at 390 × 844: settle-up's
button makes a PNG of who pays whom, the balances and the chart, 1080 px wide, in the
colours the page shows. A phone with a share sheet gets the file in it (headless Chromium
has none: `navigator.share` is stubbed to catch what it is handed); without one the
picture is saved, as a download."""

import json
import re
import struct
import zlib

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from referee.store import commands
from referee.store.seating import players_of
from referee.store.storage import session
from tests.e2e.conftest import SCREENS
from tests.e2e.test_evening import _fail_on_console_errors  # noqa: F401
from tests.e2e.test_offline_counted import table_with_one_hand_then_three_kept
from tests.e2e.test_themes import FELT, felt

SHARE_LABEL = "Share a picture of the night"
SAVE_LABEL = "Download a picture of the night"
# A share sheet that keeps what it was handed on the page (in data-shared, for `expect` to
# wait on: wait_for_function would evaluate a string, which the CSP forbids).
STUB_SHARE = """
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const head = new Uint8Array(await file.slice(0, 24).arrayBuffer());
  document.documentElement.dataset.shared = JSON.stringify({ name: file.name, type: file.type,
    size: file.size, title: data.title, head: Array.from(head) });
};
"""


@pytest.fixture
def night(live_app) -> str:
    """Four players, Anna out and then the stock run out with Dan lowest: Ben pays Anna 2
    chips and Carla pays Dan 2 (tests/test_night_picture.py reads the same night)."""
    with live_app.test_request_context():
        db = session()
        table = commands.start_table(
            db, name="Picture night", players=["Anna", "Ben", "Carla", "Dan"], preset_name="classic"
        )
        players = players_of(db, table)
        outcomes = [
            {"kind": "out", "player": "Anna"},
            {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 12, "Carla": 20, "Dan": 3}},
        ]
        for dealer, outcome in zip(players, outcomes, strict=False):
            commands.enter_hand(db, table, outcome, dealer=dealer)
        db.commit()
        return f"/join/{table.id}/{table.scorekeeper_token}"


def settle_up(page: Page, server_url: str, night: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(server_url + night)
    page.get_by_role("link", name="Settle up", exact=True).click()
    page.wait_for_url(re.compile(r"/settle-up$"))
    felt(page, scheme)


def png_facts(data: bytes) -> tuple[int, int, tuple[int, ...]]:
    """(width, height, the top-left pixel's RGB) of a PNG. The first pixel of the first row
    is stored as it is under every PNG filter (no pixel left of it or above it)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    stream, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            stream += data[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, tuple(zlib.decompress(stream)[1:4])


def rgb(css: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", css))


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_without_a_share_sheet_the_picture_is_saved(
    page: Page, server_url, night, scheme, screenshot
):
    settle_up(page, server_url, night, scheme)
    button = page.get_by_role("link", name=SAVE_LABEL)
    box = button.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    with page.expect_download() as saving:
        button.click()
    download = saving.value
    assert re.fullmatch(r"picture-night-\d{4}-\d\d-\d\d\.png", download.suggested_filename)
    with open(download.path(), "rb") as saved:
        width, height, corner = png_facts(saved.read())
    # A phone screen's width in its own pixels; four rows, two payments and the chart.
    assert (width, height) == (1080, 1292)
    assert corner == rgb(FELT[scheme])  # drawn in the colours the page shows
    expect(page.locator(".picture-row .shared")).to_have_text("")  # nothing went wrong
    screenshot(f"night-picture-page-{scheme}")
    download.save_as(SCREENS / f"night-picture-{scheme}.png")  # the picture, to look at


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_phone_that_shares_files_gets_the_png_in_its_share_sheet(
    page: Page, server_url, night, scheme
):
    page.add_init_script(STUB_SHARE)
    settle_up(page, server_url, night, scheme)
    button = page.get_by_role("link", name=SHARE_LABEL)
    assert button.bounding_box()["height"] >= 44
    button.click()
    html = page.locator("html")
    expect(html).to_have_attribute("data-shared", re.compile("."))
    shared = json.loads(html.get_attribute("data-shared"))
    assert shared["type"] == "image/png" and shared["name"].endswith(".png")
    assert shared["title"] == "Settle up · Picture night"
    assert 20_000 < shared["size"] < 400_000
    head = bytes(shared["head"])
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">I", head[16:20]) == (1080,)


def test_the_picture_is_of_the_way_of_settling_up_chosen(page: Page, server_url, night):
    settle_up(page, server_url, night, "light")
    page.get_by_label("Everyone settles with").select_option("Ben")
    # The page before it drew its own (fewest payments) as it opened, maybe still coming.
    banker = re.compile(r"/settle-up/picture\.svg\?.*mode=banker")
    with page.expect_response(lambda response: banker.search(response.url)) as drawn:
        page.get_by_role("button", name="Banker").click()
    asked = drawn.value.url.split("?", 1)[1]
    assert sorted(asked.split("&")) == ["mode=banker", "theme=light", "to=Ben"]
    assert drawn.value.status == 200
    expect(page.get_by_role("link", name=SAVE_LABEL)).to_be_visible()


def test_offline_the_button_says_the_picture_needs_the_network(page: Page, server_url, night):
    """A settle-up opened offline is the phone's kept copy: no picture is made from it (it
    could leave out what changed since), and the tap says why instead of doing nothing."""
    settle_up(page, server_url, night, "dark")
    page.reload()  # now under the service worker, which keeps this page
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")
    page.console_errors_paused = True  # the browser logs the fetch that fails offline
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name=SAVE_LABEL).click()
    expect(page.locator(".picture-row .shared")).to_have_text(
        "No network: the picture is drawn from the tally on the server."
        " Try again when the network is back."
    )
    page.context.set_offline(False)
    with page.expect_download() as saving:  # back online, the next tap makes it
        page.get_by_role("link", name=SAVE_LABEL).click()
    assert saving.value.suggested_filename.endswith(".png")


def test_without_javascript_the_link_saves_the_svg(
    browser, browser_context_args, server_url, night
):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto(server_url + night)
    page.goto(page.url + "/settle-up")
    with page.expect_download() as saving:
        page.get_by_role("link", name=SAVE_LABEL).click()
    assert saving.value.suggested_filename.endswith(".svg")
    with open(saving.value.path(), encoding="utf-8") as saved:
        drawn = saved.read()
    assert '<tspan font-weight="700">Ben</tspan> pays' in drawn
    context.close()


def test_with_hands_kept_on_the_phone_no_picture_leaves_them_out(
    context: BrowserContext, server_url, night
):
    """Settle-up's figures are from before the hands kept offline, and say so (item 1): a
    picture of them would not, so the tap says why there is none yet."""
    # This phone opened a settle-up before (another table's), so its script is kept too.
    before = context.new_page()
    before.goto(server_url + night)
    before.goto(before.url + "/settle-up")
    expect(before.locator("html")).to_have_attribute("data-offline", "kept")
    before.reload()  # under the service worker now, which keeps the page's script
    expect(before.get_by_role("link", name=SAVE_LABEL)).to_be_visible()
    before.close()
    page, _ = table_with_one_hand_then_three_kept(context, server_url)
    page.get_by_role("link", name="Settle up", exact=True).click()
    expect(page.locator("section.balances > .before-kept")).to_have_text("Before the 3 kept hands")
    page.get_by_role("link", name=SAVE_LABEL).click()
    expect(page.locator(".picture-row .shared")).to_have_text(
        "No picture yet: 3 hands kept on this phone are not counted. Make it once they are sent."
    )
