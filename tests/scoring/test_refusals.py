"""Hands that cannot be: each refusal names the field, the player and the house rule."""

import pytest

from referee.rules import Refusal
from tests.helpers import settled


def refusal(outcome, rules=None, players=("Anna", "Ben", "Carla")):
    with pytest.raises(Refusal) as refused:
        settled(outcome, rules, list(players))
    return refused.value


def test_a_total_that_is_not_a_tonk_names_the_player_the_total_and_the_bands():
    error = refusal({"kind": "deal_tonk", "totals": {"Ben": 48}})
    assert error.message.startswith("Ben: 48 is not a tonk here; tonk on the deal is 49 or 50")
    assert (error.field, error.player) == ("totals", "Ben")


def test_a_dealt_total_five_cards_cannot_make_is_refused():
    error = refusal({"kind": "deal_tonk", "totals": {"Ben": 51}})
    assert "Ben: 51 cannot be dealt" in error.message and "6 to 50" in error.message


def test_a_drop_total_above_what_the_hand_can_hold_names_the_limit():
    error = refusal(
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 51, "Carla": 9}}
    )
    assert error.player == "Ben" and "1 to 50" in error.message


@pytest.mark.parametrize("total", [0, -4])
def test_a_player_still_holding_cards_has_at_least_one_point(total):
    error = refusal({"kind": "stock_out", "totals": {"Anna": total, "Ben": 4, "Carla": 9}})
    assert error.player == "Anna" and "gone out" in error.message


def test_a_drop_needs_every_total():
    error = refusal({"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 4}})
    assert error.player == "Carla" and "missing" in error.message


def test_double_double_is_refused_when_the_house_does_not_play_it():
    said = refusal({"kind": "double_double", "player": "Ben"})
    assert "“Double-double pays”" in said.message and said.field == "kind"


def test_an_unknown_player_is_refused_with_the_players_of_the_table():
    error = refusal({"kind": "out", "player": "Dora"})
    assert "'Dora' is not at this table" in error.message and "Anna, Ben and Carla" in error.message


@pytest.mark.parametrize(
    "outcome",
    [
        {"kind": "out"},
        {"kind": "stock_out", "player": "Anna", "totals": {"Anna": 1, "Ben": 2, "Carla": 3}},
        {"kind": "out", "player": "Anna", "totals": {"Ben": 3}},
        {"kind": "out", "player": "Anna", "spread_six": True},
        {"kind": "out", "player": "Anna", "last_draw": "Ben"},
        {"kind": "deal_tonk"},
        {"kind": "drop", "player": "Anna", "totals": {"Anna": True, "Ben": 2, "Carla": 3}},
        {"kind": "knock", "player": "Anna"},
        {"kind": "out", "player": "Anna", "bonus": 1},
    ],
)
def test_outcomes_with_missing_or_stray_fields_are_refused(outcome):
    assert refusal(outcome).message


@pytest.mark.parametrize(
    "players",
    [["Anna"], ["A", "B", "C", "D", "E", "F", "G"], ["Anna", "anna"], ["Anna", ""],
     ["Anna", " Ben"], ["Anna", "x" * 41], ["Anna", "Be\nn"], "AnnaBen", ["Anna", 7]],
)  # fmt: skip
def test_players_are_two_to_six_distinct_usable_names(players):
    with pytest.raises(Refusal) as refused:
        settled({"kind": "out", "player": "Anna"}, players=players)
    assert refused.value.field == "players"
