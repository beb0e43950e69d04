"""Joker mode at the referee (tongits.md 6.6), word for word: a joker counts
`joker_points`, stands for one card a meld needs (the ruling names it), may be laid off on
any meld it can extend, and is refused as a card where the table plays without jokers."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import Refusal
from referee.rules.deal import Card
from referee.rules.runs import JOKER, card_of
from referee.rules.tongits import PRESETS, TongitsRules
from referee.rules.tongits.rulings import Ruling, count_hand, rule_on_meld, rule_on_sapaw

NO_JOKERS = TongitsRules()
JOKERS = PRESETS["joker"]  # jokers 2, joker_bonus 1 (6.10)
JOKERS_ACE_HIGH = JOKERS.with_changes({"ace_low_only": False})
THREE_POINTS = JOKERS.with_changes({"joker_points": 3})

SECRET = "Secret (a four of a kind laid down all at once or kept in hand)"
ESCALERA = "Escalera (a straight flush of four cards or more)"
ACE_LOW = "the ace is only low in runs here (A-2-3), never Q-K-A (house rule “Ace low only”)."


def cards(text: str) -> list[Card]:
    return [card_of(card) for card in text.split()]


@pytest.mark.parametrize("typed", ["Joker", "JOKER", "joker", "JK", "jk", " Jk "])
def test_a_joker_is_typed_joker_or_jk_in_any_case_and_shown_joker(typed):
    assert card_of(typed) == JOKER
    assert str(card_of(typed)) == "Joker"


# 1. Counting


@pytest.mark.parametrize(
    ("rules", "hand", "total", "words"),
    [
        (
            JOKERS,
            "K♠ Joker 3♥",
            13,
            "13 points: K♠ 10 + Joker 0 + 3♥ 3 (house rule “A joker in hand counts”).",
        ),
        (
            THREE_POINTS,
            "K♠ Joker 3♥",
            16,
            "16 points: K♠ 10 + Joker 3 + 3♥ 3 (house rule “A joker in hand counts”).",
        ),
        (
            THREE_POINTS,
            "Joker JK",
            6,
            "6 points: Joker 3 + Joker 3 (house rule “A joker in hand counts”).",
        ),
        # No joker in hand: the joker rule decides nothing, and is not cited.
        (THREE_POINTS, "K♠ 3♥", 13, "13 points: K♠ 10 + 3♥ 3."),
    ],
)
def test_a_joker_left_in_hand_counts_joker_points(rules, hand, total, words):
    assert count_hand(cards(hand), rules) == (total, words)


@pytest.mark.parametrize(
    ("rules", "total", "words"),
    [
        (
            THREE_POINTS,
            10,
            "10 points: K♠ 10; the meld 5♥ 6♥ Joker kept in hand counts nothing (house rule "
            "“Melds in hand count”).",
        ),
        (
            THREE_POINTS.with_changes({"hand_melds_count": True}),
            24,
            "24 points: K♠ 10; the meld 5♥ 6♥ Joker kept in hand counts 14 (house rules “Melds "
            "in hand count” and “A joker in hand counts”).",
        ),
    ],
)
def test_a_joker_in_a_meld_kept_in_hand_counts_only_with_hand_melds_count(rules, total, words):
    assert count_hand(cards("K♠"), rules, melds_in_hand=[cards("5♥ 6♥ Joker")]) == (total, words)


# 2. Melds


@pytest.mark.parametrize(
    ("shown", "rules", "ruling"),
    [
        (
            "7♥ 7♠ Joker",
            JOKERS,
            Ruling(
                True,
                "7♥ 7♠ Joker is a meld (bahay): 3 of a kind; the joker stands for the 7♦ or the "
                "7♣.",
            ),
        ),
        # Four of a kind holding a joker is an ordinary meld, never a Secret.
        (
            "7♥ 7♠ 7♦ Joker",
            JOKERS,
            Ruling(
                True,
                "7♥ 7♠ 7♦ Joker is a meld (bahay): 4 of a kind with a joker, an ordinary meld, "
                f"not a {SECRET}; the joker stands for the 7♣.",
            ),
        ),
        (
            "7♥ Joker 7♠ Joker",
            JOKERS,
            Ruling(
                True,
                "7♥ Joker 7♠ Joker is a meld (bahay): 4 of a kind with 2 jokers, an ordinary "
                f"meld, not a {SECRET}; the jokers stand for the 7♦ and the 7♣.",
            ),
        ),
        (
            "5♥ Joker 7♥",
            JOKERS,
            Ruling(
                True,
                "5♥ Joker 7♥ is a meld (bahay): a run of 3 in a row of one suit; the joker "
                "stands for the 6♥.",
            ),
        ),
        # A joker left over goes at the high end; the low end is said too.
        (
            "5♥ 6♥ Joker",
            JOKERS,
            Ruling(
                True,
                "5♥ 6♥ Joker is a meld (bahay): a run of 3 in a row of one suit; the joker "
                "stands for the 7♥ (or, laid at the low end, for the 4♥).",
            ),
        ),
        (
            "Joker J♥ Q♥ K♥",
            JOKERS,
            Ruling(
                True,
                "Joker J♥ Q♥ K♥ is a meld (bahay): a run of 4 in a row of one suit, an "
                f"{ESCALERA}; the joker stands for the 10♥.",
                "Escalera",
            ),
        ),
        # Four cards or more in a row are an Escalera, jokers included.
        (
            "9♣ Joker J♣ Joker",
            JOKERS,
            Ruling(
                True,
                "9♣ Joker J♣ Joker is a meld (bahay): a run of 4 in a row of one suit, an "
                f"{ESCALERA}; the jokers stand for the 10♣ and the Q♣ (or, laid at the low end, "
                "for the 8♣ and the 10♣).",
                "Escalera",
            ),
        ),
        # Where the ace may be high, the joker still takes a reading that needs no such ace.
        (
            "Q♥ K♥ Joker",
            JOKERS_ACE_HIGH,
            Ruling(
                True,
                "Q♥ K♥ Joker is a meld (bahay): a run of 3 in a row of one suit; the joker "
                "stands for the J♥.",
            ),
        ),
        (
            "K♥ A♥ Joker",
            JOKERS,
            Ruling(False, f"K♥ A♥ Joker is not a meld: {ACE_LOW}", options=("ace_low_only",)),
        ),
        (
            "K♥ A♥ Joker",
            JOKERS_ACE_HIGH,
            Ruling(
                True,
                "K♥ A♥ Joker is a meld (bahay): a run of 3 in a row of one suit; the ace is high "
                "here, after the King; the joker stands for the Q♥ (house rule “Ace low only”).",
                options=("ace_low_only",),
            ),
        ),
        (
            "K♥ 2♥ Joker",
            JOKERS_ACE_HIGH,
            Ruling(
                False,
                "K♥ 2♥ Joker is not a meld: it goes round the corner (K-A-2), which is never a "
                "run.",
            ),
        ),
        (
            "7♥ Joker Joker",
            JOKERS,
            Ruling(
                False,
                "7♥ Joker Joker is not a meld: a meld holds at least 2 cards that are not jokers.",
            ),
        ),
        (
            "7♥ 7♠ 7♦ 7♣ Joker",
            JOKERS,
            Ruling(
                False,
                "7♥ 7♠ 7♦ 7♣ Joker is not a meld: a kind holds at most 4 cards, one of each suit.",
            ),
        ),
        (
            "5♥ 9♥ Joker",
            JOKERS,
            Ruling(
                False, "5♥ 9♥ Joker is not a meld: the cards are not in a row, even with the joker."
            ),
        ),
        (
            "5♥ 6♠ Joker",
            JOKERS,
            Ruling(
                False,
                "5♥ 6♠ Joker is not a meld: three or four of a kind need one rank, a run one suit.",
            ),
        ),
    ],
)
def test_each_meld_with_a_joker_names_the_card_it_stands_for(shown, rules, ruling):
    assert rule_on_meld(cards(shown), rules) == ruling


# 3. Laying off (sapaw)


@pytest.mark.parametrize(
    ("meld", "card", "rules", "own", "ruling"),
    [
        (
            "5♥ 6♥ 7♥",
            "Joker",
            JOKERS,
            False,
            Ruling(
                True,
                "Joker may be laid off (sapaw) on 5♥ 6♥ 7♥: it makes the run 5♥ 6♥ 7♥ Joker; the "
                "joker stands for the 8♥ (or, laid at the low end, for the 4♥).",
            ),
        ),
        (
            "J♥ Q♥ K♥",
            "Joker",
            JOKERS,
            False,
            Ruling(
                True,
                "Joker may be laid off (sapaw) on J♥ Q♥ K♥: it makes the run Joker J♥ Q♥ K♥; the "
                "joker stands for the 10♥.",
            ),
        ),
        # A fourth card with a joker is no Sagasa either: an ordinary meld.
        (
            "7♠ 7♥ 7♦",
            "Joker",
            JOKERS,
            True,
            Ruling(
                True,
                "Joker may be added to your 7♠ 7♥ 7♦: it makes four of a kind with a joker, an "
                "ordinary meld; the joker stands for the 7♣.",
            ),
        ),
        (
            "7♠ 7♥ Joker",
            "7♦",
            JOKERS,
            False,
            Ruling(
                True,
                "7♦ may be laid off (sapaw) on 7♠ 7♥ Joker: it makes four of a kind with a joker, "
                "an ordinary meld; the joker stands for the 7♣.",
            ),
        ),
        (
            "7♠ 7♥ 7♦ Joker",
            "7♣",
            JOKERS,
            False,
            Ruling(
                False, "7♣ may not be laid off on 7♠ 7♥ 7♦ Joker: it already holds four of a kind."
            ),
        ),
        # The joker is read afresh: it moves up to let the 7♥ in.
        (
            "5♥ 6♥ Joker",
            "7♥",
            JOKERS,
            False,
            Ruling(
                True,
                "7♥ may be laid off (sapaw) on 5♥ 6♥ Joker: it makes the run 5♥ 6♥ 7♥ Joker; the "
                "joker stands for the 8♥ (or, laid at the low end, for the 4♥).",
            ),
        ),
        (
            "5♥ 6♥ Joker",
            "Joker",
            JOKERS,
            True,
            Ruling(
                True,
                "Joker may be added to your 5♥ 6♥ Joker: it makes the run 5♥ 6♥ Joker Joker; the "
                "jokers stand for the 7♥ and the 8♥ (or, laid at the low end, for the 3♥ and the "
                "4♥).",
            ),
        ),
        (
            "5♥ 6♥ Joker",
            "9♥",
            JOKERS,
            False,
            Ruling(
                False,
                "9♥ may not be laid off on 5♥ 6♥ Joker: with a joker in it, this run takes only "
                "3♥, 4♥, 7♥ and 8♥.",
            ),
        ),
        (
            "5♥ 6♥ Joker",
            "6♠",
            JOKERS,
            False,
            Ruling(False, "6♠ may not be laid off on 5♥ 6♥ Joker: that run takes only ♥."),
        ),
        (
            "Q♥ K♥ Joker",
            "A♥",
            JOKERS,
            False,
            Ruling(
                False,
                f"A♥ may not be laid off on Q♥ K♥ Joker: {ACE_LOW}",
                options=("ace_low_only",),
            ),
        ),
        (
            "Q♥ K♥ Joker",
            "A♥",
            JOKERS_ACE_HIGH,
            False,
            Ruling(
                True,
                "A♥ may be laid off (sapaw) on Q♥ K♥ Joker: it makes the run Joker Q♥ K♥ A♥; the "
                "ace is high here, after the King; the joker stands for the J♥ (house rule “Ace "
                "low only”).",
                options=("ace_low_only",),
            ),
        ),
        (
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥",
            "Joker",
            JOKERS,
            False,
            Ruling(
                False,
                "Joker may not be laid off on A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥: the run "
                "already holds a card of every rank.",
            ),
        ),
    ],
)
def test_each_sapaw_with_a_joker_names_the_card_it_stands_for(meld, card, rules, own, ruling):
    assert rule_on_sapaw(cards(meld), card_of(card), rules, own_meld=own) == ruling


def test_a_card_laid_on_a_run_of_the_ace_high_cites_the_ace_rule_that_lets_it_on():
    """Q♠ K♠ A♠ is a meld only where the ace may be high, so the J♠ laid on it is too."""
    ruling = rule_on_sapaw(cards("Q♠ K♠ A♠"), card_of("J♠"), JOKERS_ACE_HIGH)
    assert ruling == Ruling(
        True,
        "J♠ may be laid off (sapaw) on Q♠ K♠ A♠: it makes the run J♠ Q♠ K♠ A♠; the ace is high "
        "here, after the King (house rule “Ace low only”).",
        options=("ace_low_only",),
    )


# Refused: a joker without Joker mode, a third joker.

WITHOUT = "a joker is not a card here: this table does not play Joker mode (house rule “Jokers”)"


@pytest.mark.parametrize(
    ("call", "message", "field"),
    [
        (lambda: count_hand(cards("K♠ Joker"), NO_JOKERS), f"cards: {WITHOUT}", "cards"),
        (lambda: rule_on_meld(cards("5♥ 6♥ JK"), NO_JOKERS), f"cards: {WITHOUT}", "cards"),
        (
            lambda: rule_on_sapaw(cards("5♥ 6♥ 7♥"), card_of("Joker"), NO_JOKERS),
            f"card: {WITHOUT}",
            "card",
        ),
        (
            lambda: rule_on_sapaw(cards("5♥ 6♥ Joker"), card_of("7♥"), NO_JOKERS),
            f"meld: {WITHOUT}",
            "meld",
        ),
        (
            lambda: count_hand(cards("K♠"), NO_JOKERS, melds_in_hand=[cards("5♥ 6♥ Joker")]),
            f"cards: {WITHOUT}",
            "cards",
        ),
        (
            lambda: rule_on_meld(cards("Joker 5♥ Joker 6♥ Joker"), JOKERS),
            "cards: 3 jokers, and the deck has only 2 (house rule “Jokers”)",
            "cards",
        ),
        (
            lambda: rule_on_sapaw(cards("5♥ 6♥ Joker Joker"), card_of("Joker"), JOKERS),
            "card: 3 jokers, and the deck has only 2 (house rule “Jokers”)",
            "card",
        ),
        (
            lambda: count_hand(cards("Joker 2♠ JK"), JOKERS, melds_in_hand=[cards("5♥ 6♥ Joker")]),
            "cards: 3 jokers, and the deck has only 2 (house rule “Jokers”)",
            "cards",
        ),
    ],
)
def test_a_joker_is_refused_without_joker_mode_and_a_third_one_always(call, message, field):
    with pytest.raises(Refusal) as refused:
        call()
    assert (refused.value.message, refused.value.field, refused.value.player) == (
        message,
        field,
        None,
    )


# Properties: with jokers in the deck, a sapaw is exactly a meld grown by its card, and the
# ace rule is cited exactly where its other value would change the answer.

DECK = [Card(rank, suit) for rank in ("10", "J", "Q", "K", "A", "2", "3") for suit in "♠♥"]
WITH_JOKERS = st.lists(st.sampled_from([*DECK, JOKER]), min_size=1, max_size=5).filter(
    lambda picked: all(picked.count(c) == 1 for c in picked if c != JOKER)
)
OTHER_ACE = {JOKERS: JOKERS_ACE_HIGH, JOKERS_ACE_HIGH: JOKERS}


@given(WITH_JOKERS.filter(lambda m: m.count(JOKER) <= 1), st.sampled_from([*DECK, JOKER]))
def test_a_sapaw_is_allowed_exactly_when_the_meld_grown_by_it_is_a_meld(meld, extra):
    sapaw = rule_on_sapaw(meld, extra, JOKERS)
    fresh = extra == JOKER or extra not in meld
    grown = fresh and rule_on_meld(meld, JOKERS).yes
    assert sapaw.yes is (grown and rule_on_meld([*meld, extra], JOKERS).yes)


@given(
    WITH_JOKERS.filter(lambda m: m.count(JOKER) <= 2 and len(m) >= 3),
    st.sampled_from([JOKERS, JOKERS_ACE_HIGH]),
)
def test_a_meld_with_jokers_cites_the_ace_rule_only_where_it_decides(meld, rules):
    ruling = rule_on_meld(meld, rules)
    decides = ruling.yes is not rule_on_meld(meld, OTHER_ACE[rules]).yes
    assert ruling.options == (("ace_low_only",) if decides else ())


@given(
    WITH_JOKERS.filter(lambda m: m.count(JOKER) <= 1 and len(m) >= 3),
    st.sampled_from([*DECK, JOKER]),
    st.sampled_from([JOKERS, JOKERS_ACE_HIGH]),
)
def test_a_sapaw_with_jokers_cites_the_ace_rule_only_where_it_decides(meld, card, rules):
    ruling = rule_on_sapaw(meld, card, rules)
    decides = ruling.yes is not rule_on_sapaw(meld, card, OTHER_ACE[rules]).yes
    assert ("ace_low_only" in ruling.options) is decides
