"""2.8: the totals of one hand must be possible together, from one deck. Refusals are
asserted word for word; the properties deal real cards by brute force, independently of the
search in referee.rules.tonk.one_deck."""

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import Refusal
from referee.rules.cards import dealt_totals, held_totals, value_copies
from referee.rules.tonk import one_deck
from referee.rules.tonk.one_deck import Claim, check_one_deck
from tests.helpers import settled

SIX = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]


def refusal(outcome, rules=None, players=SIX):
    with pytest.raises(Refusal) as refused:
        settled(outcome, rules, list(players))
    return refused.value


def test_six_dealt_fifties_need_thirty_tens_and_the_deck_has_sixteen():
    error = refusal({"kind": "deal_tonk", "totals": dict.fromkeys(SIX, 50)})
    assert error.message == (
        "totals: Anna's 50, Ben's 50, Carla's 50, Dan's 50, Eve's 50 and Finn's 50 cannot all "
        "be held at once: these totals need 30 cards worth 10; a 52-card deck has 16"
    )
    assert (error.field, error.player) == ("totals", None)


def test_four_dealt_fifties_need_twenty_tens_three_need_fifteen():
    error = refusal({"kind": "deal_tonk", "totals": dict.fromkeys(SIX[:4], 50)})
    assert error.message.endswith("these totals need 20 cards worth 10; a 52-card deck has 16")
    assert "Dan's 50" in error.message and "Eve" not in error.message
    assert settled({"kind": "deal_tonk", "totals": dict.fromkeys(SIX[:3], 50)}, players=SIX)


def test_four_fifties_at_a_stock_out_are_refused_too_since_fifty_is_five_tens():
    error = refusal({"kind": "stock_out", "totals": dict.fromkeys(SIX[:4], 50)}, players=SIX[:4])
    assert "need 20 cards worth 10; a 52-card deck has 16" in error.message
    assert error.field == "totals"


def test_six_dealt_hands_of_twelve_need_seventy_two_cards():
    rules = {"scoring": "points", "hand_size": 12}
    error = refusal({"kind": "deal_tonk", "totals": dict.fromkeys(SIX, 50)}, rules)
    assert error.message.endswith("these totals need 72 cards; a 52-card deck has 52")
    assert (error.field, error.player) == ("totals", None)


def test_one_tonk_counts_the_other_players_dealt_cards():
    error = refusal({"kind": "deal_tonk", "totals": {"Ben": 50}}, {"hand_size": 12})
    assert error.message == (
        "totals: Ben's 50 cannot all be held at once: these totals need 72 cards, with the "
        "other players' dealt hands; a 52-card deck has 52"
    )


def test_two_lowest_dealt_hands_need_eight_aces():
    rules = {"deal_tonks": [{"min": 0, "max": 15, "pays": 2}]}
    error = refusal({"kind": "deal_tonk", "totals": {"Anna": 6, "Ben": 6}}, rules)
    assert error.message == (
        "totals: Anna's 6 and Ben's 6 cannot all be held at once: these totals need 10 cards "
        "worth 2 or less; a 52-card deck has 8"
    )
    assert settled({"kind": "deal_tonk", "totals": {"Anna": 6, "Ben": 12}}, rules, SIX)


def test_forty_card_deck_points_after_an_out_are_checked_together():
    rules = {"scoring": "points", "deck": "40"}
    totals = {"Anna": 0, "Ben": 50, "Carla": 47, "Dan": 47}
    error = refusal({"kind": "out", "player": "Anna", "totals": totals}, rules, SIX[:4])
    assert error.message == (
        "totals: Ben's 50, Carla's 47 and Dan's 47 cannot all be held at once: these totals "
        "need 13 cards worth 10; a 40-card deck (no 8, 9 or 10) has 12"
    )
    assert (error.field, error.player) == ("totals", None)


def test_forty_card_five_cards_never_hold_48_or_49_but_a_dropper_of_six_may():
    rules = {"deck": "40"}
    for total in (48, 49):
        error = refusal(
            {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": total}}, rules, SIX[:2]
        )
        assert error.message == (
            f"Ben: a total of {total} cannot be; 1 to 5 cards of a 40-card deck (no 8, 9 or 10) "
            f"never make {total}"
        )
        assert (error.field, error.player) == ("totals", "Ben")
    late = {"deck": "40", "drop_when": "any_time"}
    hand = {"kind": "drop", "player": "Anna", "totals": {"Anna": 48, "Ben": 3}}
    assert settled(hand, late, SIX[:2]).result == "caught"
    assert refusal(hand, rules, SIX[:2]).player == "Anna"


def test_spread_six_cannot_be_with_hands_of_three():
    hand = {"kind": "tonk_out", "player": "Anna", "spread_six": True}
    error = refusal(hand, {"hand_size": 3, "tonk_out_six_pays": 3}, SIX[:3])
    assert error.message == (
        "spread_six: Anna could not lay six cards as new spreads; with 3-card hands a player "
        "holds at most 4 cards in a turn (house rule “Cards dealt”)"
    )
    assert (error.field, error.player) == ("spread_six", "Anna")
    assert settled(hand, {"hand_size": 5, "tonk_out_six_pays": 3}, SIX[:3]).result


def test_held_totals_are_exact_by_deck():
    assert held_totals("52", 5) == frozenset(range(1, 51))
    assert held_totals("40", 5) == frozenset(range(1, 51)) - {48, 49}
    assert 48 in held_totals("40", 6) and 49 in held_totals("40", 6)


def test_decks_are_counted_by_value():
    assert value_copies("52") == (*((v, 4) for v in range(1, 10)), (10, 16))
    assert value_copies("40") == (*((v, 4) for v in range(1, 8)), (10, 12))


# Brute force: every multiset of card values a player could hold, then every combination.


def _hands(deck, total, fewest, most):
    copies = dict(value_copies(deck))
    found = []
    for size in range(fewest, most + 1):
        for cards in combinations_with_replacement(sorted(copies), size):
            counted = Counter(cards)
            if sum(cards) == total and all(counted[v] <= copies[v] for v in counted):
                found.append(counted)
    return found


def deals_by_hand(deck, claims):
    """Whether real hands can be dealt: some hand for each claim, no value used more often
    than the deck holds it."""
    copies = dict(value_copies(deck))
    choices = [_hands(deck, total, fewest, most) for total, fewest, most in claims]
    for hands in product(*choices):
        used = sum(hands, Counter())
        if all(used[v] <= copies[v] for v in used):
            return True
    return False


small_claims = st.sampled_from(["52", "40"]).flatmap(
    lambda deck: st.tuples(
        st.just(deck),
        st.sampled_from([(2, 5), (2, 3), (3, 3)]).flatmap(
            lambda shape: st.lists(
                st.tuples(
                    st.integers(1, 10 * shape[1]) | st.sampled_from([1, 2, 3, 4, 5, 28, 29, 30]),
                    st.sampled_from([1, shape[1]]),
                    st.just(shape[1]),
                ).map(lambda c: (c[0], c[1], c[2]) if c[1] <= c[2] else c),
                min_size=shape[0],
                max_size=shape[0],
            )
        ),
    )
)


@settings(max_examples=400, deadline=None)
@given(small_claims)
def test_the_check_accepts_exactly_the_totals_real_cards_can_deal(case):
    deck, claims = case
    alone = [
        total in (dealt_totals(deck, most) if fewest == most else held_totals(deck, most))
        for total, fewest, most in claims
    ]
    if not all(alone):
        assert not deals_by_hand(deck, claims)
        return
    try:
        check_one_deck(deck, [Claim(*c, name) for c, name in zip(claims, SIX, strict=False)])
        accepted = True
    except Refusal as refused:
        assert refused.field == "totals" and "cannot all be held at once" in refused.message
        accepted = False
    assert accepted == deals_by_hand(deck, claims)


stock_outs = st.tuples(
    st.sampled_from(["52", "40"]),
    st.sampled_from([3, 5]),
    st.lists(
        st.integers(1, 50) | st.sampled_from([1, 2, 3, 47, 48, 49, 50]), min_size=2, max_size=3
    ),
)


@settings(max_examples=300, deadline=None)
@given(stock_outs)
def test_any_stock_out_the_engine_accepts_can_be_dealt_from_one_deck_and_conversely(case):
    deck, size, totals = case
    players = SIX[: len(totals)]
    hand = {"kind": "stock_out", "totals": dict(zip(players, totals, strict=True))}
    rules = {"deck": deck, "hand_size": size}
    try:
        settled(hand, rules, players)
        accepted = True
    except Refusal:
        accepted = False
    assert accepted == deals_by_hand(deck, [(total, 1, size) for total in totals])


FIVE_TWOS = [Claim(2, 1, 1, name) for name in SIX[:5]]


def test_totals_no_deal_gives_together_are_refused_naming_each_holder():
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", FIVE_TWOS)
    assert refused.value.message == (
        "totals: Anna's 2, Ben's 2, Carla's 2, Dan's 2 and Eve's 2 cannot all be held at once: "
        "each of these totals can be dealt alone, but a 52-card deck (four cards of each value "
        "1 to 9 and 16 worth 10) cannot be dealt so that Anna holds 2, Ben 2, Carla 2, Dan 2 "
        "and Eve 2 at the same time"
    )
    assert refused.value.field == "totals"


# The hardest totals `bench/settle.py` knows: four of them took the search that dealt player
# by player 0.7 to 17 s; the deal by value settles each in milliseconds, and exactly.
CONTRIVED_DEALS = [
    (
        [Claim(t, 12, 12, n) for t, n in zip([120, 93, 54, 35], SIX, strict=False)],
        [[10] * 12, [10, 9, 9, 8, 8, 8, 8, 7, 7, 7, 7, 5], [6, 6, 6, 6, 5, 5, 5, 4, 4, 3, 2, 2],
         [10, 4, 4, 3, 3, 3, 2, 2, 1, 1, 1, 1]],
    ),
    (
        [Claim(t, 7, 7, n) for t, n in zip([59, 47, 47, 44, 33, 18], SIX, strict=True)],
        [[10, 9, 9, 9, 9, 7, 6], [8, 8, 8, 6, 6, 6, 5], [10, 8, 7, 7, 7, 5, 3],
         [10, 10, 10, 5, 4, 3, 2], [10, 5, 4, 4, 4, 3, 3], [10, 2, 2, 1, 1, 1, 1]],
    ),
    (
        [Claim(t, 1, 7, n) for t, n in zip([65, 63, 56, 48, 43, 41], SIX, strict=True)],
        [[10, 10, 10, 10, 9, 8, 8], [10, 10, 10, 10, 10, 8, 5], [10, 10, 10, 10, 10, 4, 2],
         [10, 9, 9, 8, 6, 4, 2], [7, 7, 7, 6, 6, 6, 4], [10, 9, 5, 5, 5, 4, 3]],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("claims", "hands"), CONTRIVED_DEALS)
def test_contrived_totals_that_real_cards_deal_are_accepted(claims, hands):
    copies = dict(value_copies("52"))
    assert [sum(hand) for hand in hands] == [c.total for c in claims]
    assert all(c.fewest <= len(hand) <= c.most for c, hand in zip(claims, hands, strict=True))
    assert all(n <= copies[v] for v, n in Counter(v for hand in hands for v in hand).items())
    one_deck._deals.cache_clear()
    check_one_deck("52", claims)


FOUR_NEAR_THE_TOP = [Claim(t, 1, 12, n) for t, n in zip([104, 101, 96, 31], SIX, strict=False)]


def test_contrived_totals_no_deal_gives_are_refused_not_waved_through():
    """104, 101, 96 and 31 of up to 12 cards each: the search dealing player by player gave
    up on it. Three of them need 301 points from 36 cards, and the 36 highest hold 300 (the
    search itself rules it out too: test_how_many_positions_each_order_tries)."""
    one_deck._deals.cache_clear()
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", FOUR_NEAR_THE_TOP)
    assert refused.value.message == (
        "totals: Anna's 104, Ben's 101 and Carla's 96 cannot all be held at once: these totals "
        "add up to 301 points; the 36 highest cards of a 52-card deck hold 300"
    )


def test_a_few_low_totals_together_need_more_than_the_lowest_cards_hold():
    claims = [Claim(t, 7, 7, n) for t, n in zip([17, 21, 19], SIX, strict=False)]
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", claims)
    assert refused.value.message == (
        "totals: Anna's 17, Ben's 21 and Carla's 19 cannot all be held at once: these totals "
        "add up to 57 points; the 21 lowest cards of a 52-card deck hold 66"
    )


@pytest.mark.parametrize("first_steps", [1, 2, 64, 10**9])
@pytest.mark.parametrize(
    ("claims", "deals"),
    [(FOUR_NEAR_THE_TOP, False), *((claims, True) for claims, _ in CONTRIVED_DEALS)],
)
def test_the_two_orders_taking_turns_find_the_same_answer_whatever_their_steps(
    monkeypatch, first_steps, claims, deals
):
    """The highest values first and the lowest first take turns with a doubling number of
    steps, each keeping the positions it found failed: from one step each to no limit,
    the answer is the same."""
    monkeypatch.setattr(one_deck, "FIRST_STEPS", first_steps)
    one_deck._deals.cache_clear()
    assert one_deck._deals("52", tuple(sorted(c.key for c in claims)), 0) is deals
    one_deck._deals.cache_clear()


NEAR_THE_TOP_HOLDERS = ((8, 0, 4, 48), (31, 0, 1, 12), (96, 0, 1, 12), (101, 0, 1, 12),
                        (104, 0, 1, 12))  # fmt: skip
TWELVE_CARD_HOLDERS = ((35, 0, 12, 12), (38, 0, 4, 4), (54, 0, 12, 12), (93, 0, 12, 12),
                       (120, 0, 12, 12))  # fmt: skip


@pytest.mark.parametrize(
    ("holders", "lowest_first", "highest_first"),
    [(NEAR_THE_TOP_HOLDERS, (False, 350), (False, 17253)),
     (TWELVE_CARD_HOLDERS, (True, 10), (True, 18))],
)  # fmt: skip
def test_how_many_positions_each_order_tries(holders, lowest_first, highest_first):
    """Pinned to the position: a search that forgot the positions that failed, or pruned
    less after each value, would try more (the answer alone would not show it). The cards
    nobody claims are the holder of 8 points in 4 to 48 cards, and of 38 in exactly 4."""
    copies = value_copies("52")
    for order, (deals, tried) in ((copies[:-1], lowest_first), (copies[-2::-1], highest_first)):
        search = one_deck._Search(order, copies[-1])
        assert search.deals(holders, 10**6) is deals
        assert 10**6 - search.steps == tried


def test_each_order_alone_answers_too_one_quickly_the_other_slowly():
    """Dealt from the lowest value up, the four near the top are ruled out in a few hundred
    positions; from the highest down they take thousands (the reason for taking turns)."""
    copies = value_copies("52")
    holders = ((31, 0, 1, 12), (96, 0, 1, 12), (101, 0, 1, 12), (104, 0, 1, 12), (8, 0, 4, 48))
    lowest_first = one_deck._Search(copies[:-1], copies[-1])
    assert lowest_first.deals(tuple(sorted(holders)), 1000) is False
    highest_first = one_deck._Search(copies[-2::-1], copies[-1])
    with pytest.raises(one_deck._OutOfSteps):
        highest_first.deals(tuple(sorted(holders)), 1000)


def test_the_cards_nobody_claims_are_one_more_holder_that_takes_what_is_left():
    """Five 40-card-deck hands of seven hold 184 points; the other 5 cards would hold 48,
    and five cards of that deck never make 48 (no 8s or 9s)."""
    claims = [Claim(t, 7, 7, n) for t, n in zip([50, 29, 39, 36, 30], SIX, strict=False)]
    with pytest.raises(Refusal) as refused:
        check_one_deck("40", claims)
    assert "cannot be dealt so that Anna holds 50, Ben 29, Carla 39, Dan 36 and Eve 30" in (
        refused.value.message
    )


def test_what_a_holder_can_still_take():
    aces_and_tens = ((1, 4),), (10, 16)
    # 23 from aces and tens in 1 to 5 cards: only two tens and three aces
    assert one_deck._span(*aces_and_tens, (23, 0, 1, 5)) == (5, 5, 2, 2)
    # 20 in 2 to 6 more cards, 1 held: two tens, or one ten and... no: ten aces are too many
    assert one_deck._span(*aces_and_tens, (20, 1, 3, 7)) == (2, 2, 2, 2)
    # 4 in 1 to 12 cards: four aces only
    assert one_deck._span(*aces_and_tens, (4, 0, 1, 12)) == (4, 4, 0, 0)
    # 14: one ten and four aces, in exactly 5 cards; not in 4
    assert one_deck._span(*aces_and_tens, (14, 0, 1, 5)) == (5, 5, 1, 1)
    assert one_deck._span(*aces_and_tens, (14, 0, 1, 4)) is None
    # nothing left to deal: the points must be tens, as many as the cards allow
    assert one_deck._span((), (10, 16), (30, 4, 5, 7)) == (3, 3, 3, 3)
    assert one_deck._span((), (10, 16), (30, 4, 8, 12)) is None
    # 0 points and cards still owed: cannot
    assert one_deck._span(*aces_and_tens, (0, 0, 1, 5)) is None
    assert one_deck._span(*aces_and_tens, (0, 2, 1, 5)) == (0, 0, 0, 0)


def test_the_first_hand_takes_the_highest_values_that_still_leave_a_hand():
    def packed(counts, deck="52"):
        at = {value: i for i, (value, _) in enumerate(value_copies(deck))}
        return sum(n << (one_deck.BITS * at[v]) for v, n in counts.items())

    assert one_deck._first_hand("52", 50, 5, 5) == (packed({10: 5}), 5)
    assert one_deck._first_hand("52", 11, 2, 5) == (packed({10: 1, 1: 1}), 2)
    assert one_deck._first_hand("52", 11, 3, 5) == (packed({9: 1, 1: 2}), 3)
    assert one_deck._first_hand("52", 41, 5, 5) == (packed({10: 4, 1: 1}), 5)
    assert one_deck._first_hand("52", 51, 5, 5) is None
    assert one_deck._first_hand("40", 48, 5, 5) is None
    assert one_deck._first_hand("40", 47, 5, 5) == (packed({10: 4, 7: 1}, "40"), 5)


def fewest_by_cut(deck, total, fewest, most):
    """Brute force: over every hand making the total alone, the fewest cards at or below
    and above each cut of the values, then the fewest cards; None when no hand makes it."""
    values = [v for v, _ in value_copies(deck)]
    hands = _hands(deck, total, fewest, most)
    if not hands:
        return None
    counts = []
    for cut in range(len(values) - 1):
        counts.append(min(sum(n for v, n in h.items() if v <= values[cut]) for h in hands))
        counts.append(min(sum(n for v, n in h.items() if v > values[cut]) for h in hands))
    return [*counts, min(sum(h.values()) for h in hands)]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["52", "40"]),
    st.integers(0, 50),
    st.integers(1, 5).flatmap(lambda most: st.tuples(st.integers(1, most), st.just(most))),
)
def test_the_counts_every_hand_of_a_total_needs_are_the_fewest_real_hands_hold(deck, total, size):
    fewest, most = size
    needs = one_deck._needs(deck, total, fewest, most)
    expected = fewest_by_cut(deck, total, fewest, most)
    if expected is None:
        assert needs is None
    else:
        assert one_deck._unpack(needs, one_deck._deck(deck).fields) == expected


def test_two_hands_of_two_aces_and_one_ace_need_five_aces():
    claims = [Claim(2, 2, 2, "Anna"), Claim(2, 2, 2, "Ben"), Claim(1, 1, 1, "Carla")]
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", claims)
    assert refused.value.message == (
        "totals: Anna's 2, Ben's 2 and Carla's 1 cannot all be held at once: these totals need "
        "5 aces; a 52-card deck has 4"
    )


def test_six_totals_of_29_in_three_cards_need_six_nines_which_only_the_search_sees():
    """10, 10 and 9 each: 12 tens of 16 and 18 cards worth 9 or more of 20 fit the counts,
    but the deck has four nines."""
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", [Claim(29, 3, 3, n) for n in SIX])
    assert "each of these totals can be dealt alone, but a 52-card deck" in refused.value.message


def test_totals_that_add_up_to_more_than_the_deck_holds_say_so():
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", [Claim(60, 1, 12, n) for n in SIX])
    assert refused.value.message == (
        "totals: Anna's 60, Ben's 60, Carla's 60, Dan's 60, Eve's 60 and Finn's 60 cannot all "
        "be held at once: these totals add up to 360 points; a 52-card deck holds 340"
    )


@pytest.mark.parametrize("fewest", [12, 1])
def test_totals_that_leave_the_other_cards_too_few_points_say_so(fewest):
    """Four hands of up to 12 cards holding 337 of the deck's 340 points leave 3 points to
    4 cards or more, and the four lowest cards are four aces: the 48 highest hold 336."""
    claims = [Claim(t, fewest, 12, n) for t, n in zip([84, 84, 84, 85], SIX, strict=False)]
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", claims)
    assert refused.value.message == (
        "totals: Anna's 84, Ben's 84, Carla's 84 and Dan's 85 cannot all be held at once: these "
        "totals add up to 337 points; the 48 highest cards of a 52-card deck hold 336"
    )
    assert refused.value.field == "totals"


def test_the_cards_set_aside_for_other_players_count_against_a_group_of_totals():
    # Four hands of up to 12 cards beside 12 cards set aside for the others: 40 cards at
    # most, and the 40 highest hold 316 (with none set aside the 48 highest hold 336).
    claims = [Claim(t, 1, 12, n) for t, n in zip([118, 49, 70, 100], SIX, strict=False)]
    with pytest.raises(Refusal) as refused:
        check_one_deck("52", claims, others=12)
    assert refused.value.message == (
        "totals: Anna's 118, Ben's 49, Carla's 70 and Dan's 100 cannot all be held at once: "
        "these totals add up to 337 points; the 40 highest cards of a 52-card deck hold 316"
    )
