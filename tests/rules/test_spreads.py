"""Rulings on cards, for every value of the options they depend on (deck, ace, hand size)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import Refusal
from referee.rules.cards import ranks
from referee.rules.deal import Card
from referee.rules.runs import card_of
from referee.rules.tonk import HouseRules
from referee.rules.tonk.spreads import Ruling, count_hand, rule_on_hit, rule_on_spread

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


# Counting, for every value of the options it reads: hand_size, deck, deal_tonks,
# scoring, stake and unit.

DECK_52 = [f"{rank}{suit}" for rank in ranks("52") for suit in "♠♥♦♣"]
FACES = {"A": 1, "J": 10, "Q": 10, "K": 10}  # number cards count their number


@pytest.mark.parametrize("size", [3, 5, 7, 12])
def test_a_hand_holds_its_deal_and_one_card_drawn(size):
    rules = HouseRules.from_json({"hand_size": size})
    held = [card_of(text) for text in DECK_52[: size + 1]]
    total, _ = count_hand(held, rules)
    assert total == sum(FACES.get(c.rank) or int(c.rank) for c in held)
    with pytest.raises(Refusal, match=f"{size + 2} cards are more than a hand holds here "):
        count_hand([*held, card_of(DECK_52[size + 1])], rules)


@pytest.mark.parametrize("deck", ["52", "40"])
def test_face_cards_count_ten_and_aces_one_in_either_deck(deck):
    rules = HouseRules.from_json({"deck": deck})
    assert count_hand(cards("K♠ Q♥ J♦ A♣ 7♠"), rules)[0] == 38


@pytest.mark.parametrize(
    ("changes", "hand", "says"),
    [
        ({}, "K♠ Q♥ J♦ 10♣ 10♠", "everyone pays you 2 chips"),
        ({"deal_tonks": []}, "K♠ Q♥ J♦ 10♣ 10♠", None),
        ({"deal_tonks": [{"min": 0, "max": 10, "pays": 3}]}, "A♠ A♥ 2♦ 2♣ 3♠", "pays you 3 chips"),
        ({"stake": "0.50", "unit": "$"}, "K♠ Q♥ J♦ 10♣ 10♠", "everyone pays you 1 $"),
        (
            {"scoring": "points"},
            "K♠ Q♥ J♦ 10♣ 10♠",
            "tonk on the deal (house rule “Tonk on the deal”)",
        ),
    ],
)
def test_a_dealt_tonk_reads_the_bands_the_stake_and_the_scoring(changes, hand, says):
    if "stake" in changes:
        changes = {**changes, "stake": Decimal(changes["stake"])}
    _, words = count_hand(cards(hand), HouseRules.from_json(changes))
    if says is None:
        assert "tonk" not in words
    else:
        assert says in words
        assert "pays" in words or changes.get("scoring") == "points"


runs = st.builds(
    lambda rules, start, length, suit: (rules, start, length, suit),
    st.sampled_from([CLASSIC, ACE_HIGH, FORTY, FORTY_ACE_HIGH]),
    st.integers(0, 13),
    st.integers(3, 6),
    st.sampled_from("♠♥♦♣"),
)


@given(runs)
def test_cards_in_a_row_of_the_house_order_are_a_run_and_grow_at_either_end(run):
    rules, start, length, suit = run
    order = [*ranks(rules.deck), *(["A"] if rules.ace == "low_or_high" else [])]
    if start + length > len(order):
        return
    spread = [Card(rank, suit) for rank in order[start : start + length]]
    assert rule_on_spread(spread, rules).allowed
    for end in (start - 1, start + length):
        if 0 <= end < len(order) and Card(order[end], suit) not in spread:
            assert rule_on_hit(spread, Card(order[end], suit), rules).allowed


@given(st.sets(st.sampled_from(DECK_52), min_size=1, max_size=6), st.sampled_from(DECK_52))
def test_a_hit_is_allowed_exactly_when_the_spread_grown_by_it_is_a_spread(picked, extra):
    spread = [card_of(text) for text in sorted(picked)]
    card = card_of(extra)
    hit = rule_on_hit(spread, card, CLASSIC)
    grown = card not in spread and rule_on_spread(spread, CLASSIC).allowed
    assert hit.allowed is (grown and rule_on_spread([*spread, card], CLASSIC).allowed)


# Literal rulings, word for word: the reason is what the table reads, so each branch of the
# spread and hit rulings is pinned to its exact answer.


@pytest.mark.parametrize(
    ("shown", "rules", "allowed", "reason"),
    [
        ("Q♠ Q♥ Q♦", CLASSIC, True, "Q♠ Q♥ Q♦ is a book: 3 of a kind."),
        ("8♥ 9♥ 10♥ J♥", CLASSIC, True, "8♥ 9♥ 10♥ J♥ is a run: 4 in a row of one suit."),
        ("Q♠ Q♥", CLASSIC, False, "Q♠ Q♥: a spread needs at least 3 cards."),
        (
            "2♠ 3♥ 4♠",
            CLASSIC,
            False,
            "2♠ 3♥ 4♠ is not a spread here: a book needs one rank, a run one suit.",
        ),
        (
            "K♣ A♣ 2♣",
            ACE_HIGH,
            False,
            "K♣ A♣ 2♣ is not a spread here: it goes round the corner (K-A-2), which is never"
            " a run.",
        ),
        (
            "Q♣ K♣ A♣",
            CLASSIC,
            False,
            "Q♣ K♣ A♣ is not a spread here: the ace is low at this table: it goes next to the 2,"
            " not the King (house rule “Ace in runs”).",
        ),
        # An ace without the King is no question of the ace rule: just not in a row.
        ("A♠ 5♠ 9♠", CLASSIC, False, "A♠ 5♠ 9♠ is not a spread here: the cards are not in a row."),
        # The 40-card reason is only for a 40-card deck, and only when a 7 or a Jack is there.
        ("2♠ 4♠ 7♠", CLASSIC, False, "2♠ 4♠ 7♠ is not a spread here: the cards are not in a row."),
        ("2♠ 4♠ 5♠", FORTY, False, "2♠ 4♠ 5♠ is not a spread here: the cards are not in a row."),
        (
            "3♥ 5♥ 7♥",
            FORTY,
            False,
            "3♥ 5♥ 7♥ is not a spread here: the cards are not in a row (in a 40-card deck the 7"
            " is next to the Jack).",
        ),
        (
            "2♦ 4♦ J♦",
            FORTY,
            False,
            "2♦ 4♦ J♦ is not a spread here: the cards are not in a row (in a 40-card deck the 7"
            " is next to the Jack).",
        ),
    ],
)
def test_each_spread_ruling_gives_its_reason_word_for_word(shown, rules, allowed, reason):
    assert rule_on_spread(cards(shown), rules) == Ruling(allowed, reason)


@pytest.mark.parametrize(
    ("spread", "card", "allowed", "reason"),
    [
        ("Q♠ Q♥ Q♦", "Q♣", True, "Q♣ may hit it: Q♠ Q♥ Q♦ Q♣ is a book: 4 of a kind."),
        (
            "Q♠ Q♥ Q♦",
            "K♣",
            False,
            "K♣ may not hit it: Q♠ Q♥ Q♦ K♣ is not a spread here: a book needs one rank, a run"
            " one suit.",
        ),
        # A card already in the spread may not hit it again, though the spread is legal.
        ("Q♠ Q♥ Q♦", "Q♥", False, "Q♥ is already in that spread."),
        ("4♣ 5♣ 6♣", "5♣", False, "5♣ is already in that spread."),
        (
            "2♠ 7♥ K♣",
            "3♠",
            False,
            "The spread on the table is not a spread: 2♠ 7♥ K♣ is not a spread here: a book"
            " needs one rank, a run one suit.",
        ),
    ],
)
def test_each_hit_ruling_gives_its_reason_word_for_word(spread, card, allowed, reason):
    assert rule_on_hit(cards(spread), card_of(card), CLASSIC) == Ruling(allowed, reason)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: card_of("abcdefgh"),
            "cards: 'abcdef' is not a card (rank then suit, like K♠)",
        ),
        (
            lambda: count_hand(cards("2♠ 3♠ 3♠"), CLASSIC),
            "cards: 3♠ is picked twice; a deck has one of each",
        ),
        (
            lambda: rule_on_spread(cards("8♠ 8♥ 8♦"), FORTY),
            "cards: there is no 8♠ in a 40-card deck (house rule “Deck”)",
        ),
        # A joker reads as a card (Tongits' Joker mode has them); Tonk's deck has none.
        (
            lambda: rule_on_hit(cards("5♥ 6♥ 7♥"), card_of("JK"), CLASSIC),
            "cards: there is no Joker in a 52-card deck (house rule “Deck”)",
        ),
        (
            lambda: count_hand(cards("A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦"), CLASSIC),
            "cards: 7 cards are more than a hand holds here (5 dealt, one more after drawing;"
            " house rule “Cards dealt”)",
        ),
    ],
)
def test_cards_that_cannot_be_are_refused_on_the_cards_field(call, message):
    with pytest.raises(Refusal) as refused:
        call()
    assert (refused.value.message, refused.value.field, refused.value.player) == (
        message,
        "cards",
        None,
    )
