import ast
import re
from decimal import Decimal
from pathlib import Path

import pytest

from referee.rules.tonk import PRESETS, Band, HouseRules, option_keys
from referee.rules.tonk.house_rules import check_of, option_group
from referee.rules.tonk.wording import option_label, rule_sentences, value_in_words
from referee.rules.words import amount_in_words, number_in_words, unit_of

POINTS = HouseRules.from_json({"scoring": "points"})

# Options whose values are not a short list: a few values each, all allowed.
FREE_VALUES = {
    "stake": [Decimal(1), Decimal("0.25"), Decimal("12.50"), Decimal(1_000_000)],
    "unit": ["chips", "$", "pts"],
    "deal_tonks": [
        (),
        (Band(49, 50, 2),),
        (Band(50, 50, 2),),
        (Band(0, 15, 2), Band(49, 50, 2)),
        (Band(0, 9, 3), Band(0, 13, 2)),
    ],
}


def choices(key):
    """Every value an option allows (a sample of the big ranges), from its own check."""
    if key in FREE_VALUES:
        return FREE_VALUES[key]
    check = check_of(key)
    if check.kind in ("choice", "flag"):
        return list(check.choices)
    assert check.kind == "whole", key
    values = list(range(check.low, min(check.high, 20) + 1)) + [check.high]
    return list(dict.fromkeys(values)) + ([None] if check.optional else [])


def sentence(rules, key):
    return dict((k, s) for k, _, s in rule_sentences(rules))[key]


def with_value(key, value, base=None):
    base = base or HouseRules()
    if key == "deal_tonks":
        value = [{"min": b.min, "max": b.max, "pays": b.pays} for b in value]
    return base.with_changes({key: value})


def test_every_option_gets_a_sentence_in_spec_order_with_its_group():
    for rules in [*PRESETS.values(), POINTS]:
        rows = rule_sentences(rules)
        assert [key for key, _, _ in rows] == option_keys()
        for key, group, text in rows:
            assert group == option_group(key)
            assert text[0].isupper() and text.endswith("."), (key, text)


@pytest.mark.parametrize("key", option_keys())
def test_every_option_has_a_short_label(key):
    label = option_label(key)
    assert label and label[0].isupper() and len(label) <= 40
    assert "_" not in label


def test_labels_are_all_different():
    labels = [option_label(key) for key in option_keys()]
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("key", option_keys())
def test_every_allowed_choice_has_words_and_its_own_sentence(key):
    values = choices(key)
    assert len(values) >= 2
    rules = [with_value(key, value) for value in values]  # each value is really allowed
    words = [value_in_words(key, value) for value in values]
    assert all(w and (w[0] == w[0].upper() or key == "unit") for w in words), words
    assert len(set(words)) == len(words), words
    sentences = [sentence(r, key) for r in rules]
    assert len(set(sentences)) == len(sentences), sentences
    for r in rules:
        assert all(text for _, _, text in rule_sentences(r.with_changes({"scoring": "points"})))


@pytest.mark.parametrize("key", option_keys())
def test_flipping_an_option_changes_its_sentence(key):
    default = getattr(HouseRules(), key)
    other = next(v for v in choices(key) if v != default)
    assert sentence(with_value(key, other), key) != sentence(HouseRules(), key)


def test_the_classic_deal_tonk_in_words():
    assert sentence(HouseRules(), "deal_tonks") == (
        "A dealt hand of 49 or 50 is a tonk: everyone pays you 2 chips."
    )


def test_a_stake_with_cents_shows_cents():
    rules = HouseRules.from_json({"stake": Decimal("0.25")})
    assert "everyone pays you 0.50 chips." in sentence(rules, "deal_tonks")
    dollars = HouseRules.from_json({"stake": Decimal("0.10"), "unit": "$", "tonk_out_pays": 3})
    assert sentence(dollars, "tonk_out_pays").endswith("everyone pays you 0.30 $.")


def test_several_bands_and_pays_read_naturally():
    black = PRESETS["black-company"]
    assert sentence(black, "deal_tonks") == (
        "A dealt hand of 15 or less, or of 49 or 50, is a tonk: everyone pays you 2 chips."
    )
    mixed = with_value("deal_tonks", (Band(0, 9, 3), Band(0, 13, 2)))
    assert sentence(mixed, "deal_tonks") == (
        "A dealt hand of 9 or less is a tonk: everyone pays you 3 chips. "
        "A dealt hand of 13 or less is a tonk: everyone pays you 2 chips. "
        "Where these overlap, the higher pay counts."
    )
    assert "not played" in sentence(with_value("deal_tonks", ()), "deal_tonks")


def test_tonk_clash_explains_low_and_high_tonks():
    street = sentence(PRESETS["street"], "deal_tonk_clash")
    assert "a low tonk (under 25, the lower the better) beats a high tonk" in street
    assert "(25 or more, the higher the better)" in street
    high = sentence(HouseRules.from_json({"deal_tonk_clash": "high_beats_low"}), "deal_tonk_clash")
    assert "the higher the better) beats a low tonk" in high
    assert "draw: nobody pays, and the next player deals" in sentence(
        HouseRules(), "deal_tonk_clash"
    )


def test_some_sentences_word_for_word():
    assert sentence(HouseRules(), "double_double_pays") == "Double-double is not played."
    ace = sentence(PRESETS["street"], "ace")
    assert "never round the corner (no K-A-2)" in ace
    deck40 = sentence(HouseRules.from_json({"deck": "40"}), "deck")
    assert "no 8s, 9s or 10s; in runs the 7 is next to the Jack" in deck40
    assert sentence(HouseRules.from_json({"wait_after_spread": 3}), "wait_after_spread") == (
        "After laying a new spread you may not drop on your next 3 turns."
    )
    # With drops at any time the spreading turn is barred too (house-rules 2.9).
    any_time = HouseRules.from_json({"wait_after_spread": 3, "drop_when": "any_time"})
    assert sentence(any_time, "wait_after_spread") == (
        "After laying a new spread you may not drop on your next 3 turns, nor in the rest "
        "of that turn."
    )
    assert sentence(HouseRules(), "hits_stack") == (
        "Hits on your spreads before your next turn count once."
    )
    assert sentence(HouseRules.from_json({"hits_stack": True}), "hits_stack") == (
        "Each further hit on your spreads before your next turn adds its own wait, and its "
        "own turn without laying down."
    )
    assert sentence(HouseRules(), "caught_pays") == (
        "If you drop and are caught, you pay 2 chips to each player whose total is "
        "lower than or equal to yours."
    )


@pytest.mark.parametrize(
    "key", ["deal_tonks", "tonk_out_pays", "out_pays", "drop_win_pays", "stock_out_pays"]
)
def test_in_points_no_chips_move(key):
    text = sentence(POINTS, key)
    assert "chip" not in text and "pays" not in text
    assert "score" in text
    assert "doubled" in text or key in ("out_pays", "drop_win_pays", "stock_out_pays")


def test_points_sentences_follow_the_points_options():
    assert sentence(POINTS.with_changes({"points_target_hands": 10}), "points_target_hands") == (
        "The game lasts 10 hands (voided hands do not count, draws do): then the lowest "
        "score wins, a shared lowest score shares the win, and the next hand starts a new "
        "game at 0. A change of the number of hands applies to the game in play. Only the "
        "players of every hand of a game can win it: a player who sits in or leaves during a "
        "game keeps their score but not the win."
    )
    assert sentence(POINTS.with_changes({"caught_pays": 3}), "caught_pays").endswith("tripled.")


def test_choice_words_for_forms():
    assert value_in_words("deal_tonk_clash", "low_beats_high") == "Low tonk beats high"
    assert value_in_words("slapping", True) == "Yes"
    assert value_in_words("slapping", False) == "No"
    assert value_in_words("double_double_pays", None) == "Not played"
    assert value_in_words("tonk_out_pays", 1) == "1 stake"
    assert value_in_words("hand_size", 7) == "7 cards"
    assert value_in_words("wait_after_hit", 0) == "No wait"
    assert value_in_words("stake", Decimal("0.25")) == "0.25"
    assert value_in_words("deal_tonks", (Band(49, 50, 2),)) == "49 or 50"
    with pytest.raises(KeyError):
        value_in_words("ace", "high")


@pytest.mark.parametrize(
    ("amount", "unit", "words"),
    [
        (Decimal(2), "chips", "2 chips"),
        (Decimal("2.00"), "chips", "2 chips"),
        (Decimal(1), "chips", "1 chip"),
        (Decimal("1.00"), "pts", "1 pt"),
        (Decimal(1), "$", "1 $"),
        (Decimal("0.50"), "$", "0.50 $"),
        (Decimal("0.5"), "chips", "0.50 chips"),
        (Decimal("2500"), "chips", "2,500 chips"),
        (Decimal("20000000.00"), "€", "20,000,000 €"),
        (3, "chips", "3 chips"),
    ],
)
def test_amounts_are_exact_and_clean(amount, unit, words):
    assert amount_in_words(amount, unit) == words


@pytest.mark.parametrize(
    ("amount", "unit", "said"),
    [
        (Decimal(-1), "chips", "chip"),  # a balance of minus one is one chip owed
        (Decimal(1), "chips", "chip"),
        (Decimal(-2), "chips", "chips"),
        (Decimal("1.50"), "chips", "chips"),
        (Decimal(1), "$", "$"),
        (Decimal(1), "ps", "ps"),  # two letters: an abbreviation, not a plural
    ],
)
def test_the_unit_after_an_amount_is_singular_for_exactly_one_either_way(amount, unit, said):
    assert unit_of(amount, unit) == said


@pytest.mark.parametrize("bad", [0.5, 2.0, True, "2"])
def test_amounts_refuse_floats_and_other_non_numbers(bad):
    with pytest.raises(TypeError):
        amount_in_words(bad, "chips")
    with pytest.raises(TypeError):
        number_in_words(bad)


def test_amounts_never_pass_through_a_float():
    for rules in PRESETS.values():
        for tiny in ["0.01", "0.07", "0.29", "999999.99"]:
            sentences = rule_sentences(rules.with_changes({"stake": Decimal(tiny)}))
            text = " ".join(s for _, _, s in sentences)
            assert not re.search(r"\d\.\d{3,}|e-\d", text), text


@pytest.mark.parametrize("module", ["tonk/wording.py", "words.py", "deal.py"])
def test_no_float_in_the_source(module):
    tree = ast.parse((Path(__file__).parents[2] / "referee" / "rules" / module).read_text())
    for node in ast.walk(tree):
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float))
        assert not (isinstance(node, ast.Name) and node.id == "float")
