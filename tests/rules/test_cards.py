from referee.rules.cards import card_value, dealt_totals, ranks


def test_card_values_follow_the_rule_texts():
    assert [card_value(r) for r in ranks("52")] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert "8" not in ranks("40") and "9" not in ranks("40") and "10" not in ranks("40")


def test_five_cards_of_a_full_deck_make_every_total_from_6_to_50():
    assert dealt_totals("52", 5) == frozenset(range(6, 51))


def test_a_forty_card_deck_never_deals_48_or_49_in_five_cards():
    totals = dealt_totals("40", 5)
    assert 47 in totals and 50 in totals
    assert 48 not in totals and 49 not in totals


def test_totals_for_every_hand_size_match_the_lowest_and_highest_cards():
    # four aces, four twos, four threes are the lowest cards of either deck
    assert min(dealt_totals("52", 3)) == 3
    assert min(dealt_totals("52", 7)) == 4 + 2 * 3
    assert min(dealt_totals("52", 12)) == 4 + 8 + 12
    assert max(dealt_totals("52", 12)) == 120
    assert max(dealt_totals("40", 12)) == 120  # exactly the twelve J, Q, K
    assert 119 not in dealt_totals("40", 12)
