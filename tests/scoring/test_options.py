"""One table-driven test per option of section 1: the payout change each one makes.

Each row: a hand, what it settles to under the classic rules, and what it settles
to with the option changed. `REFUSED` marks a hand the rules refuse.
"""

from decimal import Decimal

import pytest

from referee.rules import Refusal
from referee.rules.tonk import HouseRules
from tests.helpers import ABC, amounts, net, settled

REFUSED = "refused"
ABCD = [*ABC, "Dan"]


def drop(player, players=ABC, **totals):
    return {"kind": "drop", "player": player, "totals": totals}


def stock_out(last_draw=None, **totals):
    outcome = {"kind": "stock_out", "totals": totals}
    if last_draw:
        outcome["last_draw"] = last_draw
    return outcome


def tonk_out(player, spread_six=None):
    outcome = {"kind": "tonk_out", "player": player}
    if spread_six is not None:
        outcome["spread_six"] = spread_six
    return outcome


CASES = [
    # option change, hand, players, classic net, net with the change
    ({"stake": Decimal("0.25")}, {"kind": "out", "player": "Anna"}, ABC,
     amounts(Anna=2, Ben=-1, Carla=-1), amounts(Anna="0.5", Ben="-0.25", Carla="-0.25")),
    ({"hand_size": 3}, drop("Anna", Anna=3, Ben=35, Carla=9), ABC,
     amounts(Anna=2, Ben=-1, Carla=-1), REFUSED),
    ({"hand_size": 3, "deal_tonks": [{"min": 0, "max": 5, "pays": 2}]},
     {"kind": "deal_tonk", "totals": {"Ben": 5}}, ABC,
     REFUSED, amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"deck": "40"}, {"kind": "deal_tonk", "totals": {"Ben": 49}}, ABC,
     amounts(Anna=-2, Ben=4, Carla=-2), REFUSED),
    ({"deal_tonks": [{"min": 0, "max": 15, "pays": 2}]},
     {"kind": "deal_tonk", "totals": {"Ben": 12}}, ABC,
     REFUSED, amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"deal_tonks": [{"min": 49, "max": 50, "pays": 2}, {"min": 50, "max": 50, "pays": 3}]},
     {"kind": "deal_tonk", "totals": {"Ben": 50}}, ABC,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"deal_tonks": []}, {"kind": "deal_tonk", "totals": {"Ben": 50}}, ABC,
     amounts(Anna=-2, Ben=4, Carla=-2), REFUSED),
    ({"deal_tonk_clash": "high_beats_low"},
     {"kind": "deal_tonk", "totals": {"Anna": 49, "Ben": 50}}, ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"deal_tonk_clash": "low_beats_high"},
     {"kind": "deal_tonk", "totals": {"Anna": 49, "Ben": 50}}, ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=-2, Ben=4, Carla=-2)),
    # Version 2.1: two tonks are each paid their band by the player who did not tonk.
    ({"deal_tonk_clash": "pay_all"},
     {"kind": "deal_tonk", "totals": {"Anna": 49, "Ben": 50}}, ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=2, Ben=2, Carla=-4)),
    ({"tonk_out_pays": 3}, tonk_out("Anna"), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=6, Ben=-3, Carla=-3)),
    ({"tonk_out_six_pays": 3}, tonk_out("Anna", spread_six=True), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=6, Ben=-3, Carla=-3)),
    ({"tonk_out_six_pays": 3}, tonk_out("Anna", spread_six=False), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=4, Ben=-2, Carla=-2)),
    ({"tonk_out_six_pays": 3}, tonk_out("Anna"), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), REFUSED),
    ({"tonk_out_needs_six": True}, tonk_out("Anna", spread_six=False), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=2, Ben=-1, Carla=-1)),
    ({"tonk_out_needs_six": True}, tonk_out("Anna", spread_six=True), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=4, Ben=-2, Carla=-2)),
    ({"tonk_out_needs_six": True}, tonk_out("Anna"), ABC,
     amounts(Anna=4, Ben=-2, Carla=-2), REFUSED),
    ({"double_double_pays": 4}, {"kind": "double_double", "player": "Ben"}, ["Anna", "Ben"],
     REFUSED, amounts(Anna=-4, Ben=4)),
    ({"out_pays": 2}, {"kind": "out", "player": "Carla"}, ABC,
     amounts(Anna=-1, Ben=-1, Carla=2), amounts(Anna=-2, Ben=-2, Carla=4)),
    ({"drop_win_pays": 2}, drop("Anna", Anna=3, Ben=4, Carla=11), ABC,
     amounts(Anna=2, Ben=-1, Carla=-1), amounts(Anna=4, Ben=-2, Carla=-2)),
    ({"caught_on_tie": False}, drop("Anna", Anna=4, Ben=4, Carla=11), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=2, Ben=-1, Carla=-1)),
    ({"caught_pays": 3}, drop("Anna", Anna=6, Ben=4, Carla=11), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=-3, Ben=4, Carla=-1)),
    # caught_pays_to (version 2.1): Carla's 5 beat Anna's 6 but only Ben's 4 is the lowest.
    ({"caught_pays_to": "lowest"}, drop("Anna", Anna=6, Ben=4, Carla=5), ABC,
     amounts(Anna=-4, Ben=3, Carla=1), amounts(Anna=-2, Ben=3, Carla=-1)),
    # caught_pays_tied (version 2): Ben ties Anna's 5 but Carla's 3 is lowest; then Ben ties
    # the lowest; "all" is version 1's rule and the default.
    ({"caught_pays_tied": "lowest"}, drop("Anna", Anna=5, Ben=5, Carla=3), ABC,
     amounts(Anna=-4, Ben=1, Carla=3), amounts(Anna=-2, Ben=-1, Carla=3)),
    ({"caught_pays_tied": "none"}, drop("Anna", Anna=5, Ben=5, Carla=3), ABC,
     amounts(Anna=-4, Ben=1, Carla=3), amounts(Anna=-2, Ben=-1, Carla=3)),
    ({"caught_pays_tied": "lowest"}, drop("Anna", Anna=5, Ben=5, Carla=9), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=-2, Ben=3, Carla=-1)),
    ({"caught_pays_tied": "none"}, drop("Anna", Anna=5, Ben=5, Carla=9), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=0, Ben=1, Carla=-1)),
    ({"caught_bonus_from": "all"}, drop("Anna", Anna=6, Ben=4, Carla=11), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=-3, Ben=4, Carla=-1)),
    ({"caught_bonus_from": "none"}, drop("Anna", Anna=6, Ben=4, Carla=11), ABC,
     amounts(Anna=-2, Ben=3, Carla=-1), amounts(Anna=-2, Ben=2, Carla=0)),
    ({"caught_bonus_tie": "all"}, drop("Anna", Anna=6, Ben=4, Carla=4, Dan=11), ABCD,
     amounts(Anna=-4, Ben=2, Carla=2, Dan=0), amounts(Anna=-4, Ben=3, Carla=3, Dan=-2)),
    ({"caught_bonus_tie": "all", "caught_bonus_from": "all"},
     drop("Anna", Anna=6, Ben=4, Carla=4, Dan=11), ABCD,
     amounts(Anna=-4, Ben=2, Carla=2, Dan=0), amounts(Anna=-6, Ben=4, Carla=4, Dan=-2)),
    ({"stock_out_pays": 2}, stock_out(Anna=3, Ben=4, Carla=11), ABC,
     amounts(Anna=2, Ben=-1, Carla=-1), amounts(Anna=4, Ben=-2, Carla=-2)),
    ({"stock_out_tie": "all"}, stock_out(Anna=3, Ben=3, Carla=11), ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=1, Ben=1, Carla=-2)),
    ({"stock_out_tie": "last_draw"}, stock_out("Ben", Anna=3, Ben=3, Carla=11), ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=-1, Ben=2, Carla=-1)),
    ({"stock_out_tie": "last_draw"}, stock_out("Carla", Anna=3, Ben=3, Carla=11), ABC,
     amounts(Anna=0, Ben=0, Carla=0), amounts(Anna=0, Ben=0, Carla=0)),
    ({"stock_out_tie": "last_draw"}, stock_out(Anna=3, Ben=3, Carla=11), ABC,
     amounts(Anna=0, Ben=0, Carla=0), REFUSED),
    ({"drop_when": "any_time"}, drop("Anna", Anna=55, Ben=4, Carla=11), ABC,
     REFUSED, amounts(Anna=-4, Ben=3, Carla=1)),
]  # fmt: skip


def outcome_of(changes, hand, players):
    try:
        return net(hand, changes, players)
    except Refusal:
        return REFUSED


@pytest.mark.parametrize(("changes", "hand", "players", "classic", "changed"), CASES)
def test_option_changes_the_payout_as_the_spec_says(changes, hand, players, classic, changed):
    assert outcome_of(None, hand, players) == classic
    assert outcome_of(changes, hand, players) == changed


def test_every_paying_option_has_a_row():
    covered = {key for changes, *_ in CASES for key in changes}
    table_talk = {"unit", "points_target_hands", "scoring", "wait_after_spread", "wait_after_hit",
                  "hit_blocks_laydown", "hits_stack", "must_spread", "ace", "discard_take",
                  "first_discard",
                  "slapping", "same_turn_discard"}  # fmt: skip
    assert covered | table_talk == set(HouseRules().to_json())


def test_points_mode_scores_the_points_left_instead_of_paying():
    hand = settled(drop("Anna", Anna=6, Ben=4, Carla=11), {"scoring": "points"})
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.points == {"Anna": 12, "Ben": 0, "Carla": 11}  # the caught dropper times 2
    assert hand.payments == () and set(hand.net.values()) == {0}


TABLE_TALK = {
    "unit": "$", "points_target_hands": 10, "wait_after_spread": 3, "wait_after_hit": 1,
    "hit_blocks_laydown": True, "hits_stack": True, "must_spread": True, "ace": "low_or_high",
    "discard_take": "top_two", "first_discard": "first_player", "slapping": True,
    "same_turn_discard": True,
}  # fmt: skip


@pytest.mark.parametrize(("key", "value"), TABLE_TALK.items())
def test_table_talk_options_are_stored_and_returned_and_pay_nothing(key, value):
    hand = drop("Anna", Anna=6, Ben=4, Carla=11)
    rules = HouseRules.from_json({key: value})
    assert getattr(rules, key) == value and rules.to_json()[key] == value
    assert net(hand, {key: value}) == net(hand)


LOW_AND_HIGH = {"deal_tonks": [{"min": 0, "max": 11, "pays": 2}, {"min": 49, "max": 50, "pays": 3}]}


@pytest.mark.parametrize(
    ("clash", "totals", "winner"),
    [
        # 000: "a 50 would beat a 49, 11 would beat 50, 10 would beat 11"
        ("low_beats_high", {"Anna": 49, "Ben": 50}, "Ben"),
        ("low_beats_high", {"Anna": 11, "Ben": 50}, "Anna"),
        ("low_beats_high", {"Anna": 11, "Ben": 50, "Carla": 10}, "Carla"),
        ("high_beats_low", {"Anna": 11, "Ben": 49, "Carla": 10}, "Ben"),
        ("high_beats_low", {"Anna": 11, "Carla": 10}, "Carla"),
        ("high_beats_low", {"Anna": 50, "Ben": 50, "Carla": 10}, None),
        ("low_beats_high", {"Anna": 10, "Ben": 50, "Carla": 10}, None),
        ("draw", {"Anna": 11, "Ben": 50}, None),
    ],
)
def test_a_clash_of_tonks_on_the_deal_is_ranked_by_the_house_rule(clash, totals, winner):
    hand = settled(
        {"kind": "deal_tonk", "totals": totals}, {**LOW_AND_HIGH, "deal_tonk_clash": clash}
    )
    if winner is None:
        assert hand.result == "deal_tonk_draw" and hand.payments == ()
    else:
        pays = 3 if totals[winner] >= 49 else 2  # the winner's own band
        assert hand.result == "deal_tonk" and hand.winners == (winner,)
        assert hand.net[winner] == 2 * pays
