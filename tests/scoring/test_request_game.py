"""A settle request may name its game: Tonk when it names none, refused when unknown."""

from decimal import Decimal

import pytest

from referee.games.request import settle_request
from referee.rules import Refusal

REQUEST = {
    "players": ["Anna", "Ben", "Carla"],
    "outcome": {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}},
}
CAUGHT = {
    "result": "caught",
    "winners": ["Ben"],
    "payments": [
        {"from": "Anna", "to": "Ben", "amount": Decimal("2.00"), "why": "caught"},
        {"from": "Carla", "to": "Ben", "amount": Decimal("1.00"), "why": "lowest after a catch"},
    ],
    "net": {"Anna": Decimal("-2.00"), "Ben": Decimal("3.00"), "Carla": Decimal("-1.00")},
    "points": None,
}


def test_a_request_that_names_no_game_is_tonk():
    assert settle_request(REQUEST).to_json() == CAUGHT


def test_naming_tonk_settles_as_naming_no_game():
    assert settle_request({**REQUEST, "game": "tonk"}).to_json() == CAUGHT


@pytest.mark.parametrize("game", ["poker", "Tongits", "", None, ["tonk"]])
def test_an_unknown_game_is_refused_naming_the_field_game(game):
    with pytest.raises(Refusal) as refused:
        settle_request({**REQUEST, "game": game})
    assert refused.value.message.startswith("game: there is no game ")
    assert refused.value.message.endswith("; choose tonk, tongits")
    assert (refused.value.field, refused.value.player) == ("game", None)


def test_the_game_is_named_in_the_list_of_fields_a_request_has():
    with pytest.raises(Refusal) as refused:
        settle_request({**REQUEST, "games": "tonk"})
    assert refused.value.message == (
        "request: there is no field 'games'; a request has game, preset, rules, players, outcome"
    )
    assert refused.value.field == "games"
