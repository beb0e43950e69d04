"""The start page (issue 23, item 7): it offers the chosen game's presets only, each with a
line on what it changes, without JavaScript too (the game is chosen by its link); a preset
of another game is refused in words at the one door, so the API refuses it too.
"""

import re

import pytest

from referee.rules import Refusal
from referee.store import commands
from referee.store.models import GameTable, Player, RulesVersion
from referee.store.rules_versions import current_rules
from referee.store.storage import session
from tests.test_api_tables import body, send
from tests.test_pages import (
    error_beside,
    errors,
    plain,
    text,
)

ABC = ["Anna", "Ben", "Carla"]
BOXES = {f"player_{seat}": name for seat, name in enumerate(ABC)}
TONK_PRESETS = [
    (
        "classic",
        "Classic",
        "The usual rules: a tonk on the deal at 49 or 50 pays 2 stakes, a tonk out 2, a caught "
        "drop 2.",
    ),
    (
        "street",
        "Street",
        "A tonk on the deal at 50 only; a tonk out on six cards pays 3; a caught drop pays 1, "
        "and the lowest takes a stake from everyone; the ace is high or low; either of the top "
        "two discards may be taken.",
    ),
    (
        "black-company",
        "Black Company",
        "A tonk on the deal at 15 or under, or 49 or 50; a tonk out pays 1; a tie does not "
        "catch a drop, and a catch pays no bonus.",
    ),
    (
        "seattle",
        "Seattle",
        "As Black Company, with 7 cards dealt and a tonk on the deal at 15 or under, or 49 to 70.",
    ),
]
TONGITS_PRESETS = [
    (
        "tongits",
        "Tongits",
        "The usual rules: 1 stake to the pot each game, the pot to two wins in a row, a "
        "tong-its pays 2, a burned loser pays double.",
    ),
    (
        "three-hits",
        "Three Hits",
        "The pot to three wins in a row, and 1 more stake from each player on the second.",
    ),
    (
        "1-3-5",
        "1-3-5",
        "1 to the pot, 3 for an ordinary win, 5 for a big one (tong-its, bisaklat, a lost "
        "fight), 1 per ace; a burned loser pays no more.",
    ),
    (
        "joker",
        "Joker",
        "Joker mode: two jokers in the deck; each loser pays the winner 1 per joker in their "
        "cards.",
    ),
]
OFFERED = re.compile(
    r'<input type="radio" id="(preset-\d+)" name="preset" value="([^"]+)" '
    r'aria-describedby="([^"]+)"[^>]*> <span>([^<]*)</span></label>\s*'
    r'<p class="what" id="([^"]+)">([^<]*)</p>'
)


def offered(page: str) -> list[tuple[str, str, str]]:
    """(value, name, what it changes) of each preset offered, each line checked to be the
    description of its radio button."""
    found = []
    for box, value, described, name, line_id, line in OFFERED.findall(page):
        assert described == line_id == f"{box}-what"
        found.append((value, name, plain(line)))
    return found


def game_links(page: str) -> list[tuple[str, bool]]:
    """The games the start page offers, as (link, whether it is the one chosen)."""
    nav = re.search(r'<nav class="tabs games" aria-label="Game">(.*?)</nav>', page, re.S)
    return [
        (href, bool(current))
        for href, current in re.findall(r'<a href="([^"]+)"( aria-current="page")?>', nav.group(1))
    ]


# Item 7: the chosen game's presets only


def test_the_start_page_offers_tonk_s_presets_only_with_what_each_changes(client):
    page = text(client.get("/"))
    assert offered(page) == TONK_PRESETS
    assert game_links(page) == [("/?game=tonk", True), ("/?game=tongits", False)]
    assert "Players, in seating order (Tonk: 2 to 6)" in plain(page)
    assert re.search(r'value="classic"[^>]* checked', page)


def test_the_tongits_link_offers_tongits_presets_only(client):
    page = text(client.get("/?game=tongits"))
    assert offered(page) == TONGITS_PRESETS
    assert game_links(page) == [("/?game=tonk", False), ("/?game=tongits", True)]
    assert '<input id="game" name="game" type="hidden" value="tongits">' in page
    assert "Players, in seating order (Tongits: 3, or 4 where the house plays four)" in plain(page)
    assert re.search(r'value="tongits"[^>]* checked', page)


def test_a_preset_of_another_game_is_refused_in_words_keeping_what_was_typed(web, rows):
    response = web.submit("/?game=tongits", {**BOXES, "name": "Friday", "preset": "classic"})
    page = text(response)
    assert response.status_code == 200
    assert error_beside(page, "preset") == (
        "'classic' is a preset of Tonk; a table of Tongits starts from one of its own: "
        "tongits, three-hits, 1-3-5, joker"
    )
    kept = web.fields(page)
    assert {key: kept[key] for key in BOXES} == BOXES and kept["name"] == "Friday"
    assert kept["game"] == "tongits"
    assert (rows(GameTable), rows(Player), rows(RulesVersion)) == (0, 0, 0)


def test_the_api_refuses_a_preset_of_another_game_too(client, rows):
    answer = send(
        client, "POST", "/api/tables", {"game": "tonk", "players": ABC, "preset": "joker"}
    )
    assert answer.status_code == 400
    assert body(answer) == {
        "error": "preset: 'joker' is not one of classic, street, black-company, seattle"
    }
    assert rows(GameTable) == 0


def test_the_one_door_refuses_a_rules_change_to_another_game_s_preset_in_words(app, client):
    created = send(client, "POST", "/api/tables", {"game": "tongits", "players": ABC})
    with app.test_request_context():
        db = session()
        table = db.get(GameTable, body(created)["id"])
        with pytest.raises(Refusal) as refused:
            commands.change_rules(db, table, "street", None)
        assert current_rules(db, table)[0].preset == "tongits"  # nothing changed
    assert (str(refused.value), refused.value.field) == (
        "preset: 'street' is a preset of Tonk; a table of Tongits starts from one of its own: "
        "tongits, three-hits, 1-3-5, joker",
        "preset",
    )


def test_a_game_there_is_not_is_refused_beside_the_game_and_tonk_is_offered(client):
    page = text(client.get("/?game=chess"))
    assert errors(page)["game-error"] == "there is no game 'chess'; choose tonk, tongits"
    assert [value for value, _, _ in offered(page)] == [p[0] for p in TONK_PRESETS]
