"""2.8: the totals of one hand must be possible together, from one deck. Refusals are
asserted word for word; the properties deal real cards by brute force, independently of the
search in referee.rules.one_deck."""

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import Refusal, one_deck
from referee.rules.cards import dealt_totals, held_totals, value_copies
from referee.rules.one_deck import Claim, check_one_deck
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


@pytest.fixture
def no_search_steps(monkeypatch):
    monkeypatch.setattr(one_deck, "SEARCH_STEPS", 0)
    one_deck._deals.cache_clear()
    yield
    one_deck._deals.cache_clear()


def test_a_search_out_of_steps_accepts_the_totals_it_could_not_show_impossible(
    no_search_steps,
):
    check_one_deck("52", FIVE_TWOS)


def test_contrived_twelve_card_hands_are_settled_within_the_budget(monkeypatch):
    """Four dealt twelve-card hands that took the search 17 s before it had a budget: the
    search now stops after SEARCH_STEPS steps (counted, not timed: `bench/settle.py`
    prints how long its worst cases take)."""
    steps = []
    take = one_deck._Budget.take
    monkeypatch.setattr(one_deck._Budget, "take", lambda self: (steps.append(1), take(self)))
    one_deck._deals.cache_clear()
    check_one_deck(
        "52", [Claim(t, 12, 12, n) for t, n in zip([120, 93, 54, 35], SIX[:4], strict=True)]
    )
    one_deck._deals.cache_clear()
    assert 0 < len(steps) <= one_deck.SEARCH_STEPS + 1
