"""Cards as both games read and lay them: a card from its text, a card picked twice, and
cards in a row of one suit (a Tonk run, a Tongits meld in sequence).

A joker reads here as any other card, so every page reads the same text the same way;
whether the table plays with jokers is the game's rule (Tongits' Joker mode, tongits.md
6.6), which refuses it by name where it does not.
"""

from collections.abc import Sequence
from typing import Literal

from referee.rules.cards import ranks
from referee.rules.deal import SUITS, Card
from referee.rules.refusal import Refusal
from referee.rules.said import said

# A joker has no rank or suit: shown "Joker", as its face is printed (a card's face, like
# "K♠", is no word to translate), typed "Joker" or "JK" in any case.
JokerFace = Literal["Joker"]
JOKER_FACE: JokerFace = "Joker"
JOKER = Card(JOKER_FACE, "")
JOKER_TEXTS = frozenset({"JOKER", "JK"})


def card_of(text: str, field: str = "cards") -> Card:
    """'K♠', '10♥', 'a♣', 'Joker', 'jk' → Card; anything else is refused naming it, on
    `field` (Tonk's forms ask for "cards"; Tongits also asks for one "card" to lay off)."""
    text = text.strip()
    if text.upper() in JOKER_TEXTS:
        return JOKER
    rank, suit = text[:-1].upper(), text[-1:]
    # Equivalent mutants: ranks() gives the 52 ranks for any deck but "40", so ranks(None)
    # or any other text in place of "52" reads the same ranks.
    if suit not in SUITS or rank not in ranks("52"):
        raise Refusal(
            said(
                "{field}: {text} is not a card (rank then suit, like K♠)",
                field=field,
                text=repr(text[:6]),
            ),
            field=field,
        )
    return Card(rank, suit)


def picked_twice(cards: Sequence[Card]) -> Card | None:
    """The first card that is there twice, or None: a deck has one of each, so a hand, a
    spread or a meld that holds a card twice cannot be (both games refuse it)."""
    return next((card for card in cards if cards.count(card) > 1), None)


def run_order(deck: str, ace_high: bool) -> list[str]:
    """Ranks in run order; with the ace also high, it comes again after the King (Tonk's
    "Ace in runs", Tongits' "Ace low only" off). Never round the corner: no K-A-2."""
    order = list(ranks(deck))
    return [*order, "A"] if ace_high else order


def in_a_row(cards: Sequence[Card], order: Sequence[str]) -> bool:
    """Cards of one suit, each rank once, that sit next to each other in `order`."""
    if len({card.suit for card in cards}) != 1 or len({card.rank for card in cards}) != len(cards):
        return False
    wanted = {card.rank for card in cards}
    # Try each place the run could start; 'A' at both ends of the order is one card.
    # Equivalent mutants: a larger stop (+ 2, or + len(cards)) only adds starts whose slice
    # runs off the end of the order, holds fewer than len(cards) ranks and so never matches.
    for start in range(len(order) - len(cards) + 1):
        if set(order[start : start + len(cards)]) == wanted:
            return True
    return False
