"""Rulings on cards, for every value of the options they depend on (deck, ace, hand size)."""

import pytest

from referee.rules import HouseRules, Refusal
from referee.rules.spreads import card_of, count_hand, rule_on_hit, rule_on_spread

CLASSIC = HouseRules()
ACE_HIGH = HouseRules.from_json({"ace": "low_or_high"})
FORTY = HouseRules.from_json({"deck": "40"})
FORTY_ACE_HIGH = HouseRules.from_json({"deck": "40", "ace": "low_or_high"})


def cards(text: str):
    return [card_of(card) for card in text.split()]


@pytest.mark.parametrize(
    ("shown", "rules", "allowed", "because"),
    [
        ("Q♠ Q♥ Q♦", CLASSIC, True, "a book"),
        ("4♠ 4♥ 4♦ 4♣", CLASSIC, True, "a book: 4 of a kind"),
        ("A♣ 2♣ 3♣", CLASSIC, True, "a run"),
        ("8♥ 9♥ 10♥ J♥", CLASSIC, True, "a run: 4 in a row"),
        ("Q♣ K♣ A♣", CLASSIC, False, "the ace is low"),
        ("Q♣ K♣ A♣", ACE_HIGH, True, "a run"),
        ("A♣ 2♣ 3♣", ACE_HIGH, True, "a run"),
        ("K♣ A♣ 2♣", CLASSIC, False, "round the corner"),
        ("K♣ A♣ 2♣", ACE_HIGH, False, "round the corner"),
        ("6♥ 7♥ J♥", FORTY, True, "a run"),
        ("6♥ 7♥ J♥", CLASSIC, False, "not in a row"),
        ("5♥ 6♥ J♥", FORTY, False, "7 is next to the Jack"),
        ("Q♦ K♦ A♦", FORTY_ACE_HIGH, True, "a run"),
        ("Q♦ K♦ A♦", FORTY, False, "the ace is low"),
        ("2♠ 3♥ 4♠", CLASSIC, False, "a run one suit"),
        ("Q♠ Q♥", CLASSIC, False, "at least 3 cards"),
        ("2♠ 4♠ 5♠", CLASSIC, False, "not in a row"),
    ],
)
def test_a_spread_is_ruled_by_the_house_deck_and_ace(shown, rules, allowed, because):
    ruling = rule_on_spread(cards(shown), rules)
    assert ruling.allowed is allowed
    assert because in ruling.reason


def test_a_forty_card_deck_has_no_8_9_or_10():
    with pytest.raises(Refusal, match="no 8♥ in a 40-card deck"):
        rule_on_spread(cards("8♥ 9♥ 10♥"), FORTY)


@pytest.mark.parametrize(
    ("spread", "card", "rules", "allowed"),
    [
        ("Q♠ Q♥ Q♦", "Q♣", CLASSIC, True),
        ("Q♠ Q♥ Q♦", "K♣", CLASSIC, False),
        ("J♠ Q♠ K♠", "10♠", CLASSIC, True),
        ("J♠ Q♠ K♠", "A♠", CLASSIC, False),
        ("J♠ Q♠ K♠", "A♠", ACE_HIGH, True),
        ("A♠ 2♠ 3♠", "K♠", ACE_HIGH, False),  # never round the corner
        ("5♦ 6♦ 7♦", "J♦", FORTY, True),
        ("5♦ 6♦ 7♦", "8♦", CLASSIC, True),
        ("5♦ 6♦ 7♦", "J♦", CLASSIC, False),
        ("5♦ 6♦ 7♦", "9♦", CLASSIC, False),
    ],
)
def test_a_hit_must_leave_a_spread(spread, card, rules, allowed):
    ruling = rule_on_hit(cards(spread), card_of(card), rules)
    assert ruling.allowed is allowed and card in ruling.reason


def test_a_hit_on_something_that_is_no_spread_is_refused():
    assert not rule_on_hit(cards("2♠ 7♥ K♣"), card_of("3♠"), CLASSIC).allowed


def test_counting_a_dealt_hand_says_when_it_is_a_tonk():
    total, words = count_hand(cards("K♠ Q♥ J♦ 10♣ 9♠"), CLASSIC)
    assert total == 49 and "tonk on the deal: everyone pays you 2 chips" in words


def test_counting_a_hand_that_is_no_tonk_just_gives_the_points():
    assert count_hand(cards("A♠ 2♥ 3♦"), CLASSIC) == (6, "6 points.")


def test_a_tonk_depends_on_the_hand_size():
    seven = HouseRules.from_json({"hand_size": 7})
    assert "tonk" not in count_hand(cards("K♠ Q♥ J♦ 10♣ 9♠"), seven)[1]


def test_a_card_cannot_be_counted_twice():
    with pytest.raises(Refusal, match="K♠ is picked twice"):
        count_hand(cards("K♠ K♠ 2♥"), CLASSIC)


def test_more_cards_than_a_hand_holds_are_refused():
    with pytest.raises(Refusal, match="more than a hand holds"):
        count_hand(cards("A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦"), CLASSIC)


@pytest.mark.parametrize("text", ["1♠", "K", "KX", "11♥", ""])
def test_what_is_not_a_card_is_refused(text):
    with pytest.raises(Refusal, match="not a card"):
        card_of(text)
