"""A Tongits night of version 2 at a phone-sized browser (issue 21): Anna, Ben and Carla
start from the `joker` preset (two jokers, 1 chip a joker to the winner) and set draws
paid between the caller and each opponent (`draw_pays` "caller") with 1 chip a point
(`point_pays` 1) on the rules form.

Each game's payout is worked out by hand from tongits.md section 6 and compared with
`referee settle` on the same game and state, as the version 1 night does
(test_tongits_night.py). Then game 1 is fixed (Anna fought on 9, not 5, so the caller
wins): game 2 is no longer Anna's second win, its pot stays on the table, and game 3's
pot grows; every later game is recounted and the tally follows.
"""

import json
import re
import subprocess
from decimal import Decimal

from playwright.sync_api import Page, expect

from tests.e2e.test_evening import (
    _fail_on_console_errors,  # noqa: F401
    accessible,
    save_hand,
)
from tests.e2e.test_tongits_night import (
    REFEREE_SETTLE,
    ROOT,
    answer,
    commands_payments,
    shown_payments,
)

ABC = ["Anna", "Ben", "Carla"]
CHANGES = {"draw_pays": "caller", "point_pays": 1}
BUTTON = {"tongits": "Tong-its", "draw": "Draw", "stock_out": "Stock ran out"}

# 1. Ben calls on 8; Anna fights on 5 and beats him, Carla fights on 12 and loses to him
#    (6.9 "Paid by the caller", with points): Anna wins the game, Ben is paid by Carla.
GAME_1 = {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
          "totals": {"Ben": 8, "Anna": 5, "Carla": 12}}  # fmt: skip
PAID_1 = [
    ("Ben", "Anna", 2, "Anna beat the caller"),
    ("Ben", "Anna", 3, "points behind Anna"),
    ("Carla", "Ben", 2, "lost the fight to the caller"),
    ("Carla", "Ben", 4, "points behind the caller"),
]
# 2. Anna goes tong-its with a joker in her melds: her second win in a row takes the pot.
GAME_2 = {"kind": "tongits", "player": "Anna", "bonuses": {"Anna": {"jokers": 1}}}
PAID_2 = [
    ("Ben", "Anna", 2, "lost to a tong-its"),
    ("Ben", "Anna", 1, "the winner's joker bonus"),
    ("Ben", "Anna", 2, "their share of the pot"),
    ("Carla", "Anna", 2, "lost to a tong-its"),
    ("Carla", "Anna", 1, "the winner's joker bonus"),
    ("Carla", "Anna", 2, "their share of the pot"),
]
# 3. The stock runs out: Ben is lowest on 3 and wins his first game.
GAME_3 = {"kind": "stock_out", "totals": {"Anna": 10, "Ben": 3, "Carla": 7}}
PAID_3 = [("Anna", "Ben", 1, "lost on the count"), ("Carla", "Ben", 1, "lost on the count")]

# The fix of game 1: Anna fought on 9. Ben, the caller, is lowest and wins; each fighter
# pays him the fight and the points behind.
FIXED_1 = {**GAME_1, "totals": {"Ben": 8, "Anna": 9, "Carla": 12}}
PAID_FIXED_1 = [
    ("Anna", "Ben", 2, "fought and lost"),
    ("Anna", "Ben", 1, "points behind at the fight"),
    ("Carla", "Ben", 2, "fought and lost"),
    ("Carla", "Ben", 4, "points behind at the fight"),
]
# Game 2 recounted: Anna's first win, so the pot (2 a head) stays.
RECOUNTED_2 = [
    ("Ben", "Anna", 2, "lost to a tong-its"),
    ("Ben", "Anna", 1, "the winner's joker bonus"),
    ("Carla", "Anna", 2, "lost to a tong-its"),
    ("Carla", "Anna", 1, "the winner's joker bonus"),
]
# The night after the fix, added up by hand: game 1 (-3, +9, -6), game 2 (+6, -3, -3),
# game 3 (-1, +2, -1).
TALLY = {"Anna": Decimal(2), "Ben": Decimal(8), "Carla": Decimal(-10)}


def settled(outcome: dict, state: dict) -> dict:
    """The game as `referee settle` answers it under this table's rules."""
    request = {"game": "tongits", "preset": "joker", "rules": CHANGES, "players": ABC,
               "state": state, "outcome": outcome}  # fmt: skip
    done = subprocess.run(
        REFEREE_SETTLE, input=json.dumps(request), capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def fill(page: Page, outcome: dict) -> None:
    """The ending's questions, and the jokers counter that Joker mode adds."""
    answer(page, {key: value for key, value in outcome.items() if key != "bonuses"})
    jokers = page.get_by_role("group", name=re.compile("^Bonus: jokers"))
    for name, counts in outcome.get("bonuses", {}).items():
        jokers.get_by_label(name, exact=True).fill(str(counts["jokers"]))


def check(page: Page, paid: list, settlement: dict) -> None:
    """The preview lists the payments worked out by hand, and the command's."""
    expect(page.get_by_role("button", name="Save game")).to_be_visible()
    lines = page.locator("section.preview ul.payments > li").all_inner_texts()
    shown = shown_payments(lines)
    assert shown == [(a, b, Decimal(n), why) for a, b, n, why in paid]
    assert [row[:3] for row in shown] == commands_payments(settlement)


def play(page: Page, no: int, outcome: dict, paid: list, state: dict) -> dict:
    settlement = settled(outcome, state)
    page.get_by_role("link", name=BUTTON[outcome["kind"]], exact=True).click()
    expect(page.get_by_role("button", name="Check the payout")).to_be_visible()
    fill(page, outcome)
    page.get_by_role("button", name="Check the payout").click()
    check(page, paid, settlement)
    save_hand(page, no, "game")
    return settlement


def test_a_night_of_tongits_version_2(page: Page, server_url, screenshot):
    page.goto(server_url + "/")
    # The game first: its link opens the start page of Tongits, with its presets only.
    page.get_by_role("navigation", name="Game").get_by_role("link", name="Tongits").click()
    page.get_by_label("Table name").fill("Joker night")
    for seat, name in enumerate(ABC, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("group", name="Start from the rules of").get_by_label(
        "Joker", exact=True
    ).check()
    page.get_by_label("First dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the table").click()
    page.get_by_role("link", name="Change the house rules").click()
    page.locator("summary", has_text="Draw, ties and turn order").click()
    page.get_by_role("group", name="Who pays whom at a draw").get_by_label(
        "Between the caller and each other player", exact=True
    ).check()
    page.get_by_label("Points paid at a fought draw", exact=True).fill("1")
    page.get_by_role("button", name="Save the house rules").click()
    expect(page.locator("section.deal")).to_be_visible()
    table_url = re.search(r"^.*/t/\d+", page.url).group(0)
    page.goto(table_url)

    state: dict = {"dealer": "Anna"}
    first = play(page, 1, GAME_1, PAID_1, state)
    assert first["net"] == {"Anna": 5, "Ben": 1, "Carla": -6}
    second = play(page, 2, GAME_2, PAID_2, first["state"])
    assert second["pot_won"] == 6
    play(page, 3, GAME_3, PAID_3, second["state"])
    accessible(page, "tongits-v2-01-table", screenshot)

    # Fix game 1: Anna fought on 9. The caller wins, and every later game is recounted.
    page.get_by_role("link", name="Games", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^#1\b")).click()
    page.get_by_role("link", name="Fix this game").click()
    totals = page.get_by_role("group", name=re.compile("^Points left in"))
    totals.get_by_label("Anna", exact=True).fill("9")
    page.get_by_role("button", name="Check the payout").click()
    fixed = settled(FIXED_1, state)
    check(page, PAID_FIXED_1, fixed)
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_text("Game 1 changed")).to_be_visible()

    recount_2 = settled(GAME_2, fixed["state"])
    recount_3 = settled(GAME_3, recount_2["state"])
    assert (recount_2["pot_won"], recount_3["pot_won"]) == (0, 0)
    expect(page.locator("section.deal p.pot")).to_have_text(
        "Pot: 9 chips (Anna 3 chips, Ben 3 chips, Carla 3 chips)"
    )
    page.get_by_role("link", name="Games", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^#2\b")).click()
    shown = shown_payments(page.locator("ul.payments > li").all_inner_texts())
    assert shown == [(a, b, Decimal(n), why) for a, b, n, why in RECOUNTED_2]
    assert [row[:3] for row in shown] == commands_payments(recount_2)

    page.goto(table_url)
    rows = page.locator("#tally table.tally tbody tr")
    for name, amount in TALLY.items():
        shown_amount = rows.filter(has=page.get_by_role("rowheader", name=name)).locator("td")
        expect(shown_amount).to_have_text(f"{amount:+}".replace("-", "\u2212"))
