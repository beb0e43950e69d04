from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import exact_json
from referee.rules import Refusal
from referee.rules.tonk import PRESETS, Band, HouseRules, option_keys, preset, rules_from
from referee.rules.tonk.house_rules import option_group

SPEC_KEYS = [
    "stake", "unit", "hand_size", "deck", "scoring", "points_target_hands",
    "deal_tonks", "deal_tonk_clash",
    "tonk_out_pays", "tonk_out_six_pays", "tonk_out_needs_six", "double_double_pays", "out_pays",
    "drop_win_pays", "caught_on_tie", "caught_pays", "caught_pays_to", "caught_pays_tied",
    "caught_bonus_from", "caught_bonus_tie",
    "stock_out_pays", "stock_out_tie",
    "drop_when", "wait_after_spread", "wait_after_hit", "hit_blocks_laydown", "hits_stack",
    "must_spread", "ace", "discard_take", "first_discard", "slapping", "same_turn_discard",
]  # fmt: skip

# A valid value of every option, unlike its default, and values it must refuse.
ALLOWED_AND_REFUSED = {
    "stake": (Decimal("0.25"), [0, -1, Decimal("0.001"), 1_000_001, "1", True]),
    "unit": ("$", ["", "a very long unit name", 5, "tab\there"]),
    "hand_size": (7, [4, 0, "5", 5.0]),
    "deck": ("40", [52, "36"]),
    "scoring": ("points", ["chip", None]),
    "points_target_hands": (10, [0, -3, "10", True]),
    "deal_tonks": (
        [{"min": 0, "max": 15, "pays": 3}],
        [{"min": 49, "max": 50}, [{"min": 50, "max": 49, "pays": 2}],
         [{"min": 0, "max": 15, "pays": 0}], [{"min": 49, "max": 50, "pays": 2, "x": 1}],
         [{"min": -1, "max": 5, "pays": 2}]],
    ),
    "deal_tonk_clash": ("low_beats_high", ["low", 1, "pay all", "Pay_all"]),
    "tonk_out_pays": (3, [0, 11, "2"]),
    "tonk_out_six_pays": (3, [0, 11]),
    "tonk_out_needs_six": (True, [1, "true", None]),
    "double_double_pays": (4, [0, 21]),
    "out_pays": (2, [0, 11, None]),
    "drop_win_pays": (2, [0, 11]),
    "caught_on_tie": (False, [0, "no"]),
    "caught_pays": (1, [0, 11]),
    "caught_pays_to": ("lowest", ["beat", "Lowest", None, True, 1]),
    "caught_pays_tied": ("lowest", ["some", "All", None, True]),
    "caught_bonus_from": ("all", ["everyone", None]),
    "caught_bonus_tie": ("all", ["some"]),
    "stock_out_pays": (2, [0, 11]),
    "stock_out_tie": ("last_draw", ["first_draw"]),
    "drop_when": ("any_time", ["never"]),
    "wait_after_spread": (3, [-1, 6]),
    "wait_after_hit": (1, [-1, 6]),
    "hit_blocks_laydown": (True, [1]),
    "hits_stack": (True, [0]),
    "must_spread": (True, ["yes"]),
    "ace": ("low_or_high", ["high"]),
    "discard_take": ("top_two", ["any"]),
    "first_discard": ("first_player", ["dealer"]),
    "slapping": (True, [None]),
    "same_turn_discard": (True, ["sometimes"]),
}  # fmt: skip


def test_every_option_of_the_spec_is_a_house_rule_in_the_spec_order():
    assert option_keys() == SPEC_KEYS
    assert set(ALLOWED_AND_REFUSED) == set(SPEC_KEYS)


def test_defaults_are_the_classic_preset():
    rules = HouseRules()
    assert rules == PRESETS["classic"]
    assert rules.stake == Decimal(1) and rules.deal_tonks == (Band(49, 50, 2),)
    assert rules.caught_pays == 2 and rules.caught_bonus_from == "others"
    assert rules.caught_pays_tied == "all" and rules.hits_stack is False  # as version 1 paid


def test_options_are_grouped_as_the_spec_groups_them():
    assert option_group("deck") == "Table"
    assert option_group("deal_tonk_clash") == "Tonk on the deal"
    assert option_group("caught_bonus_tie") == "Dropping"
    assert option_group("caught_pays_tied") == "Dropping"
    assert option_group("hits_stack") == "Table talk"
    assert option_group("stock_out_tie") == "Stock runs out"
    assert option_group("slapping") == "Table talk"


@pytest.mark.parametrize("key", SPEC_KEYS)
def test_each_option_is_accepted_by_name_and_returned(key):
    value, _ = ALLOWED_AND_REFUSED[key]
    rules = HouseRules.from_json({key: value})
    assert rules != HouseRules()
    assert rules.differences(HouseRules()) == [key]
    stored = exact_json.loads(exact_json.dumps(rules.to_json()))
    assert stored[key] == value
    assert HouseRules.from_json(stored) == rules


@pytest.mark.parametrize(
    ("key", "bad"), [(key, bad) for key, (_, bads) in ALLOWED_AND_REFUSED.items() for bad in bads]
)
def test_each_option_refuses_what_it_does_not_allow_naming_itself(key, bad):
    with pytest.raises(Refusal) as refused:
        HouseRules.from_json({key: bad})
    assert key in refused.value.message and "allowed" in refused.value.message
    assert refused.value.field == key


@pytest.mark.parametrize("key", SPEC_KEYS)
def test_no_option_takes_a_float(key):
    with pytest.raises(Refusal):
        HouseRules.from_json({key: 1.5})


def test_an_unknown_key_is_refused_with_a_suggestion():
    with pytest.raises(Refusal, match="no house rule called 'caught_pay'.*caught_pays"):
        HouseRules.from_json({"caught_pay": 2})


def test_rules_must_be_an_object():
    with pytest.raises(Refusal, match="rules"):
        HouseRules.from_json([("stake", 1)])


def test_rules_are_immutable():
    with pytest.raises(AttributeError):
        HouseRules().stake = Decimal(5)  # type: ignore[misc]


def test_presets_differ_from_classic_exactly_as_the_spec_table_says():
    """Section 3 of version 2 of the spec."""
    classic = PRESETS["classic"]
    street = PRESETS["street"]
    assert street.differences(classic) == [
        "deal_tonks", "deal_tonk_clash", "tonk_out_six_pays", "caught_pays", "caught_pays_tied",
        "caught_bonus_from", "caught_bonus_tie", "hits_stack", "ace", "discard_take",
    ]  # fmt: skip
    assert street.deal_tonks == (Band(50, 50, 2),)
    assert street.tonk_out_six_pays == 3 and street.caught_pays_tied == "lowest"
    assert street.hits_stack is True and street.caught_pays == 1
    black = PRESETS["black-company"]
    assert black.differences(classic) == [
        "deal_tonks", "tonk_out_pays", "caught_on_tie", "caught_pays_tied", "caught_bonus_from",
    ]  # fmt: skip
    assert black.deal_tonks == (Band(0, 15, 2), Band(49, 50, 2))
    assert black.tonk_out_pays == 1 and black.caught_bonus_from == "none"
    assert black.caught_on_tie is False and black.caught_pays_tied == "none"
    seattle = PRESETS["seattle"]
    assert seattle.differences(black) == ["hand_size", "deal_tonks"]
    assert seattle.hand_size == 7
    assert seattle.deal_tonks == (Band(0, 15, 2), Band(49, 70, 2))


def test_a_preset_takes_changes_on_top():
    rules = rules_from("street", {"caught_pays": 3})
    assert rules.caught_pays == 3 and rules.caught_bonus_from == "all"


def test_an_unknown_preset_lists_the_presets():
    with pytest.raises(Refusal, match="classic, street, black-company, seattle"):
        preset("vegas")


def test_overlapping_bands_pay_the_highest():
    rules = HouseRules.from_json(
        {"deal_tonks": [{"min": 0, "max": 9, "pays": 3}, {"min": 0, "max": 13, "pays": 2}]}
    )
    assert rules.deal_tonk_pays(9) == 3
    assert rules.deal_tonk_pays(12) == 2
    assert rules.deal_tonk_pays(14) is None


band = st.fixed_dictionaries(
    {"min": st.integers(0, 60), "max": st.integers(60, 120), "pays": st.integers(1, 10)}
)
RULE_VALUES = {
    "stake": st.decimals(min_value=Decimal("0.01"), max_value=1_000_000, places=2),
    "unit": st.sampled_from(["chips", "$", "pts", "€"]),
    "hand_size": st.sampled_from([3, 5, 7, 12]),
    "deck": st.sampled_from(["52", "40"]),
    "scoring": st.sampled_from(["chips", "points"]),
    "points_target_hands": st.none() | st.integers(1, 100),
    "deal_tonks": st.lists(band, max_size=4),
    "tonk_out_six_pays": st.none() | st.integers(1, 10),
    "double_double_pays": st.none() | st.integers(1, 20),
    "caught_on_tie": st.booleans(),
}


@given(st.fixed_dictionaries({}, optional=RULE_VALUES))
def test_rules_survive_a_json_round_trip_unchanged(changes):
    rules = HouseRules.from_json(changes)
    assert HouseRules.from_json(exact_json.loads(exact_json.dumps(rules.to_json()))) == rules
