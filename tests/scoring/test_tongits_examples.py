"""The worked examples of tongits.md 2.11 and the three JSON examples of section 3, literally."""

from decimal import Decimal

from referee import exact_json
from referee.games.request import settle_request
from tests.tongits_helpers import ABC, amounts, rows, settled

EXAMPLE_1 = {
    "game": "tongits",
    "players": ["Anna", "Ben", "Carla"],
    "state": {"pot": {}, "streak": None, "dealer": "Anna"},
    "outcome": {
        "kind": "draw",
        "caller": "Ben",
        "fought": ["Anna"],
        "totals": {"Ben": 6, "Anna": 11},
        "burned": ["Carla"],
    },
}
ANSWER_1 = {
    "result": "draw_won",
    "winners": ["Ben"],
    "payments": [
        {"from": "Anna", "to": "Ben", "amount": 2, "why": "lost the fight"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "folded, burned"},
    ],
    "net": {"Anna": -2, "Ben": 4, "Carla": -2},
    "points": None,
    "state": {
        "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
        "streak": {"player": "Ben", "wins": 1},
        "dealer": "Ben",
    },
    "pot_won": 0,
}
EXAMPLE_2 = {
    "game": "tongits",
    "players": ["Anna", "Ben", "Carla"],
    "state": {
        "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
        "streak": {"player": "Ben", "wins": 1},
        "dealer": "Ben",
    },
    "outcome": {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}},
}
ANSWER_2 = {
    "result": "tongits",
    "winners": ["Ben"],
    "payments": [
        {"from": "Anna", "to": "Ben", "amount": 2, "why": "tong-its"},
        {"from": "Anna", "to": "Ben", "amount": 1, "why": "secret"},
        {"from": "Anna", "to": "Ben", "amount": 2, "why": "pot"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "tong-its"},
        {"from": "Carla", "to": "Ben", "amount": 1, "why": "secret"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "pot"},
    ],
    "net": {"Anna": -5, "Ben": 10, "Carla": -5},
    "points": None,
    "state": {
        "pot": {"Anna": 0, "Ben": 0, "Carla": 0},
        "streak": {"player": "Ben", "wins": 2},
        "dealer": "Ben",
    },
    "pot_won": 6,
}
EXAMPLE_3 = {
    "game": "tongits",
    "preset": "three-hits",
    "rules": {"stake": Decimal("0.5")},
    "players": ["Anna", "Ben", "Carla"],
    "state": {
        "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
        "streak": {"player": "Carla", "wins": 1},
        "dealer": "Carla",
    },
    "outcome": {
        "kind": "stock_out",
        "totals": {"Anna": 4, "Ben": 9, "Carla": 4},
        "last_card": "Ben",
    },
}
ANSWER_3 = {
    "result": "stock_out",
    "winners": ["Carla"],
    "payments": [
        {"from": "Anna", "to": "Carla", "amount": Decimal("0.5"), "why": "lowest count"},
        {"from": "Anna", "to": "Carla", "amount": Decimal("0.5"), "why": "second win"},
        {"from": "Ben", "to": "Carla", "amount": Decimal("0.5"), "why": "lowest count"},
        {"from": "Ben", "to": "Carla", "amount": Decimal("0.5"), "why": "second win"},
    ],
    "net": {"Anna": -1, "Ben": -1, "Carla": 2},
    "points": None,
    "state": {
        "pot": {"Anna": Decimal("1.5"), "Ben": Decimal("1.5"), "Carla": Decimal("1.5")},
        "streak": {"player": "Carla", "wins": 2},
        "dealer": "Carla",
    },
    "pot_won": 0,
}


def test_example_1_a_first_game_with_a_burned_player_and_a_lost_fight():
    assert settle_request(EXAMPLE_1).to_json() == ANSWER_1


def test_example_2_two_hits_takes_the_pot():
    assert settle_request(EXAMPLE_2).to_json() == ANSWER_2


def test_example_3_three_hits_at_half_a_stake_a_tie_at_the_stock_goes_right():
    assert settle_request(EXAMPLE_3).to_json() == ANSWER_3


def test_the_answers_write_as_the_contract_shows_them():
    """Exact JSON numbers: 0.5 and 1.5, never 0.50 or a float's tail."""
    text = exact_json.dumps(settle_request(EXAMPLE_3).to_json())
    assert '"amount": 0.5' in text and '"Anna": 1.5' in text and '"pot_won": 0' in text


def test_example_1_state_is_example_2_state():
    """The app replays its games by passing each settlement's state to the next request."""
    assert settle_request(EXAMPLE_1).to_json()["state"] == EXAMPLE_2["state"]


# 2.11, the worked examples, without the contract's JSON


def test_2_11_first_game_ben_calls_anna_fights_carla_is_burned():
    first = settled(
        {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 6, "Anna": 11},
         "burned": ["Carla"]}
    )  # fmt: skip
    assert first.result == "draw_won" and first.winners == ("Ben",)
    assert rows(first) == [
        ("Anna", "Ben", "2", "lost the fight"),
        ("Carla", "Ben", "2", "folded, burned"),
    ]
    assert first.net == amounts(Anna=-2, Ben=4, Carla=-2)
    assert first.state.pot == amounts(Anna=1, Ben=1, Carla=1)
    assert (first.state.streak.player, first.state.streak.wins) == ("Ben", 1)
    assert first.pot_won == 0

    second = settled(
        {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}},
        state=first.state.to_json(),
    )
    assert rows(second) == [
        ("Anna", "Ben", "2", "tong-its"),
        ("Anna", "Ben", "1", "secret"),
        ("Anna", "Ben", "2", "pot"),
        ("Carla", "Ben", "2", "tong-its"),
        ("Carla", "Ben", "1", "secret"),
        ("Carla", "Ben", "2", "pot"),
    ]
    assert second.net == amounts(Anna=-5, Ben=10, Carla=-5)
    assert second.pot_won == 6
    assert second.state.pot == amounts(Anna=0, Ben=0, Carla=0)


EVERYONE_ON_7 = {
    "kind": "draw",
    "caller": "Ben",
    "fought": ["Anna", "Carla"],
    "totals": {"Anna": 7, "Ben": 7, "Carla": 7},
}


def test_2_11_a_three_way_tie_counterclockwise_goes_to_the_player_after_the_caller():
    tie = settled(EVERYONE_ON_7)
    assert tie.result == "draw_lost" and tie.winners == ("Carla",)
    assert rows(tie) == [("Anna", "Carla", "2", "lost the fight"),
                         ("Ben", "Carla", "2", "lost the fight")]  # fmt: skip
    assert tie.net == amounts(Anna=-2, Ben=-2, Carla=4)


def test_2_11_a_three_way_tie_clockwise_goes_to_the_player_before_the_caller():
    tie = settled(EVERYONE_ON_7, {"play_direction": "clockwise"})
    assert tie.result == "draw_lost" and tie.winners == ("Anna",)
    assert tie.net == amounts(Anna=4, Ben=-2, Carla=-2)


def test_players_are_in_the_order_of_play_so_after_the_last_comes_the_first():
    tie = settled({**EVERYONE_ON_7, "caller": "Carla", "fought": ["Anna", "Ben"]})
    assert tie.winners == ("Anna",)
    assert ABC.index("Anna") == 0
