"""The referee's rulings on Tongits cards and calls (tongits.md, words, sections 1, 5 and 6.6).

Pure functions, as Tonk's spreads are: count a hand, say whether cards make a meld
(bahay), whether a card may be laid off (sapaw) on a meld, whether a player may call or
fight a draw, and whether a player is burned (sunog). Each ruling is a yes or no with
the reason in the words a player at the table reads, and cites the house rule that
decides when another value of that rule would change the answer (as the section 5
answers do). The deck is the full 52 cards, and the two jokers in Joker mode (6.6); suits
matter for runs, so the card reading is the one Tonk's spreads use (referee.rules.runs),
with Tongits' ace; a meld holding jokers is read as referee.rules.tongits.jokers says.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from referee.rules.answers import cited
from referee.rules.cards import RANKS_52, card_value
from referee.rules.deal import SUITS, Card
from referee.rules.refusal import Refusal
from referee.rules.runs import JOKER, picked_twice, run_order
from referee.rules.said import said, said_n, without_stop
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.jokers import (
    LEAST_NATURAL,
    MOST_JOKERS,
    MOST_OF_A_KIND,
    RunReading,
    jokers_in,
    kind_stand_ins,
    naturals,
    read_run,
    run_stand_for,
    stand_for,
)
from referee.rules.tongits.wording import BURNED, ESCALERA, SECRET, option_label, paid
from referee.rules.words import names_in_words

MIN_MELD = 3  # three of a kind, or three in a row of one suit (003)
ESCALERA_LENGTH = 4  # a straight flush of four cards or more (003)
FOUR_OF_A_KIND = 4  # a Secret, or a Sagasa when the fourth is added to one's own three
SAGASA = said(
    "Sagasa (a four of a kind made by adding the fourth card to one's own three of a kind)"
)
CONCEALED = said("concealed (no exposed meld, but a Secret in hand)")

Special = Literal["Secret", "Escalera", "Sagasa"]


@dataclass(frozen=True)
class Ruling:
    """Yes or no, and why, in the words the table reads.

    `special` names the meld when it is one that tables pay or argue about (a Secret, an
    Escalera, a Sagasa); `options` are the house rules the reason cites, by key, so a
    page can link them.
    """

    yes: bool
    reason: str
    special: Special | None = None
    options: tuple[str, ...] = ()


def _cite(yes: bool, text: str, option: str, special: Special | None = None) -> Ruling:
    """A ruling whose reason ends citing one Tongits house rule by its rules-sheet name."""
    return Ruling(yes, cited(text, (option,), option_label), special, (option,))


def _check_jokers(cards: Sequence[Card], field: str, rules: TongitsRules) -> None:
    """No joker without Joker mode, and no more than the deck's two with it."""
    jokers = jokers_in(cards)
    if jokers and rules.jokers == 0:
        raise Refusal(
            said(
                "{field}: a joker is not a card here: this table does not play Joker mode (house "
                "rule “{rule}”)",
                field=field,
                rule=option_label("jokers"),
            ),
            field=field,
        )
    if jokers > MOST_JOKERS:
        raise Refusal(
            said(
                "{field}: {count} jokers, and the deck has only {most} (house rule “{rule}”)",
                field=field,
                count=jokers,
                most=MOST_JOKERS,
                rule=option_label("jokers"),
            ),
            field=field,
        )


def _check_cards(cards: Sequence[Card], field: str, rules: TongitsRules) -> None:
    """Real cards of the table's deck (the 52, and the jokers in Joker mode), no card but
    a joker there twice; refused on `field` otherwise."""
    _check_jokers(cards, field, rules)
    natural = naturals(cards)
    for card in natural:
        if card.suit not in SUITS or card.rank not in RANKS_52:
            raise Refusal(
                said(
                    "{field}: {card} is not a card (rank then suit, like K♠)",
                    field=field,
                    card=repr(str(card)[:6]),
                ),
                field=field,
            )
    twice = picked_twice(natural)
    if twice is not None:
        raise Refusal(
            said("{field}: {card} is there twice; a deck has one of each", field=field, card=twice),
            field=field,
        )


def _shown(cards: Sequence[Card]) -> str:
    """Cards as the table sees them, in the order given: 'Q♠ Q♥ Q♦'."""
    return " ".join(str(card) for card in cards)


# 1. Counting a hand


def _points(card: Card, rules: TongitsRules) -> int:
    """What one card counts in hand: a joker `joker_points` (6.6), any other its value."""
    return rules.joker_points if card == JOKER else card_value(card.rank)


def count_hand(
    cards: Sequence[Card],
    rules: TongitsRules,
    *,
    melds_in_hand: Sequence[Sequence[Card]] = (),
) -> tuple[int, str]:
    """A hand's total by Tongits values (ace 1, 2 to 10 their face, jack, queen, king 10,
    a joker `joker_points`), and how it was counted, card by card, so the table can check
    it.

    `cards` are the cards that count; `melds_in_hand` are melds the player keeps in hand
    instead of laying them down. They count nothing unless `hand_melds_count` (common
    play), which is why they are given apart: the total then says so, citing the rule.
    A player holds at most `most_cards` between turns, one more after drawing (or as the
    dealer's 13th card): more is refused, as is a card given twice anywhere in the hand,
    or more jokers than the deck holds. A joker that counts cites `joker_points`.
    """
    kept = [card for meld in melds_in_hand for card in meld]
    _check_cards([*cards, *kept], "cards", rules)
    most = rules.most_cards + 1
    if len(cards) + len(kept) > most:
        raise Refusal(
            said(
                "cards: {count} cards are more than a hand holds here ({most} between turns, "
                "one more after drawing; house rule “Seats”)",
                count=len(cards) + len(kept),
                most=rules.most_cards,
            ),
            field="cards",
        )
    for meld in melds_in_hand:
        ruling = rule_on_meld(meld, rules)
        if not ruling.yes:
            raise Refusal(
                said("melds_in_hand: {reason}", reason=ruling.reason), field="melds_in_hand"
            )
    counted = [*cards, *kept] if rules.hand_melds_count else list(cards)
    total = sum(_points(card, rules) for card in counted)
    if cards:
        each = " + ".join(f"{c} {_points(c, rules)}" for c in cards)
        words = said("{total} points: {cards}.", total=total, cards=each)
    else:
        words = said("{total} points: no cards left to count.", total=total)
    for meld in melds_in_hand:
        if rules.hand_melds_count:
            worth = sum(_points(card, rules) for card in meld)
            kept_meld = said(
                "the meld {meld} kept in hand counts {worth}", meld=_shown(meld), worth=worth
            )
        else:
            kept_meld = said("the meld {meld} kept in hand counts nothing", meld=_shown(meld))
        words = said("{counted}; {meld}.", counted=without_stop(words), meld=kept_meld)
    options = ("hand_melds_count",) if melds_in_hand else ()
    if jokers_in(counted):
        options = (*options, "joker_points")
    return total, cited(words, options, option_label) if options else words


# 2. Melds


def _order(rules: TongitsRules) -> list[str]:
    """The ranks in run order: the ace low only, or also high after the King."""
    return run_order("52", ace_high=not rules.ace_low_only)


def rule_on_meld(cards: Sequence[Card], rules: TongitsRules) -> Ruling:
    """Is this a meld (bahay)? Three or four of a kind, or three or more in a row of one
    suit, by the table's ace. Four of a kind is a Secret (laid down at once or kept in
    hand: tables pay it) and a run of four or more an Escalera, so the ruling names them.
    In Joker mode a joker stands for one card the meld needs, and the ruling says which:
    a meld holds at least two cards that are not jokers, four of a kind holding a joker
    is no Secret, and a run of four or more is an Escalera, jokers included (6.6).
    """
    _check_cards(cards, "cards", rules)
    shown = _shown(cards) or said("No cards")
    if len(cards) < MIN_MELD:
        return Ruling(
            False,
            said(
                "{cards}: a meld (bahay) needs at least {least} cards.", cards=shown, least=MIN_MELD
            ),
        )
    natural = naturals(cards)
    if len(natural) < LEAST_NATURAL:
        return Ruling(
            False,
            said(
                "{cards} is not a meld: a meld holds at least {least} cards that are not jokers.",
                cards=shown,
                least=LEAST_NATURAL,
            ),
        )
    if len({card.rank for card in natural}) == 1:
        return _of_a_kind(cards, natural, shown)
    reading = read_run(natural, len(cards) - len(natural), _order(rules))
    if reading is not None:
        return _run(shown, reading)
    return _not_a_run(said("{cards} is not a meld", cards=shown), cards, rules)


def _of_a_kind(cards: Sequence[Card], natural: Sequence[Card], shown: str) -> Ruling:
    """The ruling on cards of one rank, jokers standing for the suits they lack."""
    jokers = len(cards) - len(natural)
    if len(cards) > MOST_OF_A_KIND:
        return Ruling(
            False,
            said(
                "{cards} is not a meld: a kind holds at most {most} cards, one of each suit.",
                cards=shown,
                most=MOST_OF_A_KIND,
            ),
        )
    if jokers and len(cards) == FOUR_OF_A_KIND:
        return Ruling(
            True,
            said_n(
                "{cards} is a meld (bahay): 4 of a kind with a joker, an ordinary meld, not a "
                "{secret}; {stands}.",
                "{cards} is a meld (bahay): 4 of a kind with {count} jokers, an ordinary meld, "
                "not a {secret}; {stands}.",
                jokers,
                cards=shown,
                secret=SECRET,
                stands=stand_for(kind_stand_ins(natural), jokers),
            ),
        )
    if jokers:
        return Ruling(
            True,
            said(
                "{cards} is a meld (bahay): {count} of a kind; {stands}.",
                cards=shown,
                count=len(cards),
                stands=stand_for(kind_stand_ins(natural), jokers),
            ),
        )
    if len(cards) == FOUR_OF_A_KIND:
        return Ruling(
            True,
            said("{cards} is a meld (bahay): 4 of a kind, a {secret}.", cards=shown, secret=SECRET),
            "Secret",
        )
    return Ruling(
        True,
        said("{cards} is a meld (bahay): {count} of a kind.", cards=shown, count=len(cards)),
    )


def _with_jokers(text: str, reading: RunReading) -> str:
    """A run's words, closed saying which card each of its jokers stands for, if any."""
    if not reading.stand_ins:
        return text
    return said("{ruling}; {stands}.", ruling=without_stop(text), stands=run_stand_for(reading))


def _run(shown: str, reading: RunReading) -> Ruling:
    """The yes for cards in a row of one suit: an Escalera when four or more (jokers
    included), each joker's card said, and the ace rule cited when the ace sits after the
    King."""
    run = {"cards": shown, "count": len(reading.cards), "escalera": ESCALERA}
    escalera = len(reading.cards) >= ESCALERA_LENGTH
    special: Special | None = "Escalera" if escalera else None
    if reading.ace_high and escalera:
        text = said(
            "{cards} is a meld (bahay): a run of {count} in a row of one suit, an {escalera}; "
            "the ace is high here, after the King.",
            **run,
        )
    elif reading.ace_high:
        text = said(
            "{cards} is a meld (bahay): a run of {count} in a row of one suit; the ace is high "
            "here, after the King.",
            **run,
        )
    elif escalera:
        text = said(
            "{cards} is a meld (bahay): a run of {count} in a row of one suit, an {escalera}.",
            **run,
        )
    else:
        text = said("{cards} is a meld (bahay): a run of {count} in a row of one suit.", **run)
    if reading.ace_high:
        return _cite(True, _with_jokers(text, reading), "ace_low_only", special)
    return Ruling(True, _with_jokers(text, reading), special)


def _not_a_run(start: str, cards: Sequence[Card], rules: TongitsRules) -> Ruling:
    """Why cards of more than one rank fail as a run, citing the ace rule when it decides."""
    natural = naturals(cards)
    if len({card.suit for card in natural}) != 1:
        return Ruling(
            False,
            said("{start}: three or four of a kind need one rank, a run one suit.", start=start),
        )
    jokers = len(cards) - len(natural)
    kept = _kept_from_a_run(start, cards, rules)
    if kept is not None:
        return kept
    if jokers:
        return Ruling(
            False,
            said_n(
                "{start}: the cards are not in a row, even with the joker.",
                "{start}: the cards are not in a row, even with the jokers.",
                jokers,
                start=start,
            ),
        )
    return Ruling(False, said("{start}: the cards are not in a row.", start=start))


def _kept_from_a_run(start: str, cards: Sequence[Card], rules: TongitsRules) -> Ruling | None:
    """The no when only the ace rule or the corner (K-A-2) keeps cards of one suit from a
    run, so the table hears the rule that decides; None when they are just out of row."""
    natural, jokers = naturals(cards), jokers_in(cards)
    # The ace rule decides only when the ace after the King would make the cards a run:
    # 10-K-A is out of row whatever the ace does.
    high = run_order("52", ace_high=True)
    if rules.ace_low_only and read_run(natural, jokers, high) is not None:
        return _cite(
            False,
            said("{start}: the ace is only low in runs here (A-2-3), never Q-K-A.", start=start),
            "ace_low_only",
        )
    # What is a run only read on round the King (and not the ace rule's Q-K-A) turns the
    # corner: K-A-2.
    if read_run(natural, jokers, [*RANKS_52, *RANKS_52]) is not None:
        return Ruling(
            False,
            said("{start}: it goes round the corner (K-A-2), which is never a run.", start=start),
        )
    return None


# 3. Laying off (sapaw)


def rule_on_sapaw(
    meld: Sequence[Card], card: Card, rules: TongitsRules, *, own_meld: bool = False
) -> Ruling:
    """May `card` be laid off (sapaw) on `meld`, an exposed meld on the table?

    It may when it makes the set four of a kind or extends the run at either end. Laid on
    the player's own three of a kind (`own_meld`), the fourth card makes a Sagasa, which
    tables tell apart from a Secret, so the ruling names it. In Joker mode a joker may be
    laid off on any meld it can extend, and a meld's jokers are read afresh with the card
    laid off (6.6): the ruling says which card each joker then stands for.
    """
    _check_cards(meld, "meld", rules)
    _check_cards([card], "card", rules)
    _check_jokers([*meld, card], "card", rules)
    on_table = rule_on_meld(meld, rules)
    if not on_table.yes:
        # The rule that keeps it from being a meld (the ace's) is cited only where it decides
        # this card too: under its other value the meld is one, and the card then goes on it.
        reason = said("The meld on the table is not a meld: {reason}", reason=on_table.reason)
        other = rules.with_changes({"ace_low_only": not rules.ace_low_only})
        decides = bool(on_table.options) and rule_on_sapaw(meld, card, other, own_meld=own_meld).yes
        return Ruling(False, reason, None, on_table.options if decides else ())
    if card != JOKER and card in meld:
        return Ruling(False, said("{card} is already in that meld.", card=card))
    where: str
    if own_meld:
        where = said("your {meld}", meld=_shown(meld))
        lay = said("{card} may be added to {where}", card=card, where=where)
    else:
        where = _shown(meld)
        lay = said("{card} may be laid off (sapaw) on {where}", card=card, where=where)
    may_not = said("{card} may not be laid off on {where}", card=card, where=where)
    if len({c.rank for c in naturals(meld)}) == 1:
        return _on_a_kind(meld, card, lay, may_not, own_meld)
    return _on_a_run(meld, card, lay, may_not, rules)


def _on_a_kind(meld: Sequence[Card], card: Card, lay: str, may_not: str, own_meld: bool) -> Ruling:
    """A card laid off on three of a kind: another of its rank, or a joker, makes four."""
    rank = naturals(meld)[0].rank
    if card != JOKER and card.rank != rank:
        return Ruling(
            False,
            said(
                "{may_not}: only another {rank} makes it four of a kind.",
                may_not=may_not,
                rank=rank,
            ),
        )
    if len(meld) >= MOST_OF_A_KIND:
        return Ruling(False, said("{may_not}: it already holds four of a kind.", may_not=may_not))
    grown = [*meld, card]
    jokers = jokers_in(grown)
    if jokers:
        return Ruling(
            True,
            said_n(
                "{lay}: it makes four of a kind with a joker, an ordinary meld; {stands}.",
                "{lay}: it makes four of a kind with {count} jokers, an ordinary meld; {stands}.",
                jokers,
                lay=lay,
                stands=stand_for(kind_stand_ins(naturals(grown)), jokers),
            ),
        )
    if own_meld:
        return Ruling(
            True,
            said("{lay}: it makes four of a kind, a {sagasa}.", lay=lay, sagasa=SAGASA),
            "Sagasa",
        )
    return Ruling(True, said("{lay}: it makes four of a kind.", lay=lay))


def _on_a_run(
    meld: Sequence[Card], card: Card, lay: str, may_not: str, rules: TongitsRules
) -> Ruling:
    """A card laid off on a run: it goes on when the run grown by it is still a run, its
    jokers read afresh; otherwise the reason, and the cards that would go on it."""
    grown = [*meld, card]
    order = _order(rules)
    reading = read_run(naturals(grown), jokers_in(grown), order)
    if reading is not None:
        run = _shown(reading.laid())
        if reading.ace_high:
            text = said(
                "{lay}: it makes the run {run}; the ace is high here, after the King.",
                lay=lay,
                run=run,
            )
            return _cite(True, _with_jokers(text, reading), "ace_low_only")
        text = said("{lay}: it makes the run {run}.", lay=lay, run=run)
        return Ruling(True, _with_jokers(text, reading))
    suit = naturals(meld)[0].suit
    if card != JOKER and card.suit != suit:
        return Ruling(
            False, said("{may_not}: that run takes only {suit}.", may_not=may_not, suit=suit)
        )
    kept = _kept_from_a_run(may_not, grown, rules)
    if kept is not None:
        return kept
    fitting = _fitting(meld, suit, order)
    if card == JOKER or not fitting:
        return Ruling(
            False, said("{may_not}: the run already holds a card of every rank.", may_not=may_not)
        )
    if jokers_in(meld):
        return Ruling(
            False,
            said(
                "{may_not}: with a joker in it, this run takes only {cards}.",
                may_not=may_not,
                cards=names_in_words([str(c) for c in fitting]),
            ),
        )
    ends = (
        str(fitting[0])
        if len(fitting) == 1
        else said("{low} or {high}", low=fitting[0], high=fitting[1])
    )
    return Ruling(
        False,
        said(
            "{may_not}: a run grows only at either end, here with {ends}.",
            may_not=may_not,
            ends=ends,
        ),
    )


def _fitting(meld: Sequence[Card], suit: str, order: Sequence[str]) -> list[Card]:
    """The cards of the run's suit that would go on it, in the order they would lie: its
    two ends, and with jokers in it every card that a joker moved along lets in."""
    natural, jokers = naturals(meld), jokers_in(meld)
    placed: dict[Card, int] = {}
    for rank in order:
        card = Card(rank, suit)
        grown = read_run([*natural, card], jokers, order)
        if card not in natural and grown is not None:
            placed.setdefault(card, grown.place(card))
    return sorted(placed, key=placed.__getitem__)


# 4. Calling and fighting a draw, and who is burned


def _check_standing(has_exposed_meld: bool, concealed: bool, burned: bool) -> None:
    """A player is burned, concealed, or has an exposed meld: never two at once."""
    if burned and concealed:
        raise Refusal(
            said("concealed: a player is either burned or concealed (holding a Secret), not both"),
            field="concealed",
        )
    if has_exposed_meld and burned:
        raise Refusal(said("burned: a player with an exposed meld is not burned"), field="burned")
    if has_exposed_meld and concealed:
        raise Refusal(
            said("concealed: a concealed player has no exposed meld, and this one has one"),
            field="concealed",
        )


def may_call_draw(
    has_exposed_meld: bool,
    sapaw_on_them_since_last_turn: bool,
    concealed: bool,
    burned: bool,
    rules: TongitsRules,
) -> Ruling:
    """May this player call a draw at the start of their turn, before drawing?

    Only with an exposed meld (a Secret in hand lets a player fight, not call: 003), and,
    with `sapaw_blocks_draw`, not when an opponent laid off on one of their melds since
    their last turn: then they wait a turn. The rule is cited only where it decides.
    """
    _check_standing(has_exposed_meld, concealed, burned)
    if burned:
        return Ruling(
            False,
            said("No: you are {burned}, and calling a draw needs an exposed meld.", burned=BURNED),
        )
    if concealed:
        return Ruling(
            False,
            said(
                "No: you are {concealed}, so you may fight a draw but not call one: calling "
                "needs an exposed meld, and a Secret kept in hand is not enough.",
                concealed=CONCEALED,
            ),
        )
    if not has_exposed_meld:
        return Ruling(
            False,
            said(
                "No: calling a draw needs at least one exposed meld (a meld laid face up in "
                "front of you)."
            ),
        )
    if sapaw_on_them_since_last_turn and rules.sapaw_blocks_draw:
        return _cite(
            False,
            said(
                "No: an opponent has laid off (sapaw) on one of your melds since your last "
                "turn, so you wait for your next turn to call a draw."
            ),
            "sapaw_blocks_draw",
        )
    if sapaw_on_them_since_last_turn:
        return _cite(
            True,
            said(
                "Yes, at the start of your turn before you draw: you have an exposed meld, and "
                "being laid off (sapaw) on does not stop you calling at this table."
            ),
            "sapaw_blocks_draw",
        )
    return Ruling(
        True,
        said(
            "Yes, at the start of your turn before you draw: you have an exposed meld, and "
            "nobody has laid off (sapaw) on your melds since your last turn."
        ),
    )


def may_fight(
    has_exposed_meld: bool,
    concealed: bool,
    burned: bool,
    is_caller: bool,
    rules: TongitsRules,
) -> Ruling:
    """May this player fight (challenge) a draw someone called, rather than fold?

    Only with an exposed meld or concealed (a Secret in hand: 003). A burned player is
    folded automatically, and the caller does not fight their own draw. A yes says what
    folding and losing the fight cost here, citing those rules, since that is the choice.
    """
    _check_standing(has_exposed_meld, concealed, burned)
    if is_caller and not has_exposed_meld:
        raise Refusal(
            said(
                "is_caller: the caller of a draw has an exposed meld (calling needs one), and "
                "this player has none"
            ),
            field="is_caller",
        )
    if is_caller:
        return Ruling(False, said("No: the caller does not fight their own draw."))
    if burned:
        return Ruling(
            False,
            said(
                "No: you are {burned}, so you fold automatically and cannot fight.", burned=BURNED
            ),
        )
    if not (has_exposed_meld or concealed):
        return Ruling(
            False,
            said(
                "No: fighting needs an exposed meld or a Secret in hand; a player with neither "
                "folds automatically."
            ),
        )
    costs = {"fold": paid(rules, rules.fold_pays), "fight": paid(rules, rules.fight_pays)}
    if has_exposed_meld:
        text = said(
            "Yes: you have an exposed meld. Fight or fold: folding costs {fold}, losing the "
            "fight costs {fight}.",
            **costs,
        )
    else:
        text = said(
            "Yes: you are {concealed}. Fight or fold: folding costs {fold}, losing the fight "
            "costs {fight}.",
            concealed=CONCEALED,
            **costs,
        )
    options = ("fold_pays", "fight_pays")
    return Ruling(True, cited(text, options, option_label), None, options)


def is_burned(has_exposed_meld: bool, holds_secret: bool) -> Ruling:
    """Is this player burned (sunog) as the game ends? Yes with no exposed meld and no
    Secret in hand (003). Laying off on others' melds makes no exposed meld, so it does not
    save them; a Secret in hand makes them concealed instead."""
    if has_exposed_meld:
        return Ruling(False, said("No: a player with an exposed meld is not burned."))
    if holds_secret:
        return Ruling(
            False,
            said("No: no exposed meld, but a Secret in hand, so concealed, not burned (sunog)."),
        )
    return Ruling(
        True,
        said(
            "Yes: no exposed meld and no Secret in hand, so burned (sunog); laying off (sapaw) "
            "on others' melds does not save a player."
        ),
    )
