"""The same Tongits night played twice at a 390 × 844 phone, once in English and once in
Filipino (issue 22, its last "Done when"): every payout must be the same in both.

Anna, Ben and Carla play five games with the `tongits` preset: a draw won against a fight
and a burned fold, Ben's tong-its with a Secret (his second win in a row: the pot), a
draw with a fight lost and a fold, a stock-out tied on the count with burned Ben taking
the last card (Carla's second win: the pot again), and a draw the caller loses. The
Filipino phone keeps game 4 with no network ("Itago sa phone na ito") and sends it when
the network is back; the English phone enters it online.

One script plays both languages: it taps the forms by their fields' names and values,
which no language changes, and reads each player's field by the dealer list on the form.
Only what a player reads is per language (`Words`): the payment lines, the keep button.
The payouts are read from the pages (each preview, the history, the tally, settle-up),
never from the API, and compared game by game between the languages; each is also pinned
to the payments worked out by hand from tongits.md section 2 (checked once against
`referee settle`), so the test fails on its own when both languages go wrong alike.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

ABC = ["Anna", "Ben", "Carla"]
KEPT_OFFLINE = 4
"""The game the Filipino phone keeps with no network."""

# Each game: the ending as the form asks it (by its fields' names), and its payments
# (payer, payee, chips) worked out by hand (preset tongits: ante 1, Two Hits, tong-its 2,
# fight 2, fold 1, stock out 1, burned ×2, Secret 1, the winner deals; Anna deals first).
NIGHT = [
    (  # 1. Ben calls on 6; Anna fights on 11 and loses; Carla folds, burned (pays double).
        {"kind": "draw", "winner": "Ben", "fought": ["Anna"], "total": {"Ben": 6, "Anna": 11},
         "burned": ["Carla"]},
        [("Anna", "Ben", 2), ("Carla", "Ben", 2)],
    ),
    (  # 2. Ben's tong-its with a Secret: his second win in a row takes the pot, 2 a head.
        {"kind": "tongits", "winner": "Ben", "secret": {"Ben": 1}},
        [("Anna", "Ben", 2), ("Anna", "Ben", 1), ("Anna", "Ben", 2),
         ("Carla", "Ben", 2), ("Carla", "Ben", 1), ("Carla", "Ben", 2)],
    ),
    (  # 3. Carla calls on 3; Anna fights on 9 and loses; Ben folds.
        {"kind": "draw", "winner": "Carla", "fought": ["Anna"], "total": {"Carla": 3, "Anna": 9}},
        [("Anna", "Carla", 2), ("Ben", "Carla", 1)],
    ),
    (  # 4. The stock runs out: Anna and Carla tie on 4; burned Ben took the last card, so
       #    Carla (first after him) wins, her second win in a row: the pot, 2 a head.
        {"kind": "stock_out", "total": {"Anna": 4, "Carla": 4}, "last_card": "Ben",
         "burned": ["Ben"]},
        [("Anna", "Carla", 1), ("Anna", "Carla", 2), ("Ben", "Carla", 2), ("Ben", "Carla", 2)],
    ),
    (  # 5. Anna calls on 8 and loses: Ben fights on 5, Carla on 12; Ben wins, the pot stays.
        {"kind": "draw", "winner": "Anna", "fought": ["Ben", "Carla"],
         "total": {"Anna": 8, "Ben": 5, "Carla": 12}},
        [("Anna", "Ben", 2), ("Carla", "Ben", 2)],
    ),
]  # fmt: skip
# The nets of the five games added up: (−2, +4, −2), (−5, +10, −5), (−2, −1, +3),
# (−3, −4, +7), (−2, +4, −2). The 3 chips of game 5's ante stay in the pot.
TALLY = {"Anna": Decimal(-14), "Ben": Decimal(13), "Carla": Decimal(1)}
TRANSFERS = [("Anna", "Ben", Decimal(13)), ("Anna", "Carla", Decimal(1))]


@dataclass(frozen=True)
class Words:
    """What the script reads or taps by its words, in one language."""

    code: str  # <html lang>
    locale: str  # the phone's language, as Playwright sets it (and its Accept-Language)
    payment: str  # a payment line: payer, payee, amount
    transfer: str  # a settle-up line: payer, payee, amount
    asked: str  # the table page's question, as proof of the language
    keep: str  # the button that keeps a game on the phone with no network
    kept: str  # what the form says once it is kept
    not_sent: str  # the region listing the games not sent yet


ENGLISH = Words(
    code="en",
    locale="en-US",
    payment=r"(\S+) pays (\S+) ([\d.]+) chips?\b",
    transfer=r"(\S+) pays (\S+) ([\d.]+) chips?",
    asked="How did the game end?",
    keep="Keep it on this phone",
    kept="Kept on this phone",
    not_sent="Not sent yet",
)
FILIPINO = Words(
    code="fil",
    locale="fil-PH",
    payment=r"Nagbabayad si (\S+) kay (\S+) ng ([\d.]+) chips?\b",
    transfer=r"Magbabayad si (\S+) kay (\S+) ng ([\d.]+) chips?",
    asked="Paano natapos ang laro?",
    keep="Itago sa phone na ito",
    kept="Nakatago sa phone na ito",
    not_sent="Hindi pa naipapadala",
)

Payment = tuple[str, str, Decimal]


@dataclass
class Night:
    """What a phone read of the night: each game's payments and reasons, the tally."""

    games: dict[int, list[Payment]]
    reasons: dict[int, list[str]]
    tally: dict[str, Decimal]
    transfers: list[Payment]


def read(lines: Locator, pattern: str) -> list[Payment]:
    """Payment lines as (payer, payee, chips), by the page's words in its language."""
    rows = []
    for line in lines.all_inner_texts():
        found = re.match(pattern, " ".join(line.split()))
        assert found, f"not a payment line: {line!r}"
        payer, payee, amount = found.groups()
        rows.append((payer, payee, Decimal(amount)))
    return rows


def in_chips(paid: list[tuple[str, str, int]]) -> list[Payment]:
    return [(payer, payee, Decimal(chips)) for payer, payee, chips in paid]


def in_language(page: Page, words: Words) -> None:
    expect(page.locator("html")).to_have_attribute("lang", words.code)


def played(no: int) -> re.Pattern[str]:
    """The tally's heading once it counts `no` games: "Tally after 2 games", "Tally
    pagkatapos ng 2 laro" (Filipino has one form for every count)."""
    return re.compile(rf"\b{no} (?:games?|laro)$")


def counted(page: Page) -> Locator:
    """The tally's heading, which says how many games it counts."""
    return page.locator("#tally h2").first


def answer(page: Page, outcome: dict) -> None:
    """Open the ending's form from the table page and answer it by the fields' names: each
    player's field is named by their id, which the form's dealer list gives by name."""
    page.locator(f".outcomes a[href$='/hands/new/{outcome['kind']}']").click()
    form = page.locator("#hand-form")
    dealer = form.locator("select[name=dealer] option")
    expect(dealer).to_have_count(len(ABC))
    ids = {option.inner_text(): option.get_attribute("value") for option in dealer.all()}
    if "winner" in outcome:  # who went tong-its, or called the draw
        form.locator(f"input[name=winner][value='{ids[outcome['winner']]}']").check()
    if "last_card" in outcome:
        form.locator(f"input[name=last_card][value='{ids[outcome['last_card']]}']").check()
    for field in ("fought", "burned"):
        for name in outcome.get(field, []):
            form.locator(f"input[name={field}_{ids[name]}]").check()
    for field in ("total", "secret"):
        for name, number in outcome.get(field, {}).items():
            form.locator(f"input[name={field}_{ids[name]}]").fill(str(number))
    form.locator("#payout button.primary").click()  # Check the payout


def play(page: Page, no: int, game: tuple, words: Words) -> list[str]:
    """Enter game `no` online: its preview pays what was worked out by hand; save it.
    The preview's reasons, to compare between the languages."""
    outcome, paid = game
    answer(page, outcome)
    preview = page.locator("section.preview")
    expect(page.locator("#payout button[name=save]")).to_be_visible()
    assert read(preview.locator("ul.payments > li"), words.payment) == in_chips(paid), no
    reasons = preview.locator("ul.payments .why").all_inner_texts()
    page.locator("#payout button[name=save]").click()
    expect(counted(page)).to_have_text(played(no))
    expect(page.locator("#payout button[name=save]")).to_have_count(0)
    return reasons


def keep_offline(page: Page, context: BrowserContext, no: int, outcome: dict, words: Words):
    """Enter game `no` with no network: the form opens from the phone's copy, cannot be
    checked, and is kept; it is sent (and worked out) when the network is back."""
    context.set_offline(True)
    answer(page, outcome)
    page.get_by_role("button", name=words.keep).click()
    # Anchored: the notice of hands not counted yet (also a status) says "kept on this phone".
    kept = re.compile("^" + re.escape(words.kept))
    expect(page.get_by_role("status").filter(has_text=kept)).to_be_visible()
    unsent = page.get_by_role("region", name=words.not_sent).locator(".unsent-hand")
    expect(unsent).to_have_count(1)
    expect(counted(page)).to_have_text(played(no - 1))
    context.set_offline(False)
    expect(counted(page)).to_have_text(played(no), timeout=15000)
    expect(unsent).to_have_count(0)


def start(page: Page, server_url: str, words: Words) -> str:
    """Start the table by the start form's field names; the table's address, once the
    phone keeps its pages (for the game kept offline)."""
    page.goto(server_url + "/")
    in_language(page, words)
    page.locator("a[href='/?game=tongits']").click()  # its presets alone, by its link
    expect(page.locator("input[name=game]")).to_have_value("tongits")
    page.locator("input[name=name]").fill("Tongits night " + words.code)
    for seat, name in enumerate(ABC):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("input[name=preset][value=tongits]").check()
    page.locator("select[name=first_dealer]").select_option("0")  # Anna, seat 1
    page.locator("main form button[type=submit].primary").click()
    expect(page.locator("section.deal")).to_be_visible()
    table_url = re.search(r"^.*/t/\d+", page.url).group(0)
    page.goto(table_url)
    expect(page.locator("html")).to_have_attribute("data-offline", "kept")
    in_language(page, words)
    expect(page.get_by_role("heading", level=2, name=words.asked)).to_be_visible()
    return table_url


def read_the_night(page: Page, table_url: str, words: Words) -> Night:
    """Each game's payments from the history, the tally, settle-up's payments."""
    page.goto(table_url + "/hands/")
    in_language(page, words)
    games, reasons = {}, {}
    for hand in page.locator("ol.hands > li").all():
        no = int(hand.locator(".no").inner_text().lstrip("#"))
        games[no] = read(hand.locator("ul.payments > li"), words.payment)
        reasons[no] = hand.locator("ul.payments .why").all_inner_texts()
    page.goto(table_url)
    in_language(page, words)
    tally = {}
    for row in page.locator("#tally table.tally tbody tr").all():
        amount = row.locator("td").inner_text().strip().replace("\u2212", "-")
        tally[row.locator("th").inner_text()] = Decimal(amount)
    page.goto(table_url + "/settle-up")
    in_language(page, words)
    transfers = read(page.locator("ul.transfers > li"), words.transfer)
    return Night(games, reasons, tally, transfers)


def a_night(browser: Browser, context_args: dict, server_url: str, words: Words) -> Night:
    """The night on a phone in the language of `words`: the Filipino phone keeps game
    `KEPT_OFFLINE` with no network; the previews' reasons are checked with the history's."""
    context = browser.new_context(**context_args, locale=words.locale)
    page = context.new_page()
    errors: list[str] = []  # a script error, or a CSP refusal, fails the night
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if "Security Policy" in m.text else None)
    try:
        table_url = start(page, server_url, words)
        previews = {}
        for no, game in enumerate(NIGHT, start=1):
            if words is FILIPINO and no == KEPT_OFFLINE:
                keep_offline(page, context, no, game[0], words)
            else:
                previews[no] = play(page, no, game, words)
        night = read_the_night(page, table_url, words)
    finally:
        context.close()
    assert errors == []
    assert {no: night.reasons[no] for no in previews} == previews
    return night


def test_a_tongits_night_in_filipino_pays_as_in_english(
    browser: Browser, browser_context_args: dict, server_url: str
):
    english = a_night(browser, browser_context_args, server_url, ENGLISH)
    filipino = a_night(browser, browser_context_args, server_url, FILIPINO)
    assert sorted(filipino.games) == sorted(english.games) == [1, 2, 3, 4, 5]
    for no in english.games:
        assert filipino.games[no] == english.games[no], no
    assert filipino.tally == english.tally
    assert filipino.transfers == english.transfers

    # Pinned, so the test fails even when both languages go wrong alike.
    assert english.games == {no: in_chips(paid) for no, (_, paid) in enumerate(NIGHT, start=1)}
    assert english.tally == TALLY
    assert english.transfers == TRANSFERS

    # Each reason was put in Filipino: none reads as its English.
    for no, reasons in english.reasons.items():
        assert len(filipino.reasons[no]) == len(reasons), no
        assert not set(filipino.reasons[no]) & set(reasons), (no, filipino.reasons[no])
    assert filipino.reasons[1] == ["lumaban at natalo", "nag-fold, sunog"]
    # The game kept offline was worked out when it was sent, and worded in Filipino then.
    assert filipino.reasons[KEPT_OFFLINE] == [
        "talo sa bilang", "parte nila sa pot", "sunog nang maubos ang bunutan", "parte nila sa pot"
    ]  # fmt: skip
