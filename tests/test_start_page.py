"""The start page (issue 23, items 7 and 8): it offers the chosen game's presets only, each
with a line on what it changes, without JavaScript too (the game is chosen by its link); a
preset of another game is refused in words at the one door, so the API refuses it too; and
the stake and unit are asked beside the preset, checked as the rules form checks them.
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
    enter_hand,
    error_beside,
    errors,
    payments,
    plain,
    sheet,
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


# Item 8: the stake and unit on the start page


def test_stake_and_unit_boxes_are_empty_with_the_preset_s_in_grey(client):
    page = text(client.get("/"))
    stake = re.search(r'<input[^>]*id="stake"[^>]*>', page).group(0)
    unit = re.search(r'<input[^>]*id="unit"[^>]*>', page).group(0)
    assert 'placeholder="1"' in stake and 'value=""' in stake and 'inputmode="decimal"' in stake
    assert 'placeholder="chips"' in unit and 'value=""' in unit
    assert "Stake and unit Left empty, the preset's (in grey)." in plain(page)


def test_a_table_started_for_25_cents_plays_for_25_cents(web):
    started = web.submit("/", {**BOXES, "stake": "0.25", "unit": "¢", "first_dealer": "0"})
    assert started.status_code == 302, errors(text(started))
    table = int(re.fullmatch(r"/t/(\d+)", started.headers["Location"]).group(1))
    words = sheet(web, table)
    assert words["stake"] == (
        "The stake is 0.25 ¢: every payment below is a whole number of stakes.",
        True,  # marked: it differs from the preset
    )
    assert words["unit"] == ("Amounts are counted in ¢.", True)
    enter_hand(web, table, {"kind": "out", "player": "Ben"})
    hand = text(web.get(f"/t/{table}/hands/1"))
    assert payments(hand) == [("Anna", "Ben", "0.25 ¢"), ("Carla", "Ben", "0.25 ¢")]


def test_empty_boxes_keep_the_chosen_preset_s_stake_and_unit(web):
    started = web.submit("/?game=tongits", {**BOXES, "preset": "1-3-5", "first_dealer": "0"})
    assert started.status_code == 302, errors(text(started))
    table = int(re.fullmatch(r"/t/(\d+)", started.headers["Location"]).group(1))
    words = sheet(web, table)
    assert words["stake"][1] is False and words["unit"][1] is False


@pytest.mark.parametrize(
    ("typed", "field", "words"),
    [
        (
            {"stake": "0"},
            "stake",
            "Stake: 0 is not allowed; allowed: a number more than 0, at most 1,000,000, with at "
            "most 2 decimals",
        ),
        (
            {"stake": "1000000.01"},
            "stake",
            "Stake: 1000000.01 is not allowed; allowed: a number more than 0, at most "
            "1,000,000, with at most 2 decimals",
        ),
        ({"stake": "a quarter"}, "stake", "Stake: type an amount such as 1 or 0.25"),
        (
            {"unit": "chips and more"},
            "unit",
            "Unit: 'chips and more' is not allowed; allowed: a text of 1 to 12 characters",
        ),
    ],
    ids=["zero", "past the limit", "not a number", "unit too long"],
)
def test_a_stake_or_unit_the_rules_refuse_is_refused_beside_its_box(web, rows, typed, field, words):
    response = web.submit("/", {**BOXES, **typed, "first_dealer": "0"})
    page = text(response)
    assert response.status_code == 200
    assert set(errors(page)) == {f"{field}-error"}, errors(page)
    assert error_beside(page, field) == words
    kept = web.fields(page)
    assert {key: kept[key] for key in typed} == typed
    assert {key: kept[key] for key in BOXES} == BOXES
    assert (rows(GameTable), rows(Player), rows(RulesVersion)) == (0, 0, 0)


def test_the_rules_form_refuses_the_same_stake_in_the_same_words(web):
    started = web.submit("/", {**BOXES, "first_dealer": "0"})
    table = int(re.fullmatch(r"/t/(\d+)", started.headers["Location"]).group(1))
    refused = web.submit(f"/t/{table}/rules/edit", {"stake": "1000000.01"})
    assert error_beside(text(refused), "stake") == (
        "Stake: 1000000.01 is not allowed; allowed: a number more than 0, at most 1,000,000, "
        "with at most 2 decimals"
    )


def test_a_refused_stake_is_said_in_filipino_on_a_filipino_phone(web):
    response = web.submit("/", {**BOXES, "stake": "0"}, headers={"Accept-Language": "fil"})
    assert error_beside(text(response), "stake") == (
        "Stake: hindi pwede ang 0; pwede ang: numerong higit sa 0, hanggang 1,000,000, at "
        "hanggang 2 decimal"
    )
