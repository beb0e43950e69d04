"""What a joker stands for in a Tongits meld (tongits.md 6.6, Joker mode).

A joker is wild: in a meld it stands for any one card the meld needs. 6.6 says no more, so
the referee reads a meld with jokers the one way a table can check by eye, and says it:
- in three or four of a kind, a joker is one of the suits the meld lacks;
- in a run, the jokers fill the gaps first; a joker left over goes at the high end (the
  7♥ of 5♥ 6♥ Joker), or at the low end where the high end is full, and never makes the
  ace high after the King when another reading needs no such ace;
- the reading is made afresh for each question: a card laid off may move a joker along
  the run (5♥ 6♥ Joker takes the 7♥, the joker then stands for the 8♥).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.deal import SUITS, Card
from referee.rules.runs import JOKER
from referee.rules.said import said

MOST_JOKERS = 2  # Joker mode adds the two jokers of a 54-card deck (6.6)
LEAST_NATURAL = 2  # a meld holds at least two cards that are not jokers (6.6)
MOST_OF_A_KIND = len(SUITS)  # one card of each suit: a joker cannot make a fifth


def naturals(cards: Sequence[Card]) -> list[Card]:
    """The cards that are not jokers, in the order given."""
    return [card for card in cards if card != JOKER]


def jokers_in(cards: Sequence[Card]) -> int:
    """How many jokers `cards` hold."""
    return sum(card == JOKER for card in cards)


def kind_stand_ins(natural: Sequence[Card]) -> list[Card]:
    """The cards three or four of a kind lacks, by suit: what its jokers may stand for."""
    rank = natural[0].rank
    return [Card(rank, suit) for suit in SUITS if Card(rank, suit) not in natural]


@dataclass(frozen=True)
class RunReading:
    """Cards read as a run: `cards` low to high with each joker as the card it stands for,
    from `start` in the run order; `stand_ins` are the jokers' cards, low to high;
    `ace_high` when the ace sits after the King; `low_stand_ins` what the jokers would
    stand for read from the low end instead, when that differs (a joker laid at the other
    end of the run)."""

    start: int
    cards: tuple[Card, ...]
    stand_ins: tuple[Card, ...]
    ace_high: bool
    low_stand_ins: tuple[Card, ...]

    def laid(self) -> list[Card]:
        """The run as it lies on the table, low to high, each joker shown as a joker."""
        return [JOKER if card in self.stand_ins else card for card in self.cards]

    def place(self, card: Card) -> int:
        """Where `card` of the run lies in the run order."""
        return self.start + self.cards.index(card)


def read_run(natural: Sequence[Card], jokers: int, order: Sequence[str]) -> RunReading | None:
    """`natural` cards and `jokers` read as one run in `order` (the ranks in run order; the
    ace again after the King where it may be high), or None when no reading makes one.

    Every stretch of `order` as long as the run and holding every natural rank is a
    reading; the one chosen needs no ace after the King when another does not, and is
    the highest of those (a joker left over goes at the high end).
    """
    count = len(natural) + jokers
    ranks = {card.rank for card in natural}
    if len({card.suit for card in natural}) != 1 or len(ranks) != len(natural):
        return None
    if count > len(set(order)):
        return None  # no run holds a rank twice
    starts = [
        start
        for start in range(len(order) - count + 1)
        if ranks <= set(order[start : start + count])
    ]
    if not starts:
        return None
    ace_again = len(order) > len(set(order))

    def ace_high(start: int) -> bool:
        return ace_again and start + count == len(order)

    chosen = max(starts, key=lambda start: (not ace_high(start), start))
    suit = natural[0].suit

    def stand_ins(start: int) -> tuple[Card, ...]:
        window = order[start : start + count]
        return tuple(Card(rank, suit) for rank in window if rank not in ranks)

    low = min(starts)
    window = order[chosen : chosen + count]
    return RunReading(
        start=chosen,
        cards=tuple(Card(rank, suit) for rank in window),
        stand_ins=stand_ins(chosen),
        ace_high=ace_high(chosen),
        low_stand_ins=stand_ins(low) if low != chosen else (),
    )


def stand_for(stand_ins: Sequence[Card], jokers: int) -> str:
    """Which card each joker stands for: 'the joker stands for the 7♥'; 'the joker stands
    for the 7♦ or the 7♣' (three of a kind, two suits missing); 'the jokers stand for the
    6♥ and the 8♥'."""
    if jokers == 1 and len(stand_ins) == 1:
        return said("the joker stands for the {card}", card=stand_ins[0])
    one, other = stand_ins[0], stand_ins[1]
    if jokers == 1:
        return said("the joker stands for the {one} or the {other}", one=one, other=other)
    return said("the jokers stand for the {one} and the {other}", one=one, other=other)


def run_stand_for(reading: RunReading) -> str:
    """Which card each joker of a run stands for, and, when the jokers could as well lie at
    the run's low end, what they would stand for there."""
    jokers = len(reading.stand_ins)
    stands = stand_for(reading.stand_ins, jokers)
    low = reading.low_stand_ins
    if not low:
        return stands
    if jokers == 1:
        return said(
            "{stands} (or, laid at the low end, for the {card})", stands=stands, card=low[0]
        )
    return said(
        "{stands} (or, laid at the low end, for the {one} and the {other})",
        stands=stands,
        one=low[0],
        other=low[1],
    )
