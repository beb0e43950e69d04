"""Proof of the seam: a third game, written here and registered for the test, plays a table
through the pages, the API, its file (exported and imported again) and the tally with no
change to the shell; and no shell module names a game.

High card: 2 to 4 players, each hand has one winner, who takes one stake from each other
player. It brings what a game must (referee.games.seam.Game) and, of the capabilities,
only table pages (`AtTables`): no turns, no points, no state between games, no card
counter. Its hand form and its template are its own, as a game's web package brings them.
"""

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

import pytest
from flask_wtf import FlaskForm
from jinja2 import ChoiceLoader, DictLoader
from pydantic import BaseModel, ConfigDict
from wtforms import RadioField

from referee import exact_json
from referee.games import GAMES, AtTables, CarriesState, CountsCards, Points, Turns
from referee.games.documents import Documents
from referee.games.seam import Named, Rounds, Rules, Seats
from referee.rules.answers import Answer
from referee.rules.declared import DeclaredOptions
from referee.rules.options import changed, money, option, preset_in, short_text
from referee.rules.players import check_players
from referee.rules.refusal import Refusal
from referee.rules.shapes import Shape
from referee.scoring.settlement import Payment, Settlement
from referee.store.models import Player
from referee.web.forms import hand_form_class, player_choices
from referee.web.pages.game_pages import GamePages, HandForm
from tests.test_api_tables import body, send
from tests.test_pages import errors, flashes, plain, status, tally, text, transfers

TABLE = "Table"


@dataclass(frozen=True)
class HighCardRules:
    stake: Decimal = option(Decimal("1.00"), money(), TABLE)
    unit: str = option("chips", short_text(12), TABLE)

    def with_changes(self, changes: object) -> "HighCardRules":
        return changed(self, OPTIONS, changes)

    def to_json(self) -> dict[str, object]:
        return {key: getattr(self, key) for key in OPTIONS}

    def differences(self, other: "HighCardRules") -> list[str]:
        return [key for key in OPTIONS if getattr(self, key) != getattr(other, key)]


OPTIONS = {f.name: f for f in fields(HighCardRules)}
PRESETS = {"house": HighCardRules(), "dimes": HighCardRules(Decimal("0.10"), "$")}


class Won(BaseModel):
    """The one way a hand of high card ends: `player` had the highest card."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["won"]
    player: str

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "player": self.player}


OUTCOME_WORDS = 'outcome: a hand of high card is {"kind": "won", "player": ...}'


def in_words(errors: object, data: object) -> Refusal:
    if isinstance(data, Mapping) and data.get("kind") == "won":
        return Refusal("player: choose who won", field="player")
    return Refusal(OUTCOME_WORDS)


class HighCard(Named):
    """2 to 4 players; the winner of a hand takes one stake from each other player."""

    name = "high card"
    presets = PRESETS
    default_preset = "house"
    preset_words = {"house": "One chip a hand.", "dimes": "Ten cents a hand."}
    start_options = ("stake", "unit")
    rounds = Rounds("hand", "Hand", "hands", "Hands", lambda n: f"{n} hand{'s' * (n != 1)}")
    options = DeclaredOptions(
        lambda: list(OPTIONS),
        lambda key: TABLE,
        lambda key: OPTIONS[key].metadata["check"],
        lambda key: key.title(),
        lambda key, value: str(value),
    )
    outcome = Shape(Won, in_words)
    documents = Documents(
        check_changes=HighCardRules().with_changes,
        seats=(2, 4),
        seating="Distinct names in seating order.",
        results=("won",),
    )
    kind_words = {"won": "won"}
    result_words = {"won": "Highest card"}
    why_words: Mapping[str, str] = {}
    dealer_plays_first = False
    pages = __name__

    def rules_from(self, preset: object, changes: object) -> HighCardRules:
        return preset_in(PRESETS, preset).with_changes(changes or {})

    def rules_from_json(self, stored: object) -> HighCardRules:
        return HighCardRules().with_changes(stored)

    def rules_to_json(self, rules: Rules) -> dict[str, object]:
        return rules.to_json()

    def playable_kinds(self, rules: Rules) -> list[str]:
        return ["won"]

    def asks_totals(self, kind: str, rules: Rules) -> bool:
        return False

    def settle(self, rules: Any, players: Sequence[str], outcome: Any) -> Settlement:
        if outcome.player not in players:
            raise Refusal(f"player: {outcome.player} is not at this table", field="player")
        losers = [name for name in players if name != outcome.player]
        payments = tuple(
            Payment(name, outcome.player, rules.stake, "lower card") for name in losers
        )
        net = {name: -rules.stake for name in losers} | {outcome.player: rules.stake * len(losers)}
        return Settlement("won", (outcome.player,), payments, net, None)

    def seats(self, rules: Rules) -> Seats:
        return Seats(2, 4, "high card needs 2 players", "high card seats 4 players at most")

    def seated_rules(self, rules: Rules, players: Sequence[str]) -> Rules:
        return rules

    def check_seats(self, rules: Rules, players: object) -> tuple[str, ...]:
        names = check_players(players)
        if len(names) > 4:
            raise Refusal(f"players: high card seats 4 players at most, not {len(names)}")
        return names

    def rule_sentences(self, rules: Any) -> list[tuple[str, str, str]]:
        return [
            ("stake", TABLE, f"The winner takes {rules.stake} {rules.unit} from each player."),
            ("unit", TABLE, f"Counted in {rules.unit}."),
        ]

    def answers(self, rules: Rules) -> list[Answer]:
        return [Answer("Who wins?", "The highest card (stake).", ("stake",))]

    def hand_words(self, outcome: Mapping[str, object], result: str) -> str | None:
        return None


def winner_form(kind: str, rules: Any, players: Sequence[Player], dealer: Player) -> FlaskForm:
    HandForm_ = hand_form_class(players, dealer)
    HandForm_.player = RadioField("Who had the highest card?", choices=player_choices(players))
    return HandForm_()


def winner_outcome(kind: str, form: FlaskForm, players: Sequence[Player]) -> dict[str, Any]:
    names = {str(p.id): p.name for p in players}
    return {
        "kind": kind,
        **({"player": names[form.player.data]} if form.player.data in names else {}),
    }


def fill(form: FlaskForm, outcome: dict[str, Any], players: Sequence[Player]) -> None:
    form.player.data = next(str(p.id) for p in players if p.name == outcome["player"])


# Its pages, as a game's web package declares them (this module is its `pages`).
PAGES = GamePages(
    hand_form=HandForm(winner_form, winner_outcome, fill, "high_card/asks.html"),
    tabs=(("tables.ask", "Ask"),),
)
ASKS = "{% from \"macros.html\" import choices %}{{ choices(form.player, errors.get('player')) }}"


@pytest.fixture
def high_card(app, monkeypatch):
    """High card registered after Tonk and Tongits, its template beside the app's."""
    monkeypatch.setitem(GAMES, HighCard.name, HighCard())
    app.jinja_env.loader = ChoiceLoader(
        [app.jinja_env.loader, DictLoader({"high_card/asks.html": ASKS})]
    )


def test_high_card_is_a_game_with_table_pages_and_no_other_capability():
    game = HighCard()
    assert isinstance(game, AtTables)
    assert not isinstance(game, Turns | Points | CarriesState | CountsCards)


def test_a_table_of_high_card_plays_through_the_pages_and_the_tally(web, high_card):
    page = text(web.get("/"))
    assert re.findall(r'href="/\?game=([^"]+)"', page) == ["tonk", "tongits", "high+card"]
    page = text(web.get("/?game=high+card"))
    assert re.findall(r'name="preset" value="([^"]+)"', page) == ["house", "dimes"]
    assert "Ten cents a hand." in plain(page)
    boxes = {f"player_{seat}": name for seat, name in enumerate(["Anna", "Ben", "Carla"])}
    start = {**boxes, "preset": "dimes", "first_dealer": "0"}
    started = web.submit("/?game=high+card", start)
    assert started.status_code == 302, errors(text(started))
    table = int(re.fullmatch(r"/t/(\d+)", started.headers["Location"]).group(1))

    page = text(web.get(f"/t/{table}"))
    assert "High Card night" in plain(page)
    assert f'href="/t/{table}/hands/new/won"' in page
    assert not re.search(r"Count a hand|Spread|Meld", page)  # no card counter, no spread page

    form = text(web.get(f"/t/{table}/hands/new/won"))
    ids = dict(re.findall(r'name="player" value="(\d+)"[^>]*> <span>(\w+)</span>', form))
    ben = next(pid for pid, name in ids.items() if name == "Ben")
    url = f"/t/{table}/hands/new/won"
    checked = web.submit(url, {"player": ben})
    assert checked.status_code == 200 and "Save hand" in text(checked), errors(text(checked))
    assert "Highest card" in plain(text(checked))
    saved = web.resubmit(checked, url, {"save": "1"})
    assert saved.status_code == 303, errors(text(saved))
    assert flashes(text(web.get(f"/t/{table}"))) == ["Hand 1 saved."]

    after = text(web.get(f"/t/{table}"))
    # A game that words no status line of its own: the shell says its round's number.
    assert status(after) == "Hand 2 · Deals: Ben · plays first: Carla"
    assert tally(after) == {
        "Anna": Decimal("-0.10"),
        "Ben": Decimal("0.20"),
        "Carla": Decimal("-0.10"),
    }
    history = plain(text(web.get(f"/t/{table}/hands/")))
    assert "Highest card: Ben" in history
    settle = text(web.get(f"/t/{table}/settle-up"))
    assert sorted(transfers(settle)) == [
        ("Anna", "Ben", Decimal("0.10")),
        ("Carla", "Ben", Decimal("0.10")),
    ]
    sheet = plain(text(web.get(f"/t/{table}/rules")))
    assert "The winner takes 0.10 $ from each player." in sheet
    assert "Who wins? The highest card (stake)." in plain(text(web.get(f"/t/{table}/ask")))


def test_a_table_of_high_card_plays_through_the_api_and_its_file(client, web, high_card):
    created = send(
        client,
        "POST",
        "/api/tables",
        {"game": "high card", "name": "Cards", "players": ["Anna", "Ben", "Carla"]},
    )
    assert created.status_code == 201, created.get_data(as_text=True)
    table, token = body(created)["id"], body(created)["tokens"]["scorekeeper"]
    rules = send(client, "PUT", f"/api/tables/{table}/rules", {"rules": {"unit": "$"}}, token)
    assert rules.status_code == 200, rules.get_data(as_text=True)

    hands = f"/api/tables/{table}/hands"
    entered = send(client, "POST", hands, {"outcome": {"kind": "won", "player": "Carla"}}, token)
    assert entered.status_code == 201, entered.get_data(as_text=True)
    assert body(entered)["settlement"] == {
        "result": "won",
        "winners": ["Carla"],
        "payments": [
            {"from": "Anna", "to": "Carla", "amount": Decimal("1.00"), "why": "lower card"},
            {"from": "Ben", "to": "Carla", "amount": Decimal("1.00"), "why": "lower card"},
        ],
        "net": {"Anna": Decimal("-1.00"), "Ben": Decimal("-1.00"), "Carla": Decimal("2.00")},
        "points": None,
    }
    refused = send(client, "POST", hands, {"outcome": {"kind": "won", "player": "Dan"}}, token)
    assert refused.status_code == 400
    assert body(refused) == {"error": "player: Dan is not at this table"}
    shape = send(client, "POST", hands, {"outcome": {"kind": "lost", "player": "Ben"}}, token)
    assert body(shape) == {
        "error": 'outcome: a hand of high card is {"kind": "won", "player": ...}'
    }

    now = body(send(client, "GET", f"/api/tables/{table}", token=token))
    assert (now["game"], now["hands"], now["rules"]) == ("high card", 1, {"stake": 1, "unit": "$"})
    assert now["tally"] == {"Anna": Decimal("-1"), "Ben": Decimal("-1"), "Carla": Decimal("2")}

    # Its file: exported, then imported as a new table with the same hand and tally.
    assert web.get(f"/join/{table}/{token}").status_code == 303
    download = web.get(f"/t/{table}/export.json")
    assert download.status_code == 200
    assert exact_json.loads(download.data)["game"] == "high card"
    imported = web.post("/import", {"file": (io.BytesIO(download.data), "cards.json")})
    assert imported.status_code == 303, errors(text(imported))
    again = int(re.fullmatch(r"/t/(\d+)", imported.headers["Location"]).group(1))
    assert again != table
    assert tally(text(web.get(f"/t/{again}"))) == {
        "Anna": Decimal("-1"),
        "Ben": Decimal("-1"),
        "Carla": Decimal("2"),
    }
    assert "Highest card: Carla" in plain(text(web.get(f"/t/{again}/hands/")))


def test_a_fifth_player_cannot_sit_in_at_high_card(web, high_card):
    boxes = {f"player_{seat}": name for seat, name in enumerate(["Anna", "Ben", "Carla", "Dan"])}
    started = web.submit("/?game=high+card", {**boxes, "preset": "house", "first_dealer": "0"})
    table = int(re.fullmatch(r"/t/(\d+)", started.headers["Location"]).group(1))
    refused = web.post(f"/t/{table}/players", {"action": "sit_in", "name": "Eve"})
    assert refused.status_code == 200
    assert "high card seats 4 players at most" in plain(text(refused))


# No shell module names a game. A game's name may appear in its own packages, the registry
# and the migrations; the module below still does, for the reason given (a new one fails
# this test, and so does one that no longer needs its place here).
OWN = re.compile(r"referee/(rules|scoring|web|templates)/(tonk|tongits)/|referee/games/")
NOT_YET = {
    # `referee settle --help` lists the games of the settle contract in its words.
    "referee/cli.py",
}
NAMED = re.compile(r"""["'](tonk|tongits)["']|\b(TONK|TONGITS)\b|\.game ==|game == ["']""")


def test_no_shell_module_or_template_names_a_game():
    root = Path(__file__).parent.parent
    found = {
        str(path.relative_to(root))
        for pattern in ("referee/**/*.py", "referee/templates/**/*.html")
        for path in root.glob(pattern)
        if "migrations" not in path.parts
        and not OWN.match(str(path.relative_to(root)))
        and NAMED.search(path.read_text(encoding="utf-8"))
    }
    assert found == NOT_YET, sorted(found ^ NOT_YET)
