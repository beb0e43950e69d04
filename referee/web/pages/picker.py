"""The card picker's parts that every referee page shares: the deck shown, the cards ticked.

The cards are checkboxes named `card`, one per card of the table's deck, so a card cannot
be picked twice; what comes back is read here, refused in words when it is no card.
"""

from flask import request
from flask_babel import gettext, ngettext

from referee.games import CountsCards, Rules
from referee.rules import Refusal
from referee.rules.cards import RANKS_52
from referee.rules.deal import Card
from referee.rules.runs import JOKER, card_of
from referee.store.models import GameTable
from referee.store.rules_versions import game_of
from referee.web.language import refusal_words

MAX_PICKED = 20  # more than any hand holds; the rules refuse past a hand, this bounds input


def picked() -> tuple[list[Card], str | None]:
    """The cards ticked, or none and why they cannot be read."""
    sent = request.form if request.method == "POST" else request.args
    values = sent.getlist("card")[:MAX_PICKED]
    try:
        return [card_of(value) for value in values], None
    except Refusal as refusal:
        return [], refusal_words(refusal)


def deck(table: GameTable, rules: Rules) -> list[Card]:
    """The table's deck in the picker's order: rank by rank, the four suits side by side,
    then the jokers of a Tongits table in Joker mode."""
    game = game_of(table)
    if not isinstance(game, CountsCards):
        raise TypeError(f"{game.name} has no deck to pick from")
    return list(game.deck_cards(rules))


def ticked(cards: list[Card], picked: list[Card]) -> set[int]:
    """Which boxes of the picker (`cards`, by place) are ticked: each card picked ticks its
    box; the two jokers look alike, so two jokers picked tick both joker boxes and one
    ticks the first."""
    boxes: set[int] = set()
    for card in picked:
        box = next((i for i, c in enumerate(cards) if c == card and i not in boxes), None)
        if box is not None:
            boxes.add(box)
    return boxes


def deck_words(cards: list[Card]) -> str:
    """'52-card deck', '40-card deck: no 8, 9 or 10', '54-card deck: the 52 and 2 jokers,
    shown as Joker': the deck the picker shows."""
    jokers = cards.count(JOKER)
    if jokers:
        return ngettext(
            "%(cards)s-card deck: the 52 and %(num)s joker, shown as Joker",
            "%(cards)s-card deck: the 52 and %(num)s jokers, shown as Joker",
            jokers,
            cards=len(cards),
        )
    missing = [rank for rank in RANKS_52 if rank not in {card.rank for card in cards}]
    if missing:
        return gettext(
            "%(cards)s-card deck: no %(ranks)s or %(last)s",
            cards=len(cards),
            ranks=", ".join(missing[:-1]),
            last=missing[-1],
        )
    return gettext("%(cards)s-card deck", cards=len(cards))
