"""Rulings on cards: count a hand, say whether cards make a spread, whether a card may hit.

Pure functions over (rank, suit) cards and the table's house rules: the deck (a
40-card deck has no 8, 9 or 10, and its 7 sits next to the Jack in a run) and the
ace (low only, or also high after the King; never round the corner, so no K-A-2).
Each ruling comes with the reason in the words of the rules sheet.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.cards import card_value, ranks
from referee.rules.deal import Card
from referee.rules.refusal import Refusal
from referee.rules.runs import in_a_row, picked_twice, run_order
from referee.rules.said import said
from referee.rules.tonk.house_rules import HouseRules
from referee.rules.words import amount_in_words

MIN_SPREAD = 3


@dataclass(frozen=True)
class Ruling:
    """Yes or no, and why, citing the house rule that decides."""

    allowed: bool
    reason: str


def _check_cards(cards: Sequence[Card], rules: HouseRules) -> None:
    """Real cards of the house deck, none picked twice."""
    for card in cards:
        if card.rank not in ranks(rules.deck):
            raise Refusal(
                said(
                    "cards: there is no {card} in a {deck}-card deck (house rule “Deck”)",
                    card=card,
                    deck=rules.deck,
                ),
                field="cards",
            )
    twice = picked_twice(cards)
    if twice is not None:
        raise Refusal(
            said("cards: {card} is picked twice; a deck has one of each", card=twice),
            field="cards",
        )


def count_hand(cards: Sequence[Card], rules: HouseRules) -> tuple[int, str]:
    """The points in a hand, and what they mean: a tonk on the deal when it is a dealt
    hand inside a tonk band."""
    _check_cards(cards, rules)
    most = rules.hand_size + 1  # a full hand, and the card just drawn
    if len(cards) > most:
        raise Refusal(
            said(
                "cards: {count} cards are more than a hand holds here ({dealt} dealt, one more "
                "after drawing; house rule “Cards dealt”)",
                count=len(cards),
                dealt=rules.hand_size,
            ),
            field="cards",
        )
    total = sum(card_value(card.rank) for card in cards)
    pays = rules.deal_tonk_pays(total) if len(cards) == rules.hand_size else None
    if pays is None:
        return total, said("{total} points.", total=total)
    if rules.scoring == "chips":
        return total, said(
            "{total}: dealt like this, it is a tonk on the deal: everyone pays you {amount} "
            "(house rule “Tonk on the deal”).",
            total=total,
            amount=amount_in_words(rules.stake * pays, rules.unit),
        )
    return total, said(
        "{total}: dealt like this, it is a tonk on the deal (house rule “Tonk on the deal”).",
        total=total,
    )


def _is_run(cards: Sequence[Card], rules: HouseRules) -> bool:
    """In a row of one suit, by the house deck and ace."""
    return in_a_row(cards, run_order(rules.deck, rules.ace == "low_or_high"))


def rule_on_spread(cards: Sequence[Card], rules: HouseRules) -> Ruling:
    """Is this a legal book or run under the house rules?"""
    _check_cards(cards, rules)
    shown = " ".join(str(card) for card in cards)
    if len(cards) < MIN_SPREAD:
        return Ruling(
            False,
            said("{cards}: a spread needs at least {least} cards.", cards=shown, least=MIN_SPREAD),
        )
    if len({card.rank for card in cards}) == 1:
        return Ruling(
            True, said("{cards} is a book: {count} of a kind.", cards=shown, count=len(cards))
        )
    if _is_run(cards, rules):
        return Ruling(
            True,
            said("{cards} is a run: {count} in a row of one suit.", cards=shown, count=len(cards)),
        )
    return Ruling(
        False,
        said(
            "{cards} is not a spread here: {reason}", cards=shown, reason=_why_not_run(cards, rules)
        ),
    )


def _why_not_run(cards: Sequence[Card], rules: HouseRules) -> str:
    """The plain reason cards of one suit fail as a run, naming the rule that decides."""
    if len({card.suit for card in cards}) != 1:
        return said("a book needs one rank, a run one suit.")
    present = {card.rank for card in cards}
    if "A" in present and "K" in present and "2" in present:
        return said("it goes round the corner (K-A-2), which is never a run.")
    if "A" in present and "K" in present and rules.ace == "low":
        return said(
            "the ace is low at this table: it goes next to the 2, not the King "
            "(house rule “Ace in runs”)."
        )
    if rules.deck == "40" and present & {"7", "J"}:
        return said("the cards are not in a row (in a 40-card deck the 7 is next to the Jack).")
    return said("the cards are not in a row.")


def rule_on_hit(spread: Sequence[Card], card: Card, rules: HouseRules) -> Ruling:
    """May `card` be laid on `spread` (a book or run on the table)?"""
    on_table = rule_on_spread(spread, rules)
    if not on_table.allowed:
        return Ruling(
            False,
            said("The spread on the table is not a spread: {reason}", reason=on_table.reason),
        )
    if card in spread:
        return Ruling(False, said("{card} is already in that spread.", card=card))
    grown = rule_on_spread([*spread, card], rules)
    if grown.allowed:
        return Ruling(True, said("{card} may hit it: {reason}", card=card, reason=grown.reason))
    return Ruling(False, said("{card} may not hit it: {reason}", card=card, reason=grown.reason))
