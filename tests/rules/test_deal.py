import random
from collections import Counter

import pytest

from referee.rules.deal import (
    MAX_CUT_ROUNDS,
    Card,
    Cut,
    cut_for_deal,
    cut_rank,
    first_player,
    full_deck,
    next_dealer,
    play_order,
)

ABCD = ["Anna", "Ben", "Carla", "Dev"]


class Stacked(random.Random):
    """A rigged shuffle: each round puts the given ranks on top, in seating order."""

    def __init__(self, *rounds):
        super().__init__(0)
        self.rounds = list(rounds)

    def shuffle(self, cards):
        wanted = self.rounds.pop(0)
        top = []
        for rank in wanted:
            card = next(c for c in cards if c.rank == rank and c not in top)
            top.append(card)
        cards[:] = top + [c for c in cards if c not in top]


# Rotation


def test_the_first_dealer_deals_the_first_hand():
    assert next_dealer(ABCD, ABCD, None, "Carla") == "Carla"


def test_the_deal_passes_to_the_left_and_wraps():
    assert next_dealer(ABCD, ABCD, "Anna", "Anna") == "Ben"
    assert next_dealer(ABCD, ABCD, "Carla", "Anna") == "Dev"
    assert next_dealer(ABCD, ABCD, "Dev", "Anna") == "Anna"


def test_a_whole_evening_of_deals_goes_round_the_table():
    dealer, dealers = None, []
    for _ in range(9):
        dealer = next_dealer(ABCD, ABCD, dealer, "Ben")
        dealers.append(dealer)
    assert dealers == ["Ben", "Carla", "Dev", "Anna", "Ben", "Carla", "Dev", "Anna", "Ben"]


def test_the_deal_skips_players_who_left():
    seated = ["Anna", "Carla", "Dev"]  # Ben went home
    assert next_dealer(ABCD, seated, "Anna", "Anna") == "Carla"


def test_the_deal_passes_on_from_a_dealer_who_has_just_left():
    seated = ["Anna", "Ben", "Dev"]  # Carla dealt the last hand, then left
    assert next_dealer(ABCD, seated, "Carla", "Anna") == "Dev"
    assert next_dealer(ABCD, ["Anna", "Ben"], "Carla", "Anna") == "Anna"


def test_a_first_dealer_who_left_before_dealing_is_replaced_by_the_next_seated():
    assert next_dealer(ABCD, ["Anna", "Ben", "Dev"], None, "Carla") == "Dev"
    assert next_dealer(ABCD, ["Ben", "Dev"], None, None) == "Ben"


def test_players_who_sat_down_later_take_their_turn_in_their_seat():
    order = ["Anna", "Eve", "Ben", "Carla"]  # Eve took the seat between Anna and Ben
    assert next_dealer(order, order, "Anna", "Anna") == "Eve"


def test_ids_work_as_well_as_names():
    assert next_dealer([3, 7, 9], [3, 9], 3, 3) == 9


def test_rotation_refuses_a_table_it_cannot_deal_at():
    with pytest.raises(ValueError, match="nobody is seated"):
        next_dealer(ABCD, [], "Anna", "Anna")
    with pytest.raises(ValueError, match="no place in the seating order"):
        next_dealer(ABCD, ["Anna", "Zoe"], "Anna", "Anna")
    with pytest.raises(ValueError, match="never sat"):
        next_dealer(ABCD, ABCD, "Zoe", "Anna")


def test_the_player_to_the_dealers_left_plays_first():
    assert first_player(ABCD, "Anna") == "Ben"
    assert first_player(ABCD, "Dev") == "Anna"
    with pytest.raises(ValueError):
        first_player(ABCD, "Zoe")


# The cut


def test_the_highest_card_deals_and_suits_do_not_rank():
    cut = cut_for_deal(ABCD, Stacked(["3", "K", "A", "Q"]))
    assert cut.dealer == "Ben"
    assert len(cut.rounds) == 1
    assert [(name, card.rank) for name, card in cut.rounds[0]] == [
        ("Anna", "3"), ("Ben", "K"), ("Carla", "A"), ("Dev", "Q"),
    ]  # fmt: skip


def test_the_ace_is_low_in_the_cut():
    assert cut_for_deal(["Anna", "Ben"], Stacked(["A", "2"])).dealer == "Ben"
    assert cut_rank(Card("A", "♠")) < cut_rank(Card("2", "♣")) < cut_rank(Card("K", "♥"))
    assert cut_rank(Card("7", "♠"), "40") + 1 == cut_rank(Card("J", "♠"), "40")


def test_a_tie_for_highest_cuts_again_among_the_tied_only():
    rng = Stacked(["K", "5", "K", "K"], ["J", "9", "J"], ["4", "2"])
    rounds, dealer = cut_for_deal(ABCD, rng)
    assert [[name for name, _ in cut] for cut in rounds] == [
        ABCD, ["Anna", "Carla", "Dev"], ["Anna", "Dev"],
    ]  # fmt: skip
    assert dealer == "Anna"
    assert [card.rank for _, card in rounds[1]] == ["J", "9", "J"]


def test_a_tie_below_the_top_card_does_not_cut_again():
    cut = cut_for_deal(ABCD, Stacked(["5", "5", "Q", "2"]))
    assert cut.dealer == "Carla" and len(cut.rounds) == 1


def test_no_card_shows_twice_in_a_round():
    for seed in range(200):
        cut = cut_for_deal(ABCD + ["Eve", "Finn"], random.Random(seed))
        for cards in cut.rounds:
            shown = [card for _, card in cards]
            assert len(set(shown)) == len(shown)
            assert all(card in full_deck() for card in shown)


def test_a_seeded_cut_is_repeatable_and_fair():
    assert cut_for_deal(ABCD, random.Random(7)) == cut_for_deal(ABCD, random.Random(7))
    rng = random.Random(2024)
    dealers = Counter(cut_for_deal(ABCD, rng).dealer for _ in range(2000))
    assert set(dealers) == set(ABCD)
    assert all(400 < count < 600 for count in dealers.values()), dealers


def test_every_seeded_cut_ends_with_one_highest_card():
    for seed in range(300):
        cut = cut_for_deal(["Anna", "Ben"], random.Random(seed))
        last = cut.rounds[-1]
        top = max(cut_rank(card) for _, card in last)
        assert [name for name, card in last if cut_rank(card) == top] == [cut.dealer]
        for earlier in cut.rounds[:-1]:
            assert len({cut_rank(card) for _, card in earlier}) == 1


def test_a_forty_card_cut_never_shows_an_8_9_or_10():
    for seed in range(100):
        cut = cut_for_deal(ABCD, random.Random(seed), deck="40")
        assert not {card.rank for cards in cut.rounds for _, card in cards} & {"8", "9", "10"}


def test_the_page_can_show_a_card_and_unpack_a_cut():
    cut = cut_for_deal(["Anna", "Ben"], Stacked(["K", "10"]))
    assert isinstance(cut, Cut)
    rounds, dealer = cut
    assert dealer == "Anna"
    assert [f"{name} {card}" for name, card in rounds[0]] == ["Anna K♠", "Ben 10♠"]


def test_a_rigged_shuffle_that_always_ties_is_stopped():
    rng = Stacked(*[["Q", "Q"]] * MAX_CUT_ROUNDS)
    with pytest.raises(ValueError, match="still tied"):
        cut_for_deal(["Anna", "Ben"], rng)


def test_the_cut_refuses_no_players_or_a_name_twice():
    with pytest.raises(ValueError):
        cut_for_deal([], random.Random(1))
    with pytest.raises(ValueError):
        cut_for_deal(["Anna", "Anna"], random.Random(1))


def test_the_order_of_play_starts_with_the_first_player_and_goes_round():
    assert play_order(["Anna", "Ben", "Carla", "Dan"], "Carla") == ["Carla", "Dan", "Anna", "Ben"]
    assert play_order(["Anna", "Ben"], "Anna") == ["Anna", "Ben"]
