"""Section 2.7: points instead of chips."""

import pytest

from referee.rules import Refusal
from tests.helpers import settled

POINTS = {"scoring": "points"}


def points(outcome, rules=None, players=("Anna", "Ben", "Carla")):
    return settled(outcome, {**POINTS, **(rules or {})}, list(players)).points


def test_a_tonk_out_doubles_the_points_left_and_the_winner_may_be_left_out():
    assert points({"kind": "tonk_out", "player": "Anna", "totals": {"Ben": 7, "Carla": 12}}) == {
        "Anna": 0, "Ben": 14, "Carla": 24,
    }  # fmt: skip


def test_out_by_discarding_scores_the_points_as_they_are_and_the_winner_may_give_0():
    hand = {"kind": "out", "player": "Ben", "totals": {"Anna": 9, "Ben": 0, "Carla": 3}}
    assert points(hand) == {"Anna": 9, "Ben": 0, "Carla": 3}


def test_a_tonk_out_without_the_six_cards_it_needs_scores_as_going_out():
    hand = {"kind": "tonk_out", "player": "Anna", "spread_six": False,
            "totals": {"Ben": 7, "Carla": 12}}  # fmt: skip
    assert points(hand, {"tonk_out_needs_six": True}) == {"Anna": 0, "Ben": 7, "Carla": 12}


def test_a_tonk_on_the_deal_takes_everyones_dealt_total_and_finds_the_tonk():
    hand = {"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 49, "Carla": 31}}
    assert points(hand) == {"Anna": 40, "Ben": 0, "Carla": 62}


def test_a_tonk_on_the_deal_in_points_needs_someone_inside_a_band():
    with pytest.raises(Refusal, match="nobody's dealt total is a tonk"):
        points({"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 48, "Carla": 31}})


def test_a_draw_scores_nothing():
    hand = {"kind": "stock_out", "totals": {"Anna": 5, "Ben": 5, "Carla": 9}}
    assert points(hand) == {"Anna": 0, "Ben": 0, "Carla": 0}


def test_after_a_catch_every_lowest_player_scores_0_and_the_dropper_times_caught_pays():
    hand = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 4}}
    assert points(hand, {"caught_pays": 3}) == {"Anna": 18, "Ben": 0, "Carla": 0}


def test_a_double_double_may_leave_out_the_player_who_went_out_first():
    # Version 2 (2.7): Carla's 5 count 4 times over, as double_double_pays 4 pays in chips.
    hand = {"kind": "double_double", "player": "Ben", "totals": {"Carla": 5}}
    assert points(hand, {"double_double_pays": 4}) == {"Anna": 0, "Ben": 0, "Carla": 20}


def test_in_points_a_player_still_holding_cards_must_be_counted():
    with pytest.raises(Refusal, match="Carla's total is missing") as refused:
        points({"kind": "out", "player": "Ben", "totals": {"Anna": 9}})
    assert refused.value.player == "Carla"


def test_the_player_who_went_out_holds_no_points():
    with pytest.raises(Refusal, match="Ben: went out"):
        points({"kind": "out", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 2}})
