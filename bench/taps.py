"""How many taps and keys a table spends on a hand, on a phone-sized browser (390 × 844).

A thumb drives the app as a player does: it taps what is on the screen and types digits on
the keypad; a box it need not tap (the next total, when the form moved there by itself),
a choice already made (the dropper the form chose, when it is the one who dropped) or a
button it need not press (Check, when the payout previewed itself) costs nothing. Each
scene ends on the payout saved, checked literally, so a count is never of a form that
went wrong. Printed for Tonk and Tongits: the first hand from the home page (start a
table, then the hand), a drop among four (a caught one, with the dropper the form chose
and with another), an out, a tonk out, and fixing a slip both ways: Hands → the hand →
Fix, and Undo on the saved message (the hand then entered again).

Run from the repository's root: `.venv/bin/python bench/taps.py` (the system Chromium at
/usr/bin/chromium, or Playwright's own). Not a test: tests/e2e/test_fewer_taps.py pins
the counts that matter.
"""

import logging
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from playwright.sync_api import Locator, Page, expect, sync_playwright
from werkzeug.serving import make_server

from referee import create_app
from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.storage import database_url, session

FOUR = ["Anna", "Ben", "Carla", "Dan"]
THREE = ["Anna", "Ben", "Carla"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# How long a live preview may take to show Save before the thumb taps Check instead.
PREVIEW_WAIT_MS = 5000
# What a game calls its hands on the pages: Tonk a hand, Tongits a game.
ROUND = "(?:Hand|Game)"


@dataclass
class Thumb:
    """A player's thumb on one page: each tap and each key counted."""

    page: Page
    taps: int = 0
    keys: int = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1

    def go(self, target: Locator) -> None:
        """A tap that opens another page: the next tap waits until it has loaded (its
        scripts too, or a choice would not preview itself)."""
        with self.page.expect_navigation():
            self.tap(target)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def choose(self, group: str, name: str) -> None:
        """Pick `name` in a radio group, unless the form already chose them."""
        choice = self.page.get_by_role("group", name=group).get_by_label(name, exact=True)
        if not choice.is_checked():
            self.tap(choice)

    def totals(self, boxes: Locator, typed: list[str]) -> None:
        """Type each total in its box in turn: tap the first; after each, the next box if
        the form did not move there (by the keypad's Next key where the box offers it, else
        by a tap)."""
        self.tap(boxes.nth(0))
        for index, total in enumerate(typed):
            self.type(total)
            if index + 1 == len(typed):
                return
            following = boxes.nth(index + 1)
            if following.evaluate("box => box === document.activeElement"):
                continue
            if boxes.nth(index).get_attribute("enterkeyhint") == "next":
                self.press("Enter")
            else:
                self.tap(following)
            expect(following).to_be_focused()

    def save(self, *payments: str) -> None:
        """Save the payout, once it lists `payments` (in order): at once when the form
        previewed it itself, else after Check."""
        save = self.page.get_by_role("button", name=re.compile(rf"^Save {ROUND.lower()}$"))
        try:
            save.wait_for(state="visible", timeout=PREVIEW_WAIT_MS)
        except Exception:  # no live preview: the thumb checks the payout first
            self.tap(self.page.get_by_role("button", name="Check the payout"))
        expect(self.page.locator("section.preview ul.payments > li")).to_have_text(list(payments))
        self.tap(save)


@contextmanager
def served() -> Iterator[tuple[object, str]]:
    """The app on a free port, on a fresh instance folder."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    instance = tempfile.mkdtemp(prefix="referee-taps-")
    app = create_app({"INSTANCE_PATH": instance})
    upgrade(database_url(app))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        app.extensions["db_engine"].dispose()


def table(app, url: str, names: list[str], game: str, preset: str, **changes) -> str:
    """A table started for the scene (Anna deals first), as its scorekeeper's join link."""
    with app.test_request_context():
        db = session()
        started = commands.start_table(
            db, name="Bench", players=names, preset_name=preset, game=game, changes=changes
        )
        db.commit()
        return f"{url}/join/{started.id}/{started.scorekeeper_token}"


def saved(page: Page, no: int) -> None:
    expect(page.get_by_text(re.compile(rf"^{ROUND} {no} saved\.$"))).to_be_visible()


def start_from_home(
    thumb: Thumb, url: str, names: list[str], game: str | None, boxes: dict[str, str] | None = None
) -> None:
    """Start a table from the home page: its game (when not the default: its link, which
    opens the page of its presets), the names."""
    page = thumb.page
    page.goto(url + "/")
    if game is not None:
        thumb.go(page.get_by_role("navigation", name="Game").get_by_role("link", name=game))
    for seat, name in enumerate(names, start=1):
        thumb.tap(page.get_by_label(f"Player {seat}", exact=True))
        thumb.type(name)
    for label, typed in (boxes or {}).items():  # the stake and unit, beside the preset
        thumb.tap(page.get_by_label(label, exact=True))
        thumb.type(typed)
    thumb.go(page.get_by_role("button", name="Start the table"))
    expect(page.locator("section.deal")).to_be_visible()


def outcome(thumb: Thumb, words: str) -> None:
    thumb.tap(thumb.page.get_by_role("link", name=words, exact=True))


def totals_of(page: Page) -> Locator:
    return page.locator("fieldset.totals:not(.bonuses) input")


# The scenes. Tonk: preset classic (1 chip a stake; a caught dropper pays 2 to whoever
# caught them, the others pay them 1: "lowest after a catch"), Anna deals the first hand
# and Ben plays first. Tongits: preset tongits (ante 1, tong-its 2, fight 2, fold 1).

# The winner's question as the group is named (its Tongits word is a box of its own).
TONG_ITS = "Who went tong-its"
CAUGHT = [
    "Ben pays Carla 2 chips caught",
    "Anna pays Carla 1 chip lowest after a catch",
    "Dan pays Carla 1 chip lowest after a catch",
]


def each_pays(winner: str, names: list[str], amount: str, why: str) -> list[str]:
    return [f"{name} pays {winner} {amount} {why}" for name in names if name != winner]


def tonk_first_hand(thumb: Thumb, url: str, _app) -> None:
    """Start a table of four from the home page; Ben goes out."""
    start_from_home(thumb, url, FOUR, None)
    outcome(thumb, "Out by discarding")
    thumb.choose("Who went out?", "Ben")
    thumb.save(*each_pays("Ben", FOUR, "1 chip", "out"))
    saved(thumb.page, 1)


def tonk_first_hand_for_25_cents(thumb: Thumb, url: str, _app) -> None:
    """The first hand, the table playing for 25 cents: the stake and unit typed beside the
    preset on the start page."""
    start_from_home(thumb, url, FOUR, None, {"Stake": "0.25", "Unit": "¢"})
    outcome(thumb, "Out by discarding")
    thumb.choose("Who went out?", "Ben")
    thumb.save(*each_pays("Ben", FOUR, "0.25 ¢", "out"))
    saved(thumb.page, 1)


def tonk_drop(dropper: str, typed: list[str], payments: list[str]):
    """A drop among four: `typed`, the totals of Anna, Ben, Carla and Dan."""

    def scene(thumb: Thumb, url: str, app) -> None:
        page = thumb.page
        page.goto(table(app, url, FOUR, "tonk", "classic"))
        outcome(thumb, "Drop")
        thumb.choose("Who dropped?", dropper)
        thumb.totals(totals_of(page), typed)
        thumb.save(*payments)
        saved(page, 1)

    return scene


def tonk_win(button: str, question: str, payments: list[str]):
    """Carla goes out (`button`)."""

    def scene(thumb: Thumb, url: str, app) -> None:
        page = thumb.page
        page.goto(table(app, url, FOUR, "tonk", "classic"))
        outcome(thumb, button)
        thumb.choose(question, "Carla")
        thumb.save(*payments)
        saved(page, 1)

    return scene


def tonk_marked_out(thumb: Thumb, url: str, app) -> None:
    """Carla goes out on her turn, which the scorekeeper followed on the turn panel (a
    house that makes a player wait a turn after a new spread): "Next turn" tapped once
    during the hand, not counted here."""
    page = thumb.page
    page.goto(table(app, url, FOUR, "tonk", "classic", wait_after_spread=1))
    page.get_by_role("button", name="Next turn").click()
    expect(page.get_by_role("heading", name="Turn 2: Carla plays")).to_be_visible()
    outcome(thumb, "Out by discarding")
    thumb.choose("Who went out?", "Carla")
    thumb.save(*each_pays("Carla", FOUR, "1 chip", "out"))
    saved(page, 1)


def fix_slip(enter, question: str, right: str, payments: list[str]):
    """A hand saved with the wrong player (by `enter`, not counted), then put right from
    the history: Hands → the hand → Fix, the player changed, Save."""

    def scene(thumb: Thumb, url: str, app) -> None:
        page = thumb.page
        enter(Thumb(page), url, app)
        thumb.go(page.get_by_role("link", name=re.compile("^(Hands|Games)$")))
        thumb.go(page.get_by_role("link", name=re.compile(r"^#1\b")))
        thumb.go(page.get_by_role("link", name=re.compile("^Fix this")))
        thumb.choose(question, right)
        thumb.save(*payments)
        expect(page.get_by_text(re.compile(rf"^{ROUND} 1 changed"))).to_be_visible()

    return scene


def undo_slip(enter, again):
    """A hand saved with the wrong player (by `enter`, not counted), then put right at once:
    Undo on its saved message (it is voided, kept in the history), and the hand entered
    again as it was (`again`), which saves it as the next number."""

    def scene(thumb: Thumb, url: str, app) -> None:
        page = thumb.page
        enter(Thumb(page), url, app)
        thumb.go(page.locator(".saved").get_by_role("button", name="Undo", exact=True))
        expect(page.get_by_text(re.compile(rf"^{ROUND} 1 undone"))).to_be_visible()
        again(thumb)
        saved(page, 2)

    return scene


def drop_again(thumb: Thumb) -> None:
    """The caught drop entered again: Ben, whom the form chooses, and the four totals."""
    outcome(thumb, "Drop")
    thumb.choose("Who dropped?", "Ben")
    thumb.totals(totals_of(thumb.page), ["31", "12", "6", "44"])
    thumb.save(*CAUGHT)


def tong_its_again(thumb: Thumb) -> None:
    """Carla's tong-its entered again."""
    outcome(thumb, "Tong-its")
    thumb.choose(TONG_ITS, "Carla")
    thumb.save(*each_pays("Carla", THREE, "2 chips", "lost to a tong-its"))


def slipped_drop(thumb: Thumb, url: str, app) -> None:
    """The caught drop, saved as Anna's."""
    page = thumb.page
    page.goto(table(app, url, FOUR, "tonk", "classic"))
    outcome(thumb, "Drop")
    thumb.choose("Who dropped?", "Anna")
    for box, total in zip(totals_of(page).all(), ["31", "12", "6", "44"], strict=True):
        box.fill(total)
    thumb.save(
        "Anna pays Ben 2 chips caught",
        "Anna pays Carla 2 chips caught",
        "Ben pays Carla 1 chip lowest after a catch",
        "Dan pays Carla 1 chip lowest after a catch",
    )
    saved(page, 1)


def tongits_first_game(thumb: Thumb, url: str, _app) -> None:
    """Start a Tongits table of three from the home page; Ben goes tong-its."""
    start_from_home(thumb, url, THREE, "Tongits")
    outcome(thumb, "Tong-its")
    thumb.choose(TONG_ITS, "Ben")
    thumb.save(*each_pays("Ben", THREE, "2 chips", "lost to a tong-its"))
    saved(thumb.page, 1)


def tongits_draw(thumb: Thumb, url: str, app) -> None:
    """Ben calls a draw on 6, Anna fights on 11, Carla folds: Ben wins."""
    page = thumb.page
    page.goto(table(app, url, THREE, "tongits", "tongits"))
    outcome(thumb, "Draw")
    thumb.choose("Who called the draw", "Ben")
    thumb.tap(page.get_by_label("Anna fought", exact=True))
    thumb.totals(totals_of(page), ["11", "6"])
    thumb.save("Anna pays Ben 2 chips fought and lost", "Carla pays Ben 1 chip folded")
    saved(page, 1)


def tongits_stock_out(thumb: Thumb, url: str, app) -> None:
    """The stock ran out: Anna 18, Ben 9, Carla 23; Ben lowest."""
    page = thumb.page
    page.goto(table(app, url, THREE, "tongits", "tongits"))
    outcome(thumb, "Stock ran out")
    thumb.totals(totals_of(page), ["18", "9", "23"])
    thumb.save(*each_pays("Ben", THREE, "1 chip", "lost on the count"))
    saved(page, 1)


def tongits_win(winner: str):
    """`winner` goes tong-its."""

    def scene(thumb: Thumb, url: str, app) -> None:
        page = thumb.page
        page.goto(table(app, url, THREE, "tongits", "tongits"))
        outcome(thumb, "Tong-its")
        thumb.choose(TONG_ITS, winner)
        thumb.save(*each_pays(winner, THREE, "2 chips", "lost to a tong-its"))
        saved(page, 1)

    return scene


SCENES = {
    "Tonk": [
        ("first hand from the home page", tonk_first_hand),
        ("first hand for 25 cents (stake and unit typed)", tonk_first_hand_for_25_cents),
        ("a drop among four (the dropper the form chose)",
         tonk_drop("Ben", ["31", "12", "6", "44"], CAUGHT)),
        ("a drop among four (another dropper, on 3)",
         tonk_drop("Carla", ["31", "27", "3", "44"],
                   each_pays("Carla", FOUR, "1 chip", "drop won"))),
        ("an out", tonk_win("Out by discarding", "Who went out?",
                            each_pays("Carla", FOUR, "1 chip", "out"))),
        ("an out on a marked turn (the winner the form chose)", tonk_marked_out),
        ("a tonk out", tonk_win("Tonk out", "Who tonked out?",
                                each_pays("Carla", FOUR, "2 chips", "tonk out"))),
        ("fixing a slip (the wrong dropper): Hands, Fix",
         fix_slip(slipped_drop, "Who dropped?", "Ben", CAUGHT)),
        ("fixing a slip (the wrong dropper): with Undo", undo_slip(slipped_drop, drop_again)),
    ],
    "Tongits": [
        ("first game from the home page", tongits_first_game),
        ("a draw with a fight (two totals)", tongits_draw),
        ("the stock ran out (three totals)", tongits_stock_out),
        ("a tong-its", tongits_win("Carla")),
        ("fixing a slip (the wrong winner): Games, Fix",
         fix_slip(tongits_win("Anna"), TONG_ITS, "Carla",
                  each_pays("Carla", THREE, "2 chips", "lost to a tong-its"))),
        ("fixing a slip (the wrong winner): with Undo",
         undo_slip(tongits_win("Anna"), tong_its_again)),
    ],
}  # fmt: skip


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with served() as (app, url), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        for game, scenes in SCENES.items():
            print(game)
            for words, scene in scenes:
                context = browser.new_context(**PHONE)
                page = context.new_page()
                thumb = Thumb(page)
                scene(thumb, url, app)
                print(f"  {words:<52} {thumb.taps:>2} taps {thumb.keys:>3} keys", flush=True)
                context.close()
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
