"""No network at the table: hands entered offline are kept on the phone and reach the
server once each, in order, whatever happens in between (reloads, a closed tab, a lost
answer); a hand the server refuses stays on the phone with the server's words.

What the server holds is read from the table's JSON export, as a phone would download it.
"""

import re
import threading

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from werkzeug.serving import make_server

from tests.e2e.test_evening import total_of

# Three games of stock running out, each won by the lowest total: Dora, then Eli, then Dora.
HANDS = [{"Dora": "3", "Eli": "9"}, {"Dora": "12", "Eli": "4"}, {"Dora": "1", "Eli": "2"}]
WINNERS = ["Dora", "Eli", "Dora"]


class LoseTheFirstAnswer:
    """Around the app: the first hand sent from the phone's queue is entered, and its answer
    replaced by a 500, as when the server stored it and failed right after."""

    def __init__(self, app):
        self.app = app
        self.armed = True
        self.lost = 0

    def __call__(self, environ, start_response):
        sending = environ["REQUEST_METHOD"] == "POST" and "/hands/queued/" in environ["PATH_INFO"]
        if not (self.armed and sending):
            return self.app(environ, start_response)
        self.armed = False
        answer = self.app(environ, lambda status, headers, exc_info=None: None)
        b"".join(answer)
        getattr(answer, "close", lambda: None)()
        self.lost += 1
        start_response("500 INTERNAL SERVER ERROR", [("Content-Type", "text/plain")])
        return [b"the answer was lost"]


@pytest.fixture
def losing_server(live_app):
    """The app served on its own port, losing the answer of the first hand sent."""
    failing = LoseTheFirstAnswer(live_app)
    server = make_server("127.0.0.1", 0, failing, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", failing
    server.shutdown()
    server.server_close()


def start_table(page: Page, url: str, players=("Dora", "Eli"), tongits=False) -> str:
    """A Tonk table (or a Tongits one, its own preset), the first player dealing first; its
    address once the pages are kept."""
    page.goto(url + "/?game=tongits" if tongits else url + "/")  # Tongits: its presets alone
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(label=players[0])  # the names as typed
    page.get_by_role("button", name="Start the table").click()  # ready with the preset
    expect(page.get_by_role("heading", name=re.compile("^Tally after 0 "))).to_be_visible()
    page.reload()  # now under the service worker, which keeps this page and its links
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")
    return page.url


def keep_offline(page: Page, kind: str, totals: dict[str, str]) -> None:
    """Enter a hand with no network: the form opens from the phone's copy, Check cannot
    reach the server, so the hand is kept on the phone."""
    page.get_by_role("link", name=kind, exact=True).click()
    for name, total in totals.items():
        total_of(page, name).fill(total)
    keep_it(page)


def keep_it(page: Page) -> None:
    """Check the hand typed: the server cannot be reached, so keep it on the phone."""
    page.get_by_role("button", name="Check the payout").click()
    page.get_by_role("button", name="Keep it on this phone").click()
    kept = page.get_by_role("status").filter(has_text=re.compile("^Kept on this phone"))
    expect(kept).to_be_visible()


def unsent(page: Page):
    return page.get_by_role("region", name="Not sent yet").locator(".unsent-hand")


def hands_on_server(context: BrowserContext, table_url: str) -> list[dict]:
    export = context.request.get(table_url + "/export.json")
    assert export.status == 200
    return export.json()["hands"]


def enter_three_offline_and_come_back(context: BrowserContext, url: str) -> tuple[Page, str]:
    """Start a table, go offline, keep three hands, reload, close the tab and open the
    table again in a new one, then come back online."""
    page = context.new_page()
    table_url = start_table(page, url)
    context.set_offline(True)
    for totals in HANDS:
        keep_offline(page, "Stock ran out", totals)
    expect(unsent(page)).to_have_count(3)
    expect(page.locator("#unsent")).to_contain_text("Payout: worked out when it is sent.")
    expect(unsent(page).first).to_contain_text("Dora: 3 · Eli: 9")

    page.reload()
    expect(unsent(page)).to_have_count(3)
    expect(page.get_by_role("heading", name=re.compile("^Tally after 0 "))).to_be_visible()
    expect(page.locator("#tally-stale")).to_contain_text("Not up to date")
    page.close()

    page = context.new_page()
    page.goto(table_url)
    expect(unsent(page)).to_have_count(3)
    page.get_by_role("link", name="Hands", exact=True).click()
    expect(unsent(page)).to_have_count(3)
    page.locator("header a.brand").click()  # the table's name leads back to its page

    context.set_offline(False)
    expect(page.get_by_role("heading", name="Tally after 3 hands")).to_be_visible(timeout=15000)
    expect(unsent(page)).to_have_count(0)
    expect(page.locator("#tally-stale")).to_have_count(0)
    return page, table_url


def winners(hands: list[dict]) -> list[str]:
    return [hand["settlement"]["winners"][0] for hand in hands]


def test_three_hands_kept_offline_reach_the_server_once_each_in_order(
    context: BrowserContext, server_url, script_errors
):
    page, table_url = enter_three_offline_and_come_back(context, server_url)
    hands = hands_on_server(context, table_url)
    assert [hand["no"] for hand in hands] == [1, 2, 3]
    assert [hand["outcome"]["totals"] for hand in hands] == [
        {name: int(total) for name, total in totals.items()} for totals in HANDS
    ]
    assert winners(hands) == WINNERS
    # The deal moved on with each hand: Dora dealt the first, Eli the second.
    assert [hand["dealer"] for hand in hands] == ["Dora", "Eli", "Dora"]
    page.reload()  # nothing is sent twice by a page that opens after the send
    expect(page.get_by_role("heading", name="Tally after 3 hands")).to_be_visible()
    assert len(hands_on_server(context, table_url)) == 3
    assert script_errors == []


def test_a_hand_whose_answer_was_lost_is_sent_again_and_entered_once(
    context: BrowserContext, losing_server, script_errors
):
    url, failing = losing_server
    _, table_url = enter_three_offline_and_come_back(context, url)
    assert failing.lost == 1
    hands = hands_on_server(context, table_url)
    assert [hand["no"] for hand in hands] == [1, 2, 3]
    assert winners(hands) == WINNERS
    assert script_errors == []


def test_a_refused_hand_stays_on_the_phone_with_the_servers_words(
    context: BrowserContext, server_url, script_errors
):
    page = context.new_page()
    table_url = start_table(page, server_url)
    context.set_offline(True)
    keep_offline(page, "Stock ran out", {"Dora": "3", "Eli": "555"})
    keep_offline(page, "Stock ran out", {"Dora": "4", "Eli": "2"})
    context.set_offline(False)

    refusal = unsent(page).first.get_by_role("alert")
    expect(refusal).to_have_text(re.compile(r"^Not taken when sent: Eli: .*555"), timeout=15000)
    expect(unsent(page).nth(1)).to_contain_text("Waits for the hand above to be sent.")
    page.reload()
    expect(unsent(page)).to_have_count(2)
    expect(unsent(page).first.get_by_role("alert")).to_contain_text("555")
    assert hands_on_server(context, table_url) == []

    # Removed on purpose, the refused hand lets the next one go.
    page.once("dialog", lambda dialog: dialog.accept())
    unsent(page).first.get_by_role("button", name="Remove it").click()
    expect(page.get_by_role("heading", name="Tally after 1 hand")).to_be_visible(timeout=15000)
    assert [h["outcome"]["totals"] for h in hands_on_server(context, table_url)] == [
        {"Dora": 4, "Eli": 2}
    ]
    assert script_errors == []


def test_the_rules_and_the_referees_pages_open_without_a_network_never_visited(
    context: BrowserContext, server_url, script_errors
):
    """The table page had the phone keep the pages it links to: with no network, the rules
    sheet and the referee's pages open from the phone, though never opened before."""
    page = context.new_page()
    table_url = start_table(page, server_url)
    context.set_offline(True)
    for path, heading in (
        ("/rules", "House rules"),
        ("/count", "Count a hand"),
        ("/spread", "Is it a spread? May it be hit?"),
        ("/ask", "Ask the referee"),
    ):
        page.goto(table_url + path)
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    assert script_errors == []


# In Filipino (issue 22): the scripts' words and the worker's "no copy" page, in the
# phone's language; a page never opened says so from the worker's copy of /offline.


def test_a_filipino_phone_keeps_a_hand_offline_in_filipino(
    context: BrowserContext, server_url, script_errors
):
    page = context.new_page()
    table_url = start_table(page, server_url)
    context.add_cookies([{"name": "lang", "value": "fil", "url": server_url}])
    page.reload()  # the pages, and the worker's "no copy" page, kept again in Filipino
    expect(page.locator("html")).to_have_attribute("lang", "fil")
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")

    context.set_offline(True)
    expect(page.locator("#tally-stale")).to_contain_text("Hindi updated: walang sagot")
    page.locator(".outcomes a[href$='/stock_out']").click()  # its words are not mine to pin
    total_of(page, "Dora").fill("3")
    total_of(page, "Eli").fill("9")
    page.get_by_role("button", name="Tingnan ang bayaran").click()
    page.get_by_role("button", name="Itago sa phone na ito").click()
    kept = page.get_by_role("status").filter(has_text=re.compile("^Nakatago sa phone na ito"))
    expect(kept).to_be_visible()
    page.goto(table_url)
    unsent = page.get_by_role("region", name="Hindi pa naipapadala")
    expect(unsent.get_by_role("heading")).to_have_text("Hindi pa naipapadala: 1 hand")
    expect(unsent).to_contain_text("Bayaran: kukuwentahin kapag naipadala na.")

    page.goto(server_url + "/t/999999/hands/")  # never opened on this phone
    expect(page.get_by_role("heading", level=1)).to_have_text("Walang network")

    context.set_offline(False)
    page.goto(table_url)
    expect(page.locator("#unsent")).to_have_count(0)  # sent once the network is back
    assert script_errors == []
