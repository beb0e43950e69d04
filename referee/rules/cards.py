"""Card values and which totals a hand can really make, by the house deck."""

from functools import cache

from referee.rules.said import said

TEN_VALUED = ("10", "J", "Q", "K")
RANKS_52 = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS_40 = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")


def ranks(deck: str) -> tuple[str, ...]:
    """The ranks in play: a 40-card deck has no 8, 9 or 10."""
    return RANKS_40 if deck == "40" else RANKS_52


def card_value(rank: str) -> int:
    """Points a card counts in hand: ace 1, pictures and tens 10, others their face."""
    if rank == "A":
        return 1
    if rank in TEN_VALUED:
        return 10
    return int(rank)


SUITS = 4


@cache
def value_copies(deck: str) -> tuple[tuple[int, int], ...]:
    """How many cards of each value `deck` holds, lowest value first: suits never matter
    for a total (52 cards: 1 to 9 four times each, 10 sixteen times; 40 cards: 1 to 7 four
    times each, 10 twelve times)."""
    copies: dict[int, int] = {}
    for rank in ranks(deck):
        copies[card_value(rank)] = copies.get(card_value(rank), 0) + SUITS
    return tuple(sorted(copies.items()))


def deck_in_words(deck: str) -> str:
    """The deck as the table names it: "a 52-card deck", "a 40-card deck (no 8, 9 or 10)"."""
    if deck == "40":
        return said("a {deck}-card deck (no 8, 9 or 10)", deck=deck)
    return said("a {deck}-card deck", deck=deck)


@cache
def dealt_totals(deck: str, hand_size: int) -> frozenset[int]:
    """Every total that `hand_size` cards dealt from `deck` can add up to.

    Not simply a range: five cards of a 40-card deck never make 48 or 49, since
    it has no 8 or 9. Counted once per deck and hand size, then remembered.
    """
    # reachable[n] holds the sums that n cards can make.
    reachable: list[set[int]] = [set() for _ in range(hand_size + 1)]
    reachable[0].add(0)
    for value, count in value_copies(deck):
        grown = [set(sums) for sums in reachable]
        for n in range(hand_size):
            for total in reachable[n]:
                for taken in range(1, min(count, hand_size - n) + 1):
                    grown[n + taken].add(total + taken * value)
        reachable = grown
    return frozenset(reachable[hand_size])


@cache
def held_totals(deck: str, most: int) -> frozenset[int]:
    """Every total that 1 to `most` cards of `deck` can add up to: what a player still
    holding cards can hold at a drop or when the stock runs out (2.8)."""
    return frozenset().union(*(dealt_totals(deck, cards) for cards in range(1, most + 1)))
