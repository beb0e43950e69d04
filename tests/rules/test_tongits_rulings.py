"""Tongits rulings, word for word: the reason is what the table reads, so every yes and no
is pinned to its exact answer, for each value of the options it reads (tongits.md)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import Refusal
from referee.rules.cards import RANKS_52
from referee.rules.deal import Card
from referee.rules.runs import card_of
from referee.rules.tongits import TongitsRules
from referee.rules.tongits.rulings import (
    Ruling,
    count_hand,
    is_burned,
    may_call_draw,
    may_fight,
    rule_on_meld,
    rule_on_sapaw,
)

TONGITS = TongitsRules()
ACE_HIGH = TongitsRules.from_json({"ace_low_only": False})
SAPAW_FREE = TongitsRules.from_json({"sapaw_blocks_draw": False})
MELDS_COUNT = TongitsRules.from_json({"hand_melds_count": True})
ONE_THREE_FIVE = TongitsRules.from_json({"fold_pays": 3, "fight_pays": 5, "unit": "₱"})

SECRET = "Secret (a four of a kind laid down all at once or kept in hand)"
ESCALERA = "Escalera (a straight flush of four cards or more)"
SAGASA = "Sagasa (a four of a kind made by adding the fourth card to one's own three of a kind)"
BURNED = "burned (sunog: no exposed meld and no Secret when the game ends)"
CONCEALED = "concealed (no exposed meld, but a Secret in hand)"
ACE_LOW = "the ace is only low in runs here (A-2-3), never Q-K-A (house rule “Ace low only”)."
ACE_HIGH_HERE = "the ace is high here, after the King (house rule “Ace low only”)."


def cards(text: str) -> list[Card]:
    return [card_of(card) for card in text.split()]


# 1. Counting


@pytest.mark.parametrize(
    ("hand", "total", "words"),
    [
        ("K♠ 7♥ A♦", 18, "18 points: K♠ 10 + 7♥ 7 + A♦ 1."),
        ("Q♣ J♦ 10♥ 2♠", 32, "32 points: Q♣ 10 + J♦ 10 + 10♥ 10 + 2♠ 2."),
        ("", 0, "0 points: no cards left to count."),
    ],
)
def test_a_hand_counts_ace_one_faces_and_pictures_ten(hand, total, words):
    assert count_hand(cards(hand), TONGITS) == (total, words)


@pytest.mark.parametrize(
    ("rules", "total", "words"),
    [
        (
            TONGITS,
            10,
            "10 points: K♠ 10; the meld 3♠ 3♥ 3♦ kept in hand counts nothing (house rule"
            " “Melds in hand count”).",
        ),
        (
            MELDS_COUNT,
            19,
            "19 points: K♠ 10; the meld 3♠ 3♥ 3♦ kept in hand counts 9 (house rule"
            " “Melds in hand count”).",
        ),
    ],
)
def test_melds_kept_in_hand_count_only_with_hand_melds_count(rules, total, words):
    counted = count_hand(cards("K♠"), rules, melds_in_hand=[cards("3♠ 3♥ 3♦")])
    assert counted == (total, words)


def test_a_dealers_thirteen_cards_can_be_counted():
    hand = cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    assert count_hand(hand, TONGITS)[0] == 85


# 2. Melds


@pytest.mark.parametrize(
    ("shown", "rules", "ruling"),
    [
        ("Q♠ Q♥ Q♦", TONGITS, Ruling(True, "Q♠ Q♥ Q♦ is a meld (bahay): 3 of a kind.")),
        (
            "J♣ J♦ J♠ J♥",
            TONGITS,
            Ruling(True, f"J♣ J♦ J♠ J♥ is a meld (bahay): 4 of a kind, a {SECRET}.", "Secret"),
        ),
        (
            "3♠ 4♠ 5♠",
            TONGITS,
            Ruling(True, "3♠ 4♠ 5♠ is a meld (bahay): a run of 3 in a row of one suit."),
        ),
        # Order on the table does not matter; suits do.
        (
            "5♠ 3♠ 4♠",
            TONGITS,
            Ruling(True, "5♠ 3♠ 4♠ is a meld (bahay): a run of 3 in a row of one suit."),
        ),
        (
            "8♦ 9♦ 10♦ J♦ Q♦",
            TONGITS,
            Ruling(
                True,
                "8♦ 9♦ 10♦ J♦ Q♦ is a meld (bahay): a run of 5 in a row of one suit, an"
                f" {ESCALERA}.",
                "Escalera",
            ),
        ),
        (
            "A♥ 2♥ 3♥ 4♥",
            TONGITS,
            Ruling(
                True,
                f"A♥ 2♥ 3♥ 4♥ is a meld (bahay): a run of 4 in a row of one suit, an {ESCALERA}.",
                "Escalera",
            ),
        ),
        (
            "A♠ 2♠ 3♠",
            ACE_HIGH,
            Ruling(True, "A♠ 2♠ 3♠ is a meld (bahay): a run of 3 in a row of one suit."),
        ),
        (
            "Q♣ K♣ A♣",
            TONGITS,
            Ruling(False, f"Q♣ K♣ A♣ is not a meld: {ACE_LOW}", options=("ace_low_only",)),
        ),
        (
            "Q♣ K♣ A♣",
            ACE_HIGH,
            Ruling(
                True,
                f"Q♣ K♣ A♣ is a meld (bahay): a run of 3 in a row of one suit; {ACE_HIGH_HERE}",
                options=("ace_low_only",),
            ),
        ),
        (
            "J♣ Q♣ K♣ A♣",
            ACE_HIGH,
            Ruling(
                True,
                f"J♣ Q♣ K♣ A♣ is a meld (bahay): a run of 4 in a row of one suit, an {ESCALERA};"
                f" {ACE_HIGH_HERE}",
                "Escalera",
                ("ace_low_only",),
            ),
        ),
        (
            "K♣ A♣ 2♣",
            TONGITS,
            Ruling(
                False,
                "K♣ A♣ 2♣ is not a meld: it goes round the corner (K-A-2), which is never a run.",
            ),
        ),
        (
            "K♣ A♣ 2♣",
            ACE_HIGH,
            Ruling(
                False,
                "K♣ A♣ 2♣ is not a meld: it goes round the corner (K-A-2), which is never a run.",
            ),
        ),
        (
            "2♠ 3♥ 4♠",
            TONGITS,
            Ruling(
                False,
                "2♠ 3♥ 4♠ is not a meld: three or four of a kind need one rank, a run one suit.",
            ),
        ),
        (
            "7♣ 7♦ 8♣",
            TONGITS,
            Ruling(
                False,
                "7♣ 7♦ 8♣ is not a meld: three or four of a kind need one rank, a run one suit.",
            ),
        ),
        ("2♠ 4♠ 5♠", TONGITS, Ruling(False, "2♠ 4♠ 5♠ is not a meld: the cards are not in a row.")),
        # The ace rule, or the corner, decides only cards that they alone keep from a run.
        (
            "10♠ K♠ A♠",
            TONGITS,
            Ruling(False, "10♠ K♠ A♠ is not a meld: the cards are not in a row."),
        ),
        (
            "2♠ 9♠ K♠ A♠",
            ACE_HIGH,
            Ruling(False, "2♠ 9♠ K♠ A♠ is not a meld: the cards are not in a row."),
        ),
        (
            "Q♠ K♠ A♠ 2♠",
            ACE_HIGH,
            Ruling(
                False,
                "Q♠ K♠ A♠ 2♠ is not a meld: it goes round the corner (K-A-2), which is never a"
                " run.",
            ),
        ),
        # An ace with no King is no question of the ace rule: just not in a row.
        ("A♠ 5♠ 9♠", TONGITS, Ruling(False, "A♠ 5♠ 9♠ is not a meld: the cards are not in a row.")),
        ("Q♠ Q♥", TONGITS, Ruling(False, "Q♠ Q♥: a meld (bahay) needs at least 3 cards.")),
        ("", TONGITS, Ruling(False, "No cards: a meld (bahay) needs at least 3 cards.")),
    ],
)
def test_each_meld_ruling_gives_its_reason_word_for_word(shown, rules, ruling):
    assert rule_on_meld(cards(shown), rules) == ruling


# 3. Laying off (sapaw)


@pytest.mark.parametrize(
    ("meld", "card", "rules", "own", "ruling"),
    [
        (
            "Q♠ Q♥ Q♦",
            "Q♣",
            TONGITS,
            False,
            Ruling(True, "Q♣ may be laid off (sapaw) on Q♠ Q♥ Q♦: it makes four of a kind."),
        ),
        (
            "Q♠ Q♥ Q♦",
            "Q♣",
            TONGITS,
            True,
            Ruling(
                True,
                f"Q♣ may be added to your Q♠ Q♥ Q♦: it makes four of a kind, a {SAGASA}.",
                "Sagasa",
            ),
        ),
        (
            "Q♠ Q♥ Q♦",
            "K♣",
            TONGITS,
            False,
            Ruling(
                False, "K♣ may not be laid off on Q♠ Q♥ Q♦: only another Q makes it four of a kind."
            ),
        ),
        (
            "Q♠ Q♥ Q♦",
            "K♣",
            TONGITS,
            True,
            Ruling(
                False,
                "K♣ may not be laid off on your Q♠ Q♥ Q♦: only another Q makes it four of a kind.",
            ),
        ),
        # A Secret already holds the four: any other card is of another rank.
        (
            "7♣ 7♦ 7♠ 7♥",
            "8♣",
            TONGITS,
            False,
            Ruling(
                False,
                "8♣ may not be laid off on 7♣ 7♦ 7♠ 7♥: only another 7 makes it four of a kind.",
            ),
        ),
        (
            "4♠ 5♠ 6♠",
            "7♠",
            TONGITS,
            False,
            Ruling(True, "7♠ may be laid off (sapaw) on 4♠ 5♠ 6♠: it makes the run 4♠ 5♠ 6♠ 7♠."),
        ),
        (
            "6♠ 4♠ 5♠",
            "3♠",
            TONGITS,
            True,
            Ruling(True, "3♠ may be added to your 6♠ 4♠ 5♠: it makes the run 3♠ 4♠ 5♠ 6♠."),
        ),
        (
            "4♠ 5♠ 6♠",
            "9♠",
            TONGITS,
            False,
            Ruling(
                False,
                "9♠ may not be laid off on 4♠ 5♠ 6♠: a run grows only at either end, here with 3♠"
                " or 7♠.",
            ),
        ),
        (
            "4♠ 5♠ 6♠",
            "7♥",
            TONGITS,
            False,
            Ruling(False, "7♥ may not be laid off on 4♠ 5♠ 6♠: that run takes only ♠."),
        ),
        (
            "A♠ 2♠ 3♠",
            "5♠",
            TONGITS,
            False,
            Ruling(
                False,
                "5♠ may not be laid off on A♠ 2♠ 3♠: a run grows only at either end, here with 4♠.",
            ),
        ),
        (
            "J♠ Q♠ K♠",
            "A♠",
            TONGITS,
            False,
            Ruling(
                False, f"A♠ may not be laid off on J♠ Q♠ K♠: {ACE_LOW}", options=("ace_low_only",)
            ),
        ),
        (
            "J♠ Q♠ K♠",
            "A♠",
            ACE_HIGH,
            False,
            Ruling(
                True,
                "A♠ may be laid off (sapaw) on J♠ Q♠ K♠: it makes the run J♠ Q♠ K♠ A♠;"
                f" {ACE_HIGH_HERE}",
                options=("ace_low_only",),
            ),
        ),
        (
            "J♠ Q♠ K♠",
            "8♠",
            TONGITS,
            False,
            Ruling(
                False,
                "8♠ may not be laid off on J♠ Q♠ K♠: a run grows only at either end, here with"
                " 10♠.",
            ),
        ),
        (
            "J♠ Q♠ K♠",
            "8♠",
            ACE_HIGH,
            False,
            Ruling(
                False,
                "8♠ may not be laid off on J♠ Q♠ K♠: a run grows only at either end, here with 10♠"
                " or A♠.",
            ),
        ),
        (
            "Q♠ K♠ A♠",
            "10♠",
            ACE_HIGH,
            False,
            Ruling(
                False,
                "10♠ may not be laid off on Q♠ K♠ A♠: a run grows only at either end, here with"
                " J♠.",
            ),
        ),
        (
            "A♠ 2♠ 3♠",
            "K♠",
            ACE_HIGH,
            False,
            Ruling(
                False,
                "K♠ may not be laid off on A♠ 2♠ 3♠: it goes round the corner (K-A-2), which is"
                " never a run.",
            ),
        ),
        (
            "Q♠ K♠ A♠",
            "2♠",
            ACE_HIGH,
            False,
            Ruling(
                False,
                "2♠ may not be laid off on Q♠ K♠ A♠: it goes round the corner (K-A-2), which is"
                " never a run.",
            ),
        ),
        ("4♠ 5♠ 6♠", "5♠", TONGITS, False, Ruling(False, "5♠ is already in that meld.")),
        ("Q♠ Q♥ Q♦", "Q♥", TONGITS, True, Ruling(False, "Q♥ is already in that meld.")),
        (
            "2♠ 7♥ K♣",
            "3♠",
            TONGITS,
            False,
            Ruling(
                False,
                "The meld on the table is not a meld: 2♠ 7♥ K♣ is not a meld: three or four of a"
                " kind need one rank, a run one suit.",
            ),
        ),
        (
            "Q♥ K♥ A♥",
            "J♥",
            TONGITS,
            False,
            Ruling(
                False,
                "The meld on the table is not a meld: Q♥ K♥ A♥ is not a meld: the ace is only "
                "low in runs here (A-2-3), never Q-K-A (house rule “Ace low only”).",
                None,
                ("ace_low_only",),
            ),
        ),
    ],
)
def test_each_sapaw_ruling_gives_its_reason_word_for_word(meld, card, rules, own, ruling):
    assert rule_on_sapaw(cards(meld), card_of(card), rules, own_meld=own) == ruling


# 4. Calling and fighting a draw, and who is burned

SAPAW_BLOCKS = (
    "No: an opponent has laid off (sapaw) on one of your melds since your last turn, so you"
    " wait for your next turn to call a draw (house rule “Sapaw blocks a draw”)."
)
MAY_CALL = (
    "Yes, at the start of your turn before you draw: you have an exposed meld, and nobody has"
    " laid off (sapaw) on your melds since your last turn."
)
MAY_CALL_THOUGH_LAID_ON = (
    "Yes, at the start of your turn before you draw: you have an exposed meld, and being laid"
    " off (sapaw) on does not stop you calling at this table (house rule “Sapaw blocks a draw”)."
)
CONCEALED_MAY_NOT_CALL = (
    f"No: you are {CONCEALED}, so you may fight a draw but not call one: calling needs an"
    " exposed meld, and a Secret kept in hand is not enough."
)
BURNED_MAY_NOT_CALL = f"No: you are {BURNED}, and calling a draw needs an exposed meld."
NO_MELD_MAY_NOT_CALL = (
    "No: calling a draw needs at least one exposed meld (a meld laid face up in front of you)."
)


@pytest.mark.parametrize(
    ("exposed", "laid_on", "concealed", "burned", "rules", "ruling"),
    [
        (True, False, False, False, TONGITS, Ruling(True, MAY_CALL)),
        (True, False, False, False, SAPAW_FREE, Ruling(True, MAY_CALL)),
        (
            True,
            True,
            False,
            False,
            TONGITS,
            Ruling(False, SAPAW_BLOCKS, None, ("sapaw_blocks_draw",)),
        ),
        # sapaw_blocks_draw false lets the caller call.
        (
            True,
            True,
            False,
            False,
            SAPAW_FREE,
            Ruling(True, MAY_CALL_THOUGH_LAID_ON, None, ("sapaw_blocks_draw",)),
        ),
        (False, False, True, False, TONGITS, Ruling(False, CONCEALED_MAY_NOT_CALL)),
        (False, True, True, False, SAPAW_FREE, Ruling(False, CONCEALED_MAY_NOT_CALL)),
        (False, False, False, True, TONGITS, Ruling(False, BURNED_MAY_NOT_CALL)),
        (False, False, False, False, TONGITS, Ruling(False, NO_MELD_MAY_NOT_CALL)),
    ],
)
def test_who_may_call_a_draw_word_for_word(exposed, laid_on, concealed, burned, rules, ruling):
    assert may_call_draw(exposed, laid_on, concealed, burned, rules) == ruling


FIGHT_OR_FOLD = (
    "Fight or fold: folding costs 1 chip, losing the fight costs 2 chips (house rules “Folding"
    " pays” and “Losing a fight pays”)."
)
COSTS = ("fold_pays", "fight_pays")


@pytest.mark.parametrize(
    ("exposed", "concealed", "burned", "caller", "rules", "ruling"),
    [
        (
            True,
            False,
            False,
            False,
            TONGITS,
            Ruling(True, f"Yes: you have an exposed meld. {FIGHT_OR_FOLD}", None, COSTS),
        ),
        (
            False,
            True,
            False,
            False,
            TONGITS,
            Ruling(True, f"Yes: you are {CONCEALED}. {FIGHT_OR_FOLD}", None, COSTS),
        ),
        (
            True,
            False,
            False,
            False,
            ONE_THREE_FIVE,
            Ruling(
                True,
                "Yes: you have an exposed meld. Fight or fold: folding costs 3 ₱, losing the fight"
                " costs 5 ₱ (house rules “Folding pays” and “Losing a fight pays”).",
                None,
                COSTS,
            ),
        ),
        (
            False,
            False,
            True,
            False,
            TONGITS,
            Ruling(False, f"No: you are {BURNED}, so you fold automatically and cannot fight."),
        ),
        (
            False,
            False,
            False,
            False,
            TONGITS,
            Ruling(
                False,
                "No: fighting needs an exposed meld or a Secret in hand; a player with neither"
                " folds automatically.",
            ),
        ),
        (
            True,
            False,
            False,
            True,
            TONGITS,
            Ruling(False, "No: the caller does not fight their own draw."),
        ),
    ],
)
def test_who_may_fight_a_draw_word_for_word(exposed, concealed, burned, caller, rules, ruling):
    assert may_fight(exposed, concealed, burned, caller, rules) == ruling


@pytest.mark.parametrize(
    ("exposed", "secret", "ruling"),
    [
        (True, False, Ruling(False, "No: a player with an exposed meld is not burned.")),
        (True, True, Ruling(False, "No: a player with an exposed meld is not burned.")),
        (
            False,
            True,
            Ruling(
                False,
                "No: no exposed meld, but a Secret in hand, so concealed, not burned (sunog).",
            ),
        ),
        (
            False,
            False,
            Ruling(
                True,
                "Yes: no exposed meld and no Secret in hand, so burned (sunog); laying off (sapaw)"
                " on others' melds does not save a player.",
            ),
        ),
    ],
)
def test_who_is_burned_word_for_word(exposed, secret, ruling):
    assert is_burned(exposed, secret) == ruling


# Refused input: cards that cannot be, and a player who cannot be.


@pytest.mark.parametrize(
    ("call", "message", "field"),
    [
        (
            lambda: rule_on_meld([Card("1", "♠"), *cards("2♠ 3♠")], TONGITS),
            "cards: '1♠' is not a card (rank then suit, like K♠)",
            "cards",
        ),
        (
            lambda: rule_on_meld(cards("Q♠ Q♥ Q♠"), TONGITS),
            "cards: Q♠ is there twice; a deck has one of each",
            "cards",
        ),
        (
            lambda: rule_on_sapaw(cards("Q♠ Q♥ Q♠"), card_of("Q♣"), TONGITS),
            "meld: Q♠ is there twice; a deck has one of each",
            "meld",
        ),
        (
            lambda: rule_on_sapaw(cards("Q♠ Q♥ Q♦"), Card("Q", "x"), TONGITS),
            "card: 'Qx' is not a card (rank then suit, like K♠)",
            "card",
        ),
        (
            lambda: card_of("11♣", "card"),
            "card: '11♣' is not a card (rank then suit, like K♠)",
            "card",
        ),
        (
            lambda: count_hand(cards("A♠ 5♦ A♠"), TONGITS),
            "cards: A♠ is there twice; a deck has one of each",
            "cards",
        ),
        (
            lambda: count_hand(cards("3♠"), TONGITS, melds_in_hand=[cards("3♠ 3♥ 3♦")]),
            "cards: 3♠ is there twice; a deck has one of each",
            "cards",
        ),
        (
            lambda: count_hand(cards("K♠"), TONGITS, melds_in_hand=[cards("3♠ 4♥ 5♠")]),
            "melds_in_hand: 3♠ 4♥ 5♠ is not a meld: three or four of a kind need one rank, a run"
            " one suit.",
            "melds_in_hand",
        ),
        (
            lambda: count_hand(cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥"), TONGITS),
            "cards: 14 cards are more than a hand holds here (12 between turns, one more after"
            " drawing; house rule “Seats”)",
            "cards",
        ),
        (
            lambda: count_hand(
                cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"),
                TongitsRules.from_json({"seats": 4}),
                melds_in_hand=[cards("J♠ J♥ J♦")],
            ),
            "cards: 13 cards are more than a hand holds here (11 between turns, one more after"
            " drawing; house rule “Seats”)",
            "cards",
        ),
        (
            lambda: may_call_draw(True, False, False, True, TONGITS),
            "burned: a player with an exposed meld is not burned",
            "burned",
        ),
        (
            lambda: may_call_draw(True, False, True, False, TONGITS),
            "concealed: a concealed player has no exposed meld, and this one has one",
            "concealed",
        ),
        (
            lambda: may_fight(False, True, True, False, TONGITS),
            "concealed: a player is either burned or concealed (holding a Secret), not both",
            "concealed",
        ),
        (
            lambda: may_fight(False, False, True, True, TONGITS),
            "is_caller: the caller of a draw has an exposed meld (calling needs one), and this"
            " player has none",
            "is_caller",
        ),
    ],
)
def test_what_cannot_be_is_refused_naming_the_field(call, message, field):
    with pytest.raises(Refusal) as refused:
        call()
    assert (refused.value.message, refused.value.field) == (message, field)


# Properties over the whole deck.

DECK = [Card(rank, suit) for rank in RANKS_52 for suit in "♠♥♦♣"]


@given(st.sets(st.sampled_from(DECK), min_size=1, max_size=5), st.sampled_from(DECK))
def test_a_sapaw_is_allowed_exactly_when_the_meld_grown_by_it_is_a_meld(picked, extra):
    meld = sorted(picked)
    sapaw = rule_on_sapaw(meld, extra, TONGITS)
    grown = extra not in meld and rule_on_meld(meld, TONGITS).yes
    assert sapaw.yes is (grown and rule_on_meld([*meld, extra], TONGITS).yes)


@given(st.sets(st.sampled_from(DECK), max_size=13))
def test_a_hand_counts_the_sum_of_its_cards(picked):
    hand = sorted(picked)
    values = {"A": 1, "J": 10, "Q": 10, "K": 10}
    assert count_hand(hand, TONGITS)[0] == sum(values.get(c.rank) or int(c.rank) for c in hand)


# A ruling cites a house rule exactly when the other value of that rule would change the
# yes or no (as the section 5 answers do), so a table is never sent to a rule that does not
# decide their question.

OTHER_ACE = {TONGITS: ACE_HIGH, ACE_HIGH: TONGITS}
# Cards round the ace in two suits, so that most draws are melds or near ones.
NEAR_ACE = [Card(rank, suit) for rank in ("10", "J", "Q", "K", "A", "2", "3") for suit in "♠♥"]


@given(
    st.lists(st.sampled_from(NEAR_ACE), min_size=3, max_size=5, unique=True),
    st.sampled_from([TONGITS, ACE_HIGH]),
)
def test_a_meld_ruling_cites_the_ace_rule_only_where_it_decides(meld, rules):
    ruling = rule_on_meld(meld, rules)
    decides = ruling.yes is not rule_on_meld(meld, OTHER_ACE[rules]).yes
    assert ruling.options == (("ace_low_only",) if decides else ())


@given(
    st.lists(st.sampled_from(NEAR_ACE), min_size=3, max_size=5, unique=True),
    st.sampled_from(NEAR_ACE),
    st.sampled_from([TONGITS, ACE_HIGH]),
    st.booleans(),
)
def test_a_sapaw_ruling_cites_the_ace_rule_only_where_it_decides(meld, card, rules, own):
    ruling = rule_on_sapaw(meld, card, rules, own_meld=own)
    decides = ruling.yes is not rule_on_sapaw(meld, card, OTHER_ACE[rules], own_meld=own).yes
    assert ("ace_low_only" in ruling.options) is decides


def test_a_card_that_fits_no_meld_either_way_is_not_sent_to_the_ace_rule():
    """Q♠ K♠ A♠ is no meld where the ace is only low; where it is high, 2♥ still does not
    go on it: the ace rule decides nothing about this card, so it is not cited (the
    reason still says why the meld is none)."""
    meld = [card_of(c) for c in ("Q♠", "K♠", "A♠")]
    ruling = rule_on_sapaw(meld, card_of("2♥"), TONGITS)
    assert (ruling.yes, ruling.options) == (False, ())
    assert ruling.reason == (
        "The meld on the table is not a meld: Q♠ K♠ A♠ is not a meld: the ace is only low in "
        "runs here (A-2-3), never Q-K-A (house rule “Ace low only”)."
    )
    fits = rule_on_sapaw(meld, card_of("J♠"), TONGITS)  # J♠ would go on it, ace high
    assert (fits.yes, fits.options) == (False, ("ace_low_only",))


STANDINGS = [
    (True, False, False),
    (False, True, False),
    (False, False, True),
    (False, False, False),
]


@pytest.mark.parametrize(("exposed", "concealed", "burned"), STANDINGS)
@pytest.mark.parametrize("laid_on", [False, True])
@pytest.mark.parametrize("rules", [TONGITS, SAPAW_FREE])
def test_a_draw_ruling_cites_sapaw_blocks_draw_only_where_it_decides(
    exposed, concealed, burned, laid_on, rules
):
    other = SAPAW_FREE if rules is TONGITS else TONGITS
    ruling = may_call_draw(exposed, laid_on, concealed, burned, rules)
    decides = ruling.yes is not may_call_draw(exposed, laid_on, concealed, burned, other).yes
    assert ruling.options == (("sapaw_blocks_draw",) if decides else ())
    # Only a player with an exposed meld ever may call.
    assert not ruling.yes or exposed


@pytest.mark.parametrize(("exposed", "concealed", "burned"), STANDINGS)
def test_who_may_fight_is_who_is_not_burned_at_the_end(exposed, concealed, burned):
    """A fighter is exactly a player is_burned says is not burned, holding a Secret or not."""
    fights = may_fight(exposed, concealed, burned, False, TONGITS).yes
    assert fights is (exposed or concealed)
    assert fights is not is_burned(exposed, concealed).yes
