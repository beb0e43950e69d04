"""Tongits house rules (tongits.md section 1) and presets (section 4): values and refusals."""

from decimal import Decimal

import pytest

from referee.rules import Refusal
from referee.rules.tongits import PRESETS, TongitsRules, preset, rules_from
from referee.rules.tongits.house_rules import check_of, option_group, option_keys
from referee.rules.tonk.house_rules import option_keys as tonk_option_keys

DEFAULTS = {
    "stake": Decimal("1.00"),
    "unit": "chips",
    "seats": 3,
    "card_values": "standard",
    "ante": 1,
    "opening_ante": 0,
    "jackpot_wins": 2,
    "second_win_bonus": 1,
    "run_bonus": 0,
    "joiner_matches_pot": False,
    "tongits_pays": 2,
    "fold_pays": 1,
    "fight_pays": 2,
    "stock_out_pays": 1,
    "bisaklat_pays": 2,
    "burned_factor": 2,
    "burned_extra": 0,
    "secret_bonus": 1,
    "escalera_bonus": 0,
    "ace_bonus": 0,
    "king_bonus": 0,
    "play_direction": "counterclockwise",
    "sapaw_blocks_draw": True,
    "draw_pays": "winner",
    "point_pays": 0,
    "point_pays_on": "difference",
    "next_dealer": "winner",
    "hand_melds_count": False,
    "discard_take": "meld_only",
    "same_turn_discard": False,
    "ace_low_only": True,
    "jokers": 0,
    "joker_points": 0,
    "joker_bonus": 0,
}


def test_every_option_of_section_1_in_order_with_its_default():
    assert TongitsRules().to_json() == DEFAULTS
    assert option_keys() == list(DEFAULTS)


def test_the_groups_are_the_headings_of_section_1():
    assert [option_group(key) for key in ("stake", "ante", "fold_pays", "ace_bonus")] == [
        "Table",
        "Pot and jackpot (“Two Hits”)",
        "What each ending pays",
        "Bonuses",
    ]
    assert option_group("play_direction") == "Draw, ties and turn order"
    assert option_group("next_dealer") == "Dealing"
    assert option_group("ace_low_only") == "Table talk"


def test_the_presets_differ_from_tongits_as_section_4_says():
    assert list(PRESETS) == ["tongits", "three-hits", "1-3-5", "joker"]
    base = PRESETS["tongits"]
    assert base == TongitsRules()
    assert PRESETS["three-hits"].differences(base) == ["jackpot_wins"]
    assert (PRESETS["three-hits"].jackpot_wins, PRESETS["three-hits"].second_win_bonus) == (3, 1)
    one_three_five = PRESETS["1-3-5"]
    assert {key: getattr(one_three_five, key) for key in one_three_five.differences(base)} == {
        "tongits_pays": 5,
        "fold_pays": 3,
        "fight_pays": 5,
        "stock_out_pays": 3,
        "bisaklat_pays": 5,
        "burned_factor": 1,
        "ace_bonus": 1,
    }
    joker = PRESETS["joker"]
    assert {key: getattr(joker, key) for key in joker.differences(base)} == {
        "jokers": 2,
        "joker_bonus": 1,
    }


def test_a_preset_with_changes_and_the_default_preset():
    rules = rules_from("1-3-5", {"stake": Decimal("0.5"), "unit": "₱"})
    assert (rules.stake, rules.unit, rules.fight_pays) == (Decimal("0.50"), "₱", 5)
    assert rules_from() is PRESETS["tongits"]
    assert preset("three-hits") is PRESETS["three-hits"]


# Each option's edges: what it allows just inside, and refuses just outside.
# fmt: off
EDGES = [
    ("stake", Decimal("0.01"), Decimal("0")), ("stake", 1_000_000, 1_000_001),
    ("stake", Decimal("0.5"), Decimal("0.005")), ("stake", 2, 0.5),
    ("unit", "₱", ""), ("unit", "x" * 12, "x" * 13),
    ("seats", 4, 5), ("seats", 3, 2), ("seats", 3, "3"),
    ("card_values", "standard", "ace_high"),
    ("ante", 0, -1), ("ante", 10, 11),
    ("opening_ante", 0, -1), ("opening_ante", 10, 11),
    ("jackpot_wins", 5, 6), ("jackpot_wins", 1, 0), ("jackpot_wins", 4, "4"),
    ("second_win_bonus", 0, -1), ("second_win_bonus", 10, 11),
    ("run_bonus", 0, -1), ("run_bonus", 10, 11),
    ("joiner_matches_pot", True, "true"),
    ("tongits_pays", 1, 0), ("tongits_pays", 10, 11),
    ("fold_pays", 1, 0), ("fold_pays", 10, 11),
    ("fight_pays", 1, 0), ("fight_pays", 10, 11),
    ("stock_out_pays", 1, 0), ("stock_out_pays", 10, 11),
    ("bisaklat_pays", 1, 0), ("bisaklat_pays", 10, 11),
    ("burned_factor", 1, 0), ("burned_factor", 3, 4), ("burned_factor", 2, True),
    ("burned_extra", 0, -1), ("burned_extra", 10, 11),
    ("secret_bonus", 0, -1), ("secret_bonus", 10, 11),
    ("escalera_bonus", 0, -1), ("escalera_bonus", 10, 11),
    ("ace_bonus", 0, -1), ("ace_bonus", 10, 11),
    ("king_bonus", 0, -1), ("king_bonus", 10, 11),
    ("play_direction", "clockwise", "left"),
    ("sapaw_blocks_draw", False, 0),
    ("draw_pays", "caller", "loser"),
    ("point_pays", 0, -1), ("point_pays", 5, 6),
    ("point_pays_on", "total", "behind"),
    ("next_dealer", "rotate", "loser"),
    ("hand_melds_count", True, "yes"),
    ("discard_take", "any", "top"),
    ("same_turn_discard", True, None),
    ("ace_low_only", False, 1),
    ("jokers", 2, 1), ("jokers", 0, 4),
    ("joker_points", 10, 11), ("joker_points", 0, -1),
    ("joker_bonus", 10, 11), ("joker_bonus", 1, 0.5),
]
# fmt: on
# What an option's edge is tried beside: a joker's points and bonus need the jokers (6.1).
BESIDE = {"joker_points": {"jokers": 2}, "joker_bonus": {"jokers": 2}}


@pytest.mark.parametrize(("key", "allowed", "refused"), EDGES)
def test_each_option_allows_its_values_and_refuses_others_by_name(key, allowed, refused):
    beside = BESIDE.get(key, {})
    assert getattr(TongitsRules.from_json({**beside, key: allowed}), key) == allowed
    with pytest.raises(Refusal) as refusal:
        TongitsRules.from_json({**beside, key: refused})
    assert refusal.value.field == key
    assert refusal.value.message.startswith(f"House rule {key}: ")
    assert refusal.value.message.endswith(f"; allowed: {check_of(key).words}")


def test_every_option_has_an_edge_row():
    assert {key for key, _, _ in EDGES} == set(option_keys())


@pytest.mark.parametrize("key", ["joker_points", "joker_bonus"])
def test_a_joker_option_without_the_jokers_is_refused_by_name(key):
    with pytest.raises(Refusal) as refusal:
        TongitsRules.from_json({key: 1})
    assert (refusal.value.field, refusal.value.message) == (
        key,
        f"House rule {key}: 1 needs Joker mode; set jokers to 2, or {key} to 0",
    )
    with pytest.raises(Refusal) as refusal:
        TongitsRules.from_json({"jokers": 2, key: 3}).with_changes({"jokers": 0})
    assert refusal.value.field == key
    assert TongitsRules.from_json({"jokers": 0, key: 0}).jokers == 0


@pytest.mark.parametrize("key", [k for k in tonk_option_keys() if k not in option_keys()])
def test_every_tonk_only_option_is_refused_as_tonks(key):
    with pytest.raises(Refusal) as refusal:
        TongitsRules.from_json({key: 1})
    assert refusal.value.message == f"rules: {key} is a house rule of Tonk, not of Tongits " \
        "(the Tongits rules sheet lists them all)"  # fmt: skip
    assert refusal.value.field == key


def test_an_option_both_games_have_is_checked_as_tongits_allows_it():
    """discard_take is in both games with other values: Tongits' are checked."""
    assert TongitsRules.from_json({"discard_take": "any"}).discard_take == "any"
    with pytest.raises(Refusal) as refusal:
        TongitsRules.from_json({"discard_take": "top_two"})
    assert refusal.value.message == (
        'House rule discard_take: \'top_two\' is not allowed; allowed: "meld_only" or "any"'
    )


def test_rules_that_are_not_an_object_are_refused():
    with pytest.raises(Refusal) as refusal:
        rules_from("tongits", ["ante", 1])
    assert refusal.value.message == "rules: the house rules must be an object of option: value"


def test_four_seats_hold_fewer_cards():
    assert (TongitsRules().most_cards, TongitsRules(seats=4).most_cards) == (12, 11)


@pytest.mark.parametrize("value", [Decimal("Infinity"), Decimal("-Infinity"), Decimal("NaN")])
def test_a_number_that_is_no_number_is_refused_in_words(value):
    """Never from JSON (the door refuses NaN and Infinity), but a caller of the core may send
    one: showing it in the refusal raised OverflowError (found by the property test)."""
    with pytest.raises(Refusal) as refused:
        rules_from("tongits", {"jackpot_wins": value})
    assert refused.value.field == "jackpot_wins"
    assert refused.value.message == (
        f"House rule jackpot_wins: Decimal('{value}') is not allowed; allowed: 1, 2, 3, 4 or 5"
    )
