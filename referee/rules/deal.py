"""Who deals and who plays first: the deal passes to the left, and a cut picks the first dealer.

Pure functions: the seating comes in as names (or ids), and the cut takes its randomness as
a `random.Random` the caller owns, so a test can seed it (or stack it) and the page
can show exactly which cards everyone cut.
"""

import random
from collections.abc import Collection, Hashable, Sequence
from typing import NamedTuple, TypeVar

from referee.rules.cards import ranks

SUITS = ("♠", "♥", "♦", "♣")
MAX_CUT_ROUNDS = 100  # a fair deck ends a tie long before; this only stops a rigged one

Seat = TypeVar("Seat", bound=Hashable)  # a player's name or id: the helpers only compare them


def next_dealer(
    order: Sequence[Seat],
    seated: Collection[Seat],
    last_dealer: Seat | None,
    first_dealer: Seat | None,
) -> Seat:
    """Who deals the next hand: the first seated player to the left of the last dealer.

    `order` is everyone who ever sat at the table, in seating order, including
    players who left; `seated` are those at the table now. The deal passes to the
    left after every hand, draws included, so it goes to the next player in
    `order` who is still seated, wrapping round: it skips players who left, and
    still passes on from a dealer who has just left. Before the first hand
    (`last_dealer` None) `first_dealer` deals; if they left before dealing, or
    none was chosen, the deal starts from the next seated player instead.
    """
    _check_seating(order, seated)
    if last_dealer is None:
        start = order[0] if first_dealer is None else first_dealer
        return _seated_from(order, seated, start, include_start=True)
    return _seated_from(order, seated, last_dealer, include_start=False)


def first_player(seats: Sequence[Seat], dealer: Seat) -> Seat:
    """The player to the dealer's left, the next seat in seating order, plays first."""
    if dealer not in seats:
        raise ValueError(f"{dealer!r} is not seated, so cannot deal")
    return seats[(seats.index(dealer) + 1) % len(seats)]


def play_order(seats: Sequence[Seat], first: Seat) -> list[Seat]:
    """The order of a hand's turns: the first player, then on to the left round the table."""
    start = seats.index(first)
    return [*seats[start:], *seats[:start]]


def _check_seating(order: Sequence[Seat], seated: Collection[Seat]) -> None:
    """Someone is seated, and every seated player has a place in the seating order."""
    if not seated:
        raise ValueError("nobody is seated, so nobody can deal")
    strangers = [name for name in seated if name not in order]
    if strangers:
        raise ValueError(f"{strangers[0]!r} is seated but has no place in the seating order")


def _seated_from(
    order: Sequence[Seat], seated: Collection[Seat], start: Seat, include_start: bool
) -> Seat:
    """The first seated player going left round `order` from `start` (or from its left)."""
    if start not in order:
        raise ValueError(f"{start!r} never sat at this table")
    here = order.index(start)
    steps = range(0, len(order)) if include_start else range(1, len(order) + 1)
    for step in steps:
        name = order[(here + step) % len(order)]
        if name in seated:
            return name
    raise AssertionError("unreachable: someone is seated and every seat is in the order")


class Card(NamedTuple):
    """A card as (rank, suit); shown as 'K♠' on the page."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


class Cut(NamedTuple):
    """A cut for the deal: each round's cards in seating order, and who deals.

    The first round has every player; each further round only the players who
    tied for the highest card in the round before. Unpacks as `rounds, dealer`.
    """

    rounds: tuple[tuple[tuple[str, Card], ...], ...]
    dealer: str


def full_deck(deck: str = "52") -> list[Card]:
    """Every card of the house deck, ranks ace to king, in a fixed order."""
    return [Card(rank, suit) for rank in ranks(deck) for suit in SUITS]


def cut_rank(card: Card, deck: str = "52") -> int:
    """How high a card cuts: ace lowest, king highest; suits do not rank."""
    return ranks(deck).index(card[0])


def cut_for_deal(players: Sequence[str], rng: random.Random, deck: str = "52") -> Cut:
    """Everyone cuts a card; the highest deals, and a tie for highest cuts again.

    Each round `rng` shuffles a full deck (`deck`: "52" or "40", the house deck)
    and the players take its top cards in seating order, so no card shows twice
    in a round. Only the players tied for the highest card cut again.
    """
    if not players or len(set(players)) != len(players):
        raise ValueError("the cut needs at least one player and no name twice")
    if len(players) > len(full_deck(deck)):
        raise ValueError("more players than cards in the deck")
    cutting = list(players)
    rounds: list[tuple[tuple[str, Card], ...]] = []
    while len(rounds) < MAX_CUT_ROUNDS:
        cards = full_deck(deck)
        rng.shuffle(cards)
        cut = tuple(zip(cutting, cards[: len(cutting)], strict=True))
        rounds.append(cut)
        top = max(cut_rank(card, deck) for _, card in cut)
        cutting = [name for name, card in cut if cut_rank(card, deck) == top]
        if len(cutting) == 1:
            return Cut(tuple(rounds), cutting[0])
    raise ValueError(f"still tied after {MAX_CUT_ROUNDS} cuts: the shuffle is not random")
