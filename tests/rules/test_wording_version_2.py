"""The rules sheet in version 2: caught_pays_tied, hits_stack, and points that mirror chips."""

from referee.rules.tonk import PRESETS, HouseRules
from referee.rules.tonk.wording import option_label, rule_sentences, value_in_words

POINTS = {"scoring": "points"}


def sentence(rules, key):
    return dict((k, s) for k, _, s in rule_sentences(rules))[key]


def test_whom_a_caught_dropper_pays_follows_caught_pays_tied():
    assert sentence(HouseRules(), "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is "
        "lower than or equal to yours."
    )
    assert sentence(PRESETS["street"], "caught_pays") == (
        "If you drop and are caught, you pay 1 chip to each player whose total is "
        "lower than yours, or equal to it when nobody's is lower."
    )
    assert sentence(PRESETS["black-company"], "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is "
        "lower than yours."
    )


def test_caught_pays_tied_in_words():
    assert sentence(HouseRules(), "caught_pays_tied") == (
        "If you are caught, each player whose total ties yours is paid too."
    )
    assert sentence(PRESETS["street"], "caught_pays_tied") == (
        "If you are caught, a player whose total ties yours is paid only when nobody's total "
        "is lower: when you tied the lowest."
    )
    assert sentence(PRESETS["black-company"], "caught_pays_tied") == (
        "If you are caught, a player whose total only ties yours is not paid."
    )
    # Without caught_on_tie a tie for the lowest is no catch, so "lowest" pays no tie.
    lowest = HouseRules.from_json({"caught_on_tie": False, "caught_pays_tied": "lowest"})
    assert sentence(lowest, "caught_pays_tied") == (
        "If you are caught, a player whose total only ties yours is not paid: only a tie for "
        "the lowest would be, and here that is no catch."
    )
    assert "or equal" not in sentence(lowest, "caught_pays")
    assert option_label("caught_pays_tied") == "Caught dropper pays who tied"
    assert [value_in_words("caught_pays_tied", v) for v in ("all", "lowest", "none")] == [
        "Everyone who tied",
        "Only a tie for the lowest",
        "Nobody who only tied",
    ]


def test_the_bonus_after_a_catch_goes_to_the_one_who_tied_the_lowest():
    assert sentence(PRESETS["street"], "caught_bonus_from") == (
        "After a catch, the lowest of the other players (the one who tied you, if you tied the "
        "lowest) also collects 1 chip from everyone, the dropper included."
    )
    # Black-company: a tie for the lowest is no catch, so nobody ties the lowest after one.
    assert sentence(PRESETS["black-company"], "caught_bonus_from") == (
        "After a catch, the lowest of the other players collects no bonus."
    )


def test_street_stacks_hits_as_the_sheet_says():
    # The words are the turns branch's (v2-turns); street is the preset that sets it.
    assert sentence(PRESETS["street"], "hits_stack") == (
        "Each further hit on your spreads before your next turn adds its own wait, "
        "and its own turn without laying down."
    )
    assert sentence(PRESETS["black-company"], "hits_stack") == (
        "Hits on your spreads before your next turn count once."
    )
    assert option_label("hits_stack") == "Each further hit adds its own turns"


def test_points_sentences_give_what_the_same_outcome_pays_in_chips():
    rules = HouseRules.from_json(
        {
            **POINTS,
            "deal_tonks": [{"min": 0, "max": 9, "pays": 3}, {"min": 49, "max": 50, "pays": 2}],
            "tonk_out_pays": 1,
            "tonk_out_six_pays": 3,
            "double_double_pays": 4,
            "out_pays": 2,
            "drop_win_pays": 3,
            "stock_out_pays": 2,
            "stock_out_tie": "all",
        }
    )
    assert sentence(rules, "deal_tonks") == (
        "A dealt hand of 9 or less is a tonk: you score 0 and everyone else scores the points "
        "left in their hand, tripled. A dealt hand of 49 or 50 is a tonk: you score 0 and "
        "everyone else scores the points left in their hand, doubled."
    )
    assert sentence(rules, "tonk_out_pays").endswith(
        "that is a tonk out: you score 0 and everyone else scores the points left in their hand."
    )
    assert sentence(rules, "tonk_out_six_pays") == (
        "A tonk out that lays six cards as new spreads in its last turn makes the others' "
        "points count triple instead."
    )
    assert sentence(rules, "double_double_pays").endswith("left in their hand, times 4.")
    assert sentence(rules, "out_pays").endswith("left in their hand, doubled.")
    assert sentence(rules, "drop_win_pays").endswith("left in their hand, tripled.")
    assert sentence(rules, "stock_out_pays").endswith("left in their hand, doubled.")
    assert "left in their hand, doubled. If everyone ties" in sentence(rules, "stock_out_tie")
    needs = HouseRules.from_json({**POINTS, "tonk_out_needs_six": True, "out_pays": 2})
    assert sentence(needs, "tonk_out_needs_six") == (
        "To score as a tonk out you must lay six cards as new spreads in your last turn; "
        "otherwise the others' points count double, as after going out by discarding."
    )
    assert "times what the hand would pay in chips" in sentence(rules, "scoring")
