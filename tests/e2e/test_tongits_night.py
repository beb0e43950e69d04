"""A night of Tongits at a phone-sized browser (issue 11): Anna, Ben and Carla play nine
games with the `tongits` preset at a stake of 1, one of every ending and of every rule of
tongits.md section 2 that moves chips: a draw won against a fight and a burned fold, a
tong-its with a Secret that is a second win in a row (Two Hits: the pot), a draw with a
fold and a lost fight, a draw the caller loses, a stock-out tied on the count with a
burned player taking the last card, a bisaklat (the pot, whatever the run), and a
stock-out that is the second win in a row again (the pot once more).

Why both kinds of expectation: each game's payout is written out by hand from the spec
(games 1 and 2 are its section 3 examples 1 and 2), so a wrong rule in the app *and* in
the engine still fails; and each game is compared with `referee settle`, run as its own
process on the same game and the state the previous settlement returned, so the pages
(which replay the night in referee/store/night.py) cannot drift from the contract.

Then game 7 is fixed (Ben went tong-its, not Carla): game 8 is no longer Carla's second
win, so its pot stays on the table; the deal card shows it, game 8's page shows the new
payments and a "recounted" line, and game 9 (Carla's real second win) takes the bigger
pot. Settle-up's transfers must clear the tally. The table page, a hand form with its
preview and settle-up are scanned with axe; a console error anywhere fails the test.
Nothing is read from the database, so the test passes whatever other tests stored.
"""

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import Page, expect

# The console-error guard of the other browser tests, applied to this module too.
from tests.e2e.test_evening import (
    _fail_on_console_errors,  # noqa: F401
    accessible,
    save_hand,
    zeroes,
)

# `referee settle` from this checkout's code: the installed `referee` script imports the
# package the venv was installed from, which may be another checkout than the one tested.
ROOT = Path(__file__).resolve().parents[2]
REFEREE_SETTLE = [sys.executable, "-c", "from referee.cli import main; main()", "settle"]
ABC = ["Anna", "Ben", "Carla"]
FIRST_DEALER = "Anna"

# The question each ending asks for its winner (referee/templates/tongits/asks.html), as a
# screen reader names the radio group, but for the question mark: Playwright sets it apart
# from the Tongits word before it, which is a box of its own (macros.html `term`).
WINNER_QUESTION = {
    "tongits": "Who went tong-its",
    "bisaklat": "Who showed the bisaklat",
    "draw": "Who called the draw",
}
BUTTON = {
    "tongits": "Tong-its",
    "draw": "Draw",
    "stock_out": "Stock ran out",
    "bisaklat": "Bisaklat",
}

# What a loser's line says (rules/tongits/wording.py payments_in_words, the page's words).
TONG_ITS = "lost to a tong-its"
BISAKLAT = "lost to a bisaklat"
FIGHT = "fought and lost"
FOLDED = "folded"
COUNT = "lost on the count"
SECRET = "the winner's Secret bonus"
POT = "their share of the pot"

# The night as played (game 7 as first entered). Each game: the ending as `referee settle`
# takes it; what the preview must list, (payer, payee, chips, why), worked out by hand
# from tongits.md section 2 (preset tongits: ante 1, Two Hits, tong-its 2, fight 2, fold 1,
# stock out 1, bisaklat 2, burned ×2, Secret 1, the winner deals); the preview's pot line.
NIGHT = [
    (  # 1. Section 3, example 1: Ben calls on 6, Anna fights on 11, Carla burned.
        {"kind": "draw", "caller": "Ben", "fought": ["Anna"],
         "totals": {"Ben": 6, "Anna": 11}, "burned": ["Carla"]},
        [("Anna", "Ben", 2, FIGHT), ("Carla", "Ben", 2, "folded, burned (sunog)")],
        "The pot now holds 3 chips. Ben has won 1 in a row. Ben deals next.",
    ),
    (  # 2. Example 2: Ben's tong-its with a Secret, his second win in a row: the pot.
        {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}},
        [("Anna", "Ben", 2, TONG_ITS), ("Anna", "Ben", 1, SECRET), ("Anna", "Ben", 2, POT),
         ("Carla", "Ben", 2, TONG_ITS), ("Carla", "Ben", 1, SECRET), ("Carla", "Ben", 2, POT)],
        "Ben takes the pot: 6 chips. Ben has won 2 in a row. Ben deals next.",
    ),
    (  # 3. Carla calls on 3, Anna fights on 9 and loses, Ben folds (2.4).
        {"kind": "draw", "caller": "Carla", "fought": ["Anna"], "totals": {"Carla": 3, "Anna": 9}},
        [("Anna", "Carla", 2, FIGHT), ("Ben", "Carla", 1, FOLDED)],
        "The pot now holds 3 chips. Carla has won 1 in a row. Carla deals next.",
    ),
    (  # 4. Anna calls on 8 and loses: Ben fights on 5, Carla on 12; the caller pays the fight.
        {"kind": "draw", "caller": "Anna", "fought": ["Ben", "Carla"],
         "totals": {"Anna": 8, "Ben": 5, "Carla": 12}},
        [("Anna", "Ben", 2, FIGHT), ("Carla", "Ben", 2, FIGHT)],
        "The pot now holds 6 chips. Ben has won 1 in a row. Ben deals next.",
    ),
    (  # 5. Stock out: Anna and Carla tie on 4; burned Ben took the last card, so the
       #    first of them to his right (counterclockwise: after him) wins, Carla (2.5).
        {"kind": "stock_out", "totals": {"Anna": 4, "Carla": 4}, "last_card": "Ben",
         "burned": ["Ben"]},
        [("Anna", "Carla", 1, COUNT), ("Ben", "Carla", 2, "burned (sunog) when the stock ran out")],
        "The pot now holds 9 chips. Carla has won 1 in a row. Carla deals next.",
    ),
    (  # 6. Anna's bisaklat takes the pot on her first win: 4 a head after this ante.
        {"kind": "bisaklat", "player": "Anna"},
        [("Ben", "Anna", 2, BISAKLAT), ("Ben", "Anna", 4, POT),
         ("Carla", "Anna", 2, BISAKLAT), ("Carla", "Anna", 4, POT)],
        "Anna takes the pot: 12 chips. Anna has won 1 in a row. Anna deals next.",
    ),
    (  # 7. As first entered: Carla's tong-its (fixed below: it was Ben's).
        {"kind": "tongits", "player": "Carla"},
        [("Anna", "Carla", 2, TONG_ITS), ("Ben", "Carla", 2, TONG_ITS)],
        "The pot now holds 3 chips. Carla has won 1 in a row. Carla deals next.",
    ),
    (  # 8. Stock out, Carla lowest on 3: her second win in a row takes the pot (2.7).
        {"kind": "stock_out", "totals": {"Anna": 10, "Ben": 7, "Carla": 3}},
        [("Anna", "Carla", 1, COUNT), ("Anna", "Carla", 2, POT),
         ("Ben", "Carla", 1, COUNT), ("Ben", "Carla", 2, POT)],
        "Carla takes the pot: 6 chips. Carla has won 2 in a row. Carla deals next.",
    ),
]  # fmt: skip
# The fix of game 7: Ben went tong-its. Ben's first win; the pot holds 1 a head.
FIXED_7 = (
    {"kind": "tongits", "player": "Ben"},
    [("Anna", "Ben", 2, TONG_ITS), ("Carla", "Ben", 2, TONG_ITS)],
    "The pot now holds 3 chips. Ben has won 1 in a row. Ben deals next.",
)
# Game 8 once game 7 is Ben's: Carla's first win, the pot stays (2 chips a head).
RECOUNTED_8 = [("Anna", "Carla", 1, COUNT), ("Ben", "Carla", 1, COUNT)]
# 9. After the fix: Carla's tong-its is now her second win in a row: 3 a head in the pot.
GAME_9 = (
    {"kind": "tongits", "player": "Carla"},
    [("Anna", "Carla", 2, TONG_ITS), ("Anna", "Carla", 3, POT),
     ("Ben", "Carla", 2, TONG_ITS), ("Ben", "Carla", 3, POT)],
    "Carla takes the pot: 9 chips. Carla has won 2 in a row. Carla deals next.",
)  # fmt: skip
# The night's nets, games 1 to 9 with game 7 fixed, added up by hand.
TALLY = {"Anna": Decimal(-8), "Ben": Decimal(7), "Carla": Decimal(1)}


def settled_by_command(outcome: dict, state: dict) -> dict:
    """One game's settlement from the console command, given the state before it."""
    request = {"game": "tongits", "preset": "tongits", "players": ABC, "state": state,
               "outcome": outcome}  # fmt: skip
    done = subprocess.run(
        REFEREE_SETTLE, input=json.dumps(request), capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def shown_payments(lines: list[str]) -> list[tuple[str, str, Decimal, str]]:
    """The page's payment lines as (payer, payee, chips, why)."""
    rows = []
    for line in lines:
        found = re.fullmatch(r"(\S+) pays (\S+) ([\d.]+) chips? (.+)", " ".join(line.split()))
        assert found, f"not a payment line: {line!r}"
        payer, payee, amount, why = found.groups()
        rows.append((payer, payee, Decimal(amount), why))
    return rows


def commands_payments(settlement: dict) -> list[tuple[str, str, Decimal]]:
    return [(p["from"], p["to"], Decimal(str(p["amount"]))) for p in settlement["payments"]]


def pot_line(state: dict) -> str:
    """The deal card's pot line for the state a settlement returned."""
    total = pot_total(state)
    if not total:
        return "Pot: 0 chips"
    shares = ", ".join(f"{name} {money(state['pot'][name])}" for name in ABC)
    return f"Pot: {money(total)} ({shares})"


def pot_total(state: dict) -> Decimal:
    return sum((Decimal(str(v)) for v in state["pot"].values()), Decimal(0))


def money(amount) -> str:
    value = Decimal(str(amount))
    digits = str(int(value)) if value == value.to_integral() else f"{value:.2f}"
    return f"{digits} chip" if value == 1 else f"{digits} chips"


def answer(page: Page, outcome: dict) -> None:
    """Answer an ending's questions as a player would: by the words on the screen."""
    kind = outcome["kind"]
    winner = outcome.get("caller", outcome.get("player"))
    if winner:
        group = page.get_by_role("group", name=WINNER_QUESTION[kind])
        group.get_by_label(winner, exact=True).check()
    for name in outcome.get("fought", []):
        page.get_by_label(f"{name} fought", exact=True).check()
    for name in outcome.get("burned", []):
        page.get_by_label(f"{name} is burned", exact=True).check()
    totals = page.get_by_role("group", name=re.compile("^Points left in"))
    for name, total in outcome.get("totals", {}).items():
        totals.get_by_label(name, exact=True).fill(str(total))
    if "last_card" in outcome:
        group = page.get_by_role("group", name=re.compile("^Who took the last card"))
        group.get_by_label(outcome["last_card"], exact=True).check()
    secrets = page.get_by_role("group", name=re.compile("^Bonus: Secrets"))
    for name, counts in outcome.get("bonuses", {}).items():
        secrets.get_by_label(name, exact=True).fill(str(counts["secret"]))


def check_preview(page: Page, expected: list, after: str, settlement: dict) -> None:
    """The preview lists the payments written out by hand, the same (payer, payee, amount)
    as the command, and the pot line; its "deals next" is the command's next dealer."""
    expect(page.get_by_role("button", name="Save game")).to_be_visible()
    preview = page.locator("section.preview")
    lines = preview.locator("ul.payments > li").all_inner_texts()
    shown = shown_payments(lines)
    assert shown == [(a, b, Decimal(n), why) for a, b, n, why in expected]
    assert [row[:3] for row in shown] == commands_payments(settlement)
    expect(preview.locator("p.pot-after")).to_have_text(after)
    assert after.endswith(f"{settlement['state']['dealer']} deals next.")
    if settlement["pot_won"]:
        taken = f"{settlement['winners'][0]} takes the pot: {money(settlement['pot_won'])}."
    else:
        taken = f"The pot now holds {money(pot_total(settlement['state']))}."
    assert after.startswith(taken)


def play(page: Page, no: int, game: tuple, state: dict, scan=None) -> dict:
    """Enter game `no` from the table page, check its preview against the hand-worked
    payout and `referee settle`, save it; the settlement (its state is the next game's).
    `scan`, if given, is called on the preview before it is saved (the axe scan)."""
    outcome, expected, after = game
    settlement = settled_by_command(outcome, state)
    page.get_by_role("link", name=BUTTON[outcome["kind"]], exact=True).click()
    expect(page.get_by_role("button", name="Check the payout")).to_be_visible()
    answer(page, outcome)
    page.get_by_role("button", name="Check the payout").click()
    check_preview(page, expected, after, settlement)
    if scan:
        scan()
    save_hand(page, no, "game")
    deal = page.locator("section.deal")
    expect(deal.locator("p.pot")).to_have_text(pot_line(settlement["state"]))
    expect(deal.locator("p").first).to_contain_text(settlement["state"]["dealer"])
    return settlement


def history_matches_the_command(page: Page, outcomes: list[dict]) -> None:
    """Every game on the history page pays exactly what `referee settle` says when the
    night is replayed from its first game, each settlement's state fed to the next."""
    by_no = {}
    for text in page.locator("ol.hands > li").all_inner_texts():
        no = int(re.match(r"#(\d+)", text).group(1))
        by_no[no] = shown_payments([line for line in text.splitlines() if " pays " in line])
    assert sorted(by_no) == list(range(1, len(outcomes) + 1))
    state: dict = {"dealer": FIRST_DEALER}
    for no, outcome in enumerate(outcomes, start=1):
        settlement = settled_by_command(outcome, state)
        assert [row[:3] for row in by_no[no]] == commands_payments(settlement), no
        state = settlement["state"]


def house_rules(page: Page) -> None:
    """Start the table: it is ready with its preset, and offers the house rules form, which
    this table opens and saves at the preset's values, and lands on the table page."""
    page.get_by_role("button", name="Start the table").click()
    page.get_by_role("link", name="Change the house rules").click()
    expect(page.get_by_role("heading", name="House rules")).to_be_visible()
    page.get_by_role("button", name="Save the house rules").click()
    expect(page.locator("section.deal")).to_be_visible()


def test_a_night_of_tongits(page: Page, server_url, screenshot):
    page.goto(server_url + "/")
    # The game first: its link opens the start page of Tongits, with its presets only.
    page.get_by_role("navigation", name="Game").get_by_role("link", name="Tongits").click()
    page.get_by_label("Table name").fill("Tongits night")
    for seat, name in enumerate(ABC, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("group", name="Start from the rules of").get_by_label(
        "Tongits", exact=True
    ).check()
    # The list names the players typed.
    page.get_by_label("First dealer").select_option(label="Anna")
    house_rules(page)
    table_url = re.search(r"^.*/t/\d+", page.url).group(0)
    page.goto(table_url)

    deal = page.locator("section.deal")
    expect(deal).to_contain_text("Deals (13 cards) and discards first: Anna")
    expect(deal.locator("p.pot")).to_have_text("Pot: 0 chips")
    accessible(page, "tongits-01-table", screenshot)

    state: dict = {"dealer": FIRST_DEALER}
    states = [state]  # states[n]: the state before game n + 1
    for no, game in enumerate(NIGHT, start=1):
        scan = (
            (lambda: accessible(page, "tongits-02-draw-preview", screenshot)) if no == 3 else None
        )
        state = play(page, no, game, state, scan)["state"]
        states.append(state)
        if no == 2:
            expect(deal.locator("p.run")).to_have_text(
                "Ben is the hitter (the last winner), 2 wins in a row: every further win "
                "takes the pot."
            )
    expect(deal.locator("p.pot")).to_have_text("Pot: 0 chips")

    # Fix game 7 on its own page: Ben went tong-its. Game 8 is then Carla's first win.
    page.get_by_role("link", name="Games", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^#7\b")).click()
    page.get_by_role("link", name="Fix this game").click()
    expect(page).to_have_url(table_url + "/hands/7/edit")
    group = page.get_by_role("group", name=WINNER_QUESTION["tongits"])
    expect(group.get_by_label("Carla", exact=True)).to_be_checked()
    group.get_by_label("Ben", exact=True).check()
    page.get_by_role("button", name="Check the payout").click()
    fixed = settled_by_command(FIXED_7[0], states[6])
    check_preview(page, FIXED_7[1], FIXED_7[2], fixed)
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_text("Game 7 changed")).to_be_visible()
    expect(page).to_have_url(table_url)

    # The pot game 8 took is back on the table, and Carla is on a run of one.
    recount = settled_by_command(NIGHT[7][0], fixed["state"])
    pot = deal.locator("p.pot")
    expect(pot).to_have_text("Pot: 6 chips (Anna 2 chips, Ben 2 chips, Carla 2 chips)")
    expect(pot).to_have_text(pot_line(recount["state"]))
    expect(deal.locator("p.run")).to_have_text(
        "Carla is the hitter (the last winner), 1 win in a row: 1 more win in a row takes the pot."
    )

    page.get_by_role("link", name="Games", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^#8\b")).click()
    shown = shown_payments(page.locator("ul.payments > li").all_inner_texts())
    assert shown == [(a, b, Decimal(n), why) for a, b, n, why in RECOUNTED_8]
    assert [row[:3] for row in shown] == commands_payments(recount)
    expect(page.locator("ol.changes > li").last).to_contain_text(
        "pot and run recounted after game 7 edited"
    )
    page.goto(table_url)

    # Game 9: Carla's real second win takes the pot that game 8 left.
    assert play(page, 9, GAME_9, recount["state"])["pot_won"] == 9

    rows = page.locator("#tally table.tally tbody tr")
    for name, amount in TALLY.items():
        shown_amount = rows.filter(has=page.get_by_role("rowheader", name=name)).locator("td")
        expect(shown_amount).to_have_text(f"{amount:+}".replace("-", "\u2212"))

    page.get_by_role("link", name="Games", exact=True).click()
    night = [game[0] for game in NIGHT[:6]] + [FIXED_7[0], NIGHT[7][0], GAME_9[0]]
    history_matches_the_command(page, night)

    page.get_by_role("link", name="Settle up", exact=True).click()
    transfers = page.locator(".transfers li").all_inner_texts()
    assert transfers, "a night with winners and losers needs payments"
    assert zeroes(TALLY, transfers)
    assert len(transfers) <= len([v for v in TALLY.values() if v]) - 1
    accessible(page, "tongits-03-settle-up", screenshot)
