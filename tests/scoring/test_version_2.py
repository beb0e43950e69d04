"""Version 2 of the house-rules spec, settled: each line of its "Changes in version 2" that
the settle side touches, and the worked examples of 2.10, in chips and in points.

Every payout here is worked out by hand from the spec and written out literally: who pays
whom how much and why, and the net.
"""

from decimal import Decimal

import pytest

from referee.scoring.settlement import Payment
from tests.helpers import amounts, settled

CAUGHT, BONUS = "caught", "lowest after a catch"


def drop(**totals):
    """Anna drops; every player's total."""
    return {"kind": "drop", "player": "Anna", "totals": totals}


def paid(payer, payee, amount, why):
    return Payment(payer, payee, Decimal(amount), why)


def points(outcome, preset="classic", rules=None):
    return settled(outcome, {**(rules or {}), "scoring": "points"}, preset=preset).points


# 2.10: the worked examples from the rule texts, in chips and in points


def test_001_anna_caught_by_ben_in_points_scores_her_6_doubled():
    hand = settled(drop(Anna=6, Ben=4, Carla=11), {"scoring": "points"})
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.points == {"Anna": 12, "Ben": 0, "Carla": 11}
    assert hand.payments == () and hand.net == amounts(Anna=0, Ben=0, Carla=0)


def test_001_a_dealt_49_in_points_doubles_the_others_points():
    assert points({"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 31, "Carla": 49}}) == {
        "Anna": 40, "Ben": 62, "Carla": 0,
    }  # fmt: skip


def test_002_black_company_a_dealt_15_in_points_doubles_the_others_points():
    hand = {"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 15, "Carla": 31}}
    assert points(hand, "black-company") == {"Anna": 40, "Ben": 0, "Carla": 62}


# caught_pays_tied: which players who tied the caught dropper are paid (2.5 step 1)


def test_street_a_tie_above_the_lowest_is_not_paid():
    # 000: "each player with fewer points": Ben ties Anna's 5, but Carla's 3 is the lowest.
    hand = settled(drop(Anna=5, Ben=5, Carla=3), preset="street")
    assert hand.result == "caught" and hand.winners == ("Carla",)
    assert hand.payments == (
        paid("Anna", "Carla", 1, CAUGHT),
        paid("Anna", "Carla", 1, BONUS),  # caught_bonus_from "all": the dropper too
        paid("Ben", "Carla", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-2, Ben=-1, Carla=3)


def test_street_a_tie_for_the_lowest_is_paid_and_collects_the_bonus():
    # 000: "must pay double, with the other player being the sole winner".
    hand = settled(drop(Anna=5, Ben=5, Carla=9), preset="street")
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.payments == (
        paid("Anna", "Ben", 1, CAUGHT),
        paid("Anna", "Ben", 1, BONUS),
        paid("Carla", "Ben", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-2, Ben=3, Carla=-1)


def test_street_two_who_tie_the_lowest_are_each_paid_and_each_collect_the_bonus():
    hand = settled(drop(Anna=5, Ben=5, Carla=5), preset="street")
    assert hand.result == "caught" and hand.winners == ("Ben", "Carla")
    assert hand.payments == (
        paid("Anna", "Ben", 1, CAUGHT),
        paid("Anna", "Carla", 1, CAUGHT),
        paid("Anna", "Ben", 1, BONUS),  # caught_bonus_tie "all", from everyone outside W
        paid("Anna", "Carla", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-4, Ben=2, Carla=2)


def test_street_in_points_the_lowest_scores_0_and_the_others_their_points_once():
    # caught_pays 1: the dropper's points count once; Ben's tie scores like any other total.
    assert points(drop(Anna=5, Ben=5, Carla=3), "street") == {"Anna": 5, "Ben": 5, "Carla": 0}
    assert points(drop(Anna=5, Ben=5, Carla=9), "street") == {"Anna": 5, "Ben": 0, "Carla": 9}


def test_black_company_a_tie_for_the_lowest_is_no_catch():
    # caught_on_tie false (version 2): Anna's 5 ties Ben's and still wins.
    hand = settled(drop(Anna=5, Ben=5, Carla=9), preset="black-company")
    assert hand.result == "drop_won" and hand.winners == ("Anna",)
    assert hand.payments == (
        paid("Ben", "Anna", 1, "drop won"),
        paid("Carla", "Anna", 1, "drop won"),
    )
    assert hand.net == amounts(Anna=2, Ben=-1, Carla=-1)
    assert points(drop(Anna=5, Ben=5, Carla=9), "black-company") == {
        "Anna": 0, "Ben": 5, "Carla": 9,
    }  # fmt: skip


def test_black_company_pays_only_the_lower_totals():
    # 002: "each of the players who have lower totals than he": Carla's tie is not paid.
    hand = settled(drop(Anna=7, Ben=5, Carla=7), preset="black-company")
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.payments == (paid("Anna", "Ben", 2, CAUGHT),)  # and no bonus
    assert hand.net == amounts(Anna=-2, Ben=2, Carla=0)
    assert points(drop(Anna=7, Ben=5, Carla=7), "black-company") == {
        "Anna": 14, "Ben": 0, "Carla": 7,
    }  # fmt: skip


def test_classic_still_pays_every_tie_as_version_1_did():
    hand = settled(drop(Anna=5, Ben=5, Carla=3))
    assert hand.payments == (
        paid("Anna", "Ben", 2, CAUGHT),
        paid("Anna", "Carla", 2, CAUGHT),
        paid("Ben", "Carla", 1, BONUS),
    )
    assert hand.net == amounts(Anna=-4, Ben=1, Carla=3)


def test_ties_unpaid_and_caught_on_a_tie_for_the_lowest_the_catch_itself_costs_nothing():
    hand = settled(drop(Anna=5, Ben=5, Carla=9), {"caught_pays_tied": "none"})
    assert hand.result == "caught" and hand.winners == ("Ben",)
    assert hand.payments == (paid("Carla", "Ben", 1, BONUS),)
    assert hand.net == amounts(Anna=0, Ben=1, Carla=-1)
    from_all = settled(
        drop(Anna=5, Ben=5, Carla=9), {"caught_pays_tied": "none", "caught_bonus_from": "all"}
    )
    assert from_all.payments == (paid("Anna", "Ben", 1, BONUS), paid("Carla", "Ben", 1, BONUS))
    assert from_all.net == amounts(Anna=-1, Ben=2, Carla=-1)


def test_without_caught_on_tie_all_still_pays_a_tie_above_the_lowest():
    # 2.5 step 1 does not ask caught_on_tie: Ben ties Anna's 5 above Carla's 3 and is paid.
    hand = settled(drop(Anna=5, Ben=5, Carla=3), {"caught_on_tie": False})
    assert hand.payments == (
        paid("Anna", "Ben", 2, CAUGHT),
        paid("Anna", "Carla", 2, CAUGHT),
        paid("Ben", "Carla", 1, BONUS),
    )
    lowest = settled(
        drop(Anna=5, Ben=5, Carla=3), {"caught_on_tie": False, "caught_pays_tied": "lowest"}
    )
    assert lowest.payments == (paid("Anna", "Carla", 2, CAUGHT), paid("Ben", "Carla", 1, BONUS))
    assert lowest.net == amounts(Anna=-2, Ben=-1, Carla=3)


# Presets: street's tonk out with six cards spread; seattle's high band


def test_street_a_tonk_out_with_six_cards_spread_is_triple():
    six = {"kind": "tonk_out", "player": "Anna", "spread_six": True}
    hand = settled(six, preset="street")
    assert hand.payments == (
        paid("Ben", "Anna", 3, "tonk out with six cards spread"),
        paid("Carla", "Anna", 3, "tonk out with six cards spread"),
    )
    assert hand.net == amounts(Anna=6, Ben=-3, Carla=-3)
    plain = settled({**six, "spread_six": False}, preset="street")
    assert plain.net == amounts(Anna=4, Ben=-2, Carla=-2)
    in_points = points({**six, "totals": {"Ben": 7, "Carla": 12}}, "street")
    assert in_points == {"Anna": 0, "Ben": 21, "Carla": 36}


@pytest.mark.parametrize("dealt", [51, 60, 70])
def test_seattle_seven_cards_of_49_to_70_are_a_tonk(dealt):
    hand = settled({"kind": "deal_tonk", "totals": {"Ben": dealt}}, preset="seattle")
    assert hand.result == "deal_tonk" and hand.winners == ("Ben",)
    assert hand.payments == (
        paid("Anna", "Ben", 2, "tonk on the deal"),
        paid("Carla", "Ben", 2, "tonk on the deal"),
    )
    assert hand.net == amounts(Anna=-2, Ben=4, Carla=-2)


def test_seattle_a_tie_for_the_lowest_is_no_catch_either():
    hand = settled(drop(Anna=5, Ben=5, Carla=9), preset="seattle")
    assert hand.result == "drop_won" and hand.net == amounts(Anna=2, Ben=-1, Carla=-1)


def test_hits_stack_is_table_talk_and_pays_nothing():
    hand = drop(Anna=6, Ben=4, Carla=11)
    assert settled(hand, {"hits_stack": True}).net == settled(hand).net


# Points mode mirrors chips (2.7): a loser's points times what the outcome pays in chips


def test_points_after_a_tonk_on_the_deal_count_as_many_times_as_its_band_pays():
    bands = {"deal_tonks": [{"min": 49, "max": 50, "pays": 3}]}
    hand = {"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 49, "Carla": 31}}
    assert points(hand, rules=bands) == {"Anna": 60, "Ben": 0, "Carla": 93}
    # Overlapping bands: the highest pays that holds the total (2.1) counts.
    overlap = {"deal_tonks": [{"min": 0, "max": 13, "pays": 2}, {"min": 0, "max": 9, "pays": 3}]}
    low = {"kind": "deal_tonk", "totals": {"Anna": 20, "Ben": 9, "Carla": 31}}
    assert points(low, rules=overlap) == {"Anna": 60, "Ben": 0, "Carla": 93}


def test_points_after_a_tonk_out_count_as_many_times_as_2_2_pays():
    out = {"kind": "tonk_out", "player": "Anna", "totals": {"Ben": 7, "Carla": 12}}
    assert points(out, rules={"tonk_out_pays": 3}) == {"Anna": 0, "Ben": 21, "Carla": 36}
    assert points(out, rules={"tonk_out_pays": 1}) == {"Anna": 0, "Ben": 7, "Carla": 12}
    six = {"tonk_out_six_pays": 4}
    assert points({**out, "spread_six": True}, rules=six) == {"Anna": 0, "Ben": 28, "Carla": 48}
    assert points({**out, "spread_six": False}, rules=six) == {"Anna": 0, "Ben": 14, "Carla": 24}
    needs = {"tonk_out_needs_six": True, "out_pays": 3}
    assert points({**out, "spread_six": False}, rules=needs) == {
        "Anna": 0, "Ben": 21, "Carla": 36,
    }  # fmt: skip


def test_points_after_a_double_double_count_double_double_pays_times():
    hand = {"kind": "double_double", "player": "Ben", "totals": {"Carla": 5}}
    assert points(hand, rules={"double_double_pays": 3}) == {"Anna": 0, "Ben": 0, "Carla": 15}


def test_points_after_going_out_count_out_pays_times():
    hand = {"kind": "out", "player": "Ben", "totals": {"Anna": 9, "Carla": 3}}
    assert points(hand, rules={"out_pays": 2}) == {"Anna": 18, "Ben": 0, "Carla": 6}


def test_points_after_a_winning_drop_count_drop_win_pays_times():
    hand = drop(Anna=3, Ben=4, Carla=11)
    assert points(hand, rules={"drop_win_pays": 3}) == {"Anna": 0, "Ben": 12, "Carla": 33}


def test_points_when_the_stock_runs_out_count_stock_out_pays_times():
    hand = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 4, "Carla": 11}}
    assert points(hand, rules={"stock_out_pays": 2}) == {"Anna": 0, "Ben": 8, "Carla": 22}
    shared = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 11}}
    all_tied = {"stock_out_pays": 2, "stock_out_tie": "all"}
    assert points(shared, rules=all_tied) == {"Anna": 0, "Ben": 0, "Carla": 22}


def test_points_after_a_catch_the_dropper_counts_caught_pays_times_the_others_once():
    hand = drop(Anna=6, Ben=4, Carla=11)
    assert points(hand, rules={"caught_pays": 3}) == {"Anna": 18, "Ben": 0, "Carla": 11}
    # Every player in W scores 0; the bonus and caught_pays_tied do not change points.
    shared = drop(Anna=6, Ben=4, Carla=4)
    for tied in ("all", "lowest", "none"):
        assert points(shared, rules={"caught_pays_tied": tied}) == {
            "Anna": 12,
            "Ben": 0,
            "Carla": 0,
        }


def test_points_a_draw_scores_nothing_whatever_it_would_pay():
    clash = {"kind": "deal_tonk", "totals": {"Anna": 49, "Ben": 50, "Carla": 20}}
    assert points(clash, rules={"deal_tonks": [{"min": 49, "max": 50, "pays": 3}]}) == {
        "Anna": 0, "Ben": 0, "Carla": 0,
    }  # fmt: skip
