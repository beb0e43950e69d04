"""Whether the totals of one hand can all be held at once, from one deck (2.8).

Suits never matter for a total, so a deck is counted by card value (`value_copies`), and
a hand is how many cards of each value it holds. The check is exact, and cheap on the
hands a table enters:

1. most hands are accepted at once: the first hand found for each total alone, added
   up, fits in the deck (`_first_hands_fit`);
2. necessary counts next, each one a reason a player understands: the cards the totals
   need at the fewest, the points they add up to, and for each cut of the values (worth
   10; worth 9 or more; ...; aces) the fewest cards on each side of the cut that every
   total needs (six 50s of five cards need 30 cards worth 10; a 52-card deck has 16);
3. then a search that deals the whole deck value by value (`_Search`): the nines to
   every player, then the eights, and so on, the tens last, since once every other value
   is dealt each player's tens are known. The cards nobody's total counts (the stock,
   the discards, the hands of players whose totals are not given) are one more holder,
   so that every copy of every value goes somewhere. A holder is what it still needs
   (points, and the fewest and most cards), so players in the same position are one
   position, and a position that failed is remembered. After each value, each holder
   must still be able to make their points from the values left, and all of them
   together must be able to take exactly the cards and the tens left.

Dealt from the highest value down, the search is quick when high totals compete for the
high cards; from the lowest up, when low totals compete for the aces. No one order is
quick on every hand, so the search runs both in turn, each with a doubling number of
steps, keeping what each learned: it ends when either finishes, in about twice the time
of the quicker one: milliseconds on the hardest totals `bench/settle.py` lists, under
0.1 s on the slowest that 100 s of searching for hostile totals found, once the counts of
`_check_points` have refused the groups of totals that ask more than any cards hold.

Counts are packed into one integer, eight bits per count, so that adding hands and asking
"does this fit in what is left" is one integer operation (`_fits`).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate, combinations
from typing import NamedTuple

from referee.rules.cards import deck_in_words, value_copies
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.words import names_in_words

BITS = 8  # a packed count: at most 6 players x 13 cards = 78 < 128, so bit 7 is a guard


class Claim(NamedTuple):
    """A player whose total is given: the total, and the fewest and most cards they hold
    (a tuple, since a hand makes up to six of them each time it is checked)."""

    total: int
    fewest: int
    most: int
    name: str = ""

    @property
    def key(self) -> tuple[int, int, int]:
        """What the check depends on (the name only words the refusal)."""
        return self.total, self.fewest, self.most


@dataclass(frozen=True)
class _Deck:
    """One deck counted by value, and the packed forms of its counts."""

    values: tuple[int, ...]
    copies: tuple[int, ...]
    packed: int  # copies of each value
    cuts: int  # cards on each side of each cut, then all the cards
    value_guard: int
    cut_guard: int
    lowest: tuple[int, ...]  # the points of the n lowest cards, for each n from 0 to all

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return len(self.lowest) - 1

    @property
    def points(self) -> int:
        """The points of all its cards."""
        return self.lowest[-1]

    @property
    def fields(self) -> int:
        """How many counts a `cuts` vector packs: two per cut, then the number of cards."""
        return 2 * (len(self.values) - 1) + 1


def _pack(counts: Sequence[int]) -> int:
    return sum(count << (BITS * i) for i, count in enumerate(counts))


def _unpack(packed: int, fields: int) -> list[int]:
    return [(packed >> (BITS * i)) & ((1 << BITS) - 1) for i in range(fields)]


def _fits(room: int, need: int, guard: int) -> bool:
    """Whether every packed count of `need` is at most the same count of `room`."""
    return ((room | guard) - need) & guard == guard


def _cut_counts(values: Sequence[int], held: Sequence[int]) -> list[int]:
    """For each cut between two values: the cards at or below it, the cards above it; then
    all the cards."""
    counts: list[int] = []
    for cut in range(len(values) - 1):
        below = sum(held[: cut + 1])
        counts += [below, sum(held) - below]
    return [*counts, sum(held)]


@cache
def _deck(deck: str) -> _Deck:
    values = tuple(value for value, _ in value_copies(deck))
    copies = tuple(count for _, count in value_copies(deck))
    guard = 1 << (BITS - 1)
    return _Deck(
        values,
        copies,
        _pack(copies),
        _pack(_cut_counts(values, copies)),
        _pack([guard] * len(values)),
        _pack([guard] * (2 * len(values) - 1)),
        tuple(
            accumulate(
                (v for v, c in zip(values, copies, strict=True) for _ in range(c)), initial=0
            )
        ),
    )


Values = tuple[tuple[int, int], ...]  # (value, copies): some of a deck's values


@cache
def _reach(values: Values) -> tuple[int, ...]:
    """For each number of cards n, from 0 to all of them, the totals that exactly n cards
    of `values` can make, as a bit mask."""
    cards = sum(count for _, count in values)
    reach = [1] + [0] * cards
    for value, count in values:
        grown = list(reach)
        for held in range(cards):
            if reach[held]:
                for taken in range(1, min(count, cards - held) + 1):
                    grown[held + taken] |= reach[held] << (taken * value)
        reach = grown
    return tuple(reach)


def _sums(deck: str, first: int, last: int, cards: int) -> int:
    """The totals that exactly `cards` cards of the deck's values[first:last] can make."""
    reach = _reach(value_copies(deck)[first:last])
    return reach[cards] if cards < len(reach) else 0


def _makes(deck: str, cut: int, below: int, above: int, total: int) -> bool:
    """Whether `below` cards at or below the cut and `above` cards above it make `total`."""
    low = _sums(deck, 0, cut + 1, below)
    high = _sums(deck, cut + 1, len(value_copies(deck)), above)
    while low:  # each total the low cards can make, against what the high cards must make
        part = (low & -low).bit_length() - 1
        if part > total:
            return False
        if high >> (total - part) & 1:
            return True
        low &= low - 1
    return False


@lru_cache(maxsize=8192)
def _needs(deck: str, total: int, fewest: int, most: int) -> int | None:
    """The fewest cards on each side of each cut that any hand of `fewest` to `most` cards
    making `total` holds, and its fewest cards, packed; None when no hand makes it."""
    found = _deck(deck)
    cuts = len(found.values) - 1
    sizes = [n for n in range(fewest, most + 1) if _sums(deck, 0, cuts + 1, n) >> total & 1]
    if not sizes:
        return None
    counts: list[int] = []
    for cut in range(cuts):
        splits = [
            (b, n - b) for n in sizes for b in range(n + 1) if _makes(deck, cut, b, n - b, total)
        ]
        counts += [min(b for b, _ in splits), min(a for _, a in splits)]
    return _pack([*counts, min(sizes)])


@lru_cache(maxsize=8192)
def _first_hand(deck: str, total: int, fewest: int, most: int) -> tuple[int, int] | None:
    """The hand found first for a total alone, taking as many of each value as still leave
    a hand, the highest value first: its packed values and its number of cards; None when
    no hand makes the total."""
    copies = value_copies(deck)
    hand = cards = 0
    points = total
    for at in range(len(copies) - 1, -1, -1):
        value, count = copies[at]
        lower = _reach(copies[:at])
        for taken in range(min(count, most - cards, points // value), -1, -1):
            held, rest = cards + taken, points - taken * value
            if any(lower[n] >> rest & 1 for n in range(max(0, fewest - held), most - held + 1)):
                break
        else:
            return None
        hand, cards, points = hand + (taken << (BITS * at)), cards + taken, points - taken * value
    return hand, cards


def check_one_deck(deck: str, claims: Sequence[Claim], *, others: int = 0) -> None:
    """Refuse totals that one deck cannot deal all at once (2.8). Each claim holds its own
    total; `others` more cards are held by players whose totals are not given (the rest of
    a deal). Each claim's total alone must be possible already."""
    if _first_hands_fit(deck, claims, others):
        return  # most hands: a deal found with one addition per total
    found = _deck(deck)
    needs = [need for need in (_needs(deck, *claim.key) for claim in claims) if need is not None]
    if len(needs) < len(claims):
        raise ValueError("check each total alone before checking them together")
    rest = others << (BITS * (found.fields - 1))
    if not _fits(found.cuts, sum(needs) + rest, found.cut_guard):
        raise _short(deck, claims, needs, rest)
    _check_points(found, deck, claims, others)
    if not _deals(deck, tuple(sorted(c.key for c in claims)), others):
        raise Refusal(
            said(
                "totals: {totals} cannot all be held at once: each of these totals can be "
                "dealt alone, but {deck} ({copies}) cannot be dealt so that {holders} at the "
                "same time",
                totals=_totals_in_words(claims),
                deck=deck_in_words(deck),
                copies=_copies_in_words(deck),
                holders=_holders_in_words(claims),
            ),
            field="totals",
        )


def _first_hands_fit(deck: str, claims: Sequence[Claim], others: int) -> bool:
    """Whether the first hand found for each total alone, all of them, and the `others`
    cards fit in the deck: then they are a deal. One addition per total, and enough for
    most hands, whose totals are far from what the deck can hold."""
    found = _deck(deck)
    values = cards = 0
    for claim in claims:
        first = _first_hand(deck, claim.total, claim.fewest, claim.most)
        if first is None:
            return False
        values, cards = values + first[0], cards + first[1]
    return cards + others <= found.size and _fits(found.packed, values, found.value_guard)


def _check_points(found: _Deck, deck: str, claims: Sequence[Claim], others: int) -> None:
    """Refuse totals that add up to more points than the deck holds, or than the highest
    cards a group of them can hold between them (the others' fewest cards and the `others`
    set aside), or to fewer than the lowest cards they must hold. Hostile totals that pass
    these counts cost the search most: 97, 110 and 94 in up to 12 cards each need 301
    points from 36 cards, and the 36 highest hold 300."""
    points = sum(c.total for c in claims)
    if points > found.points:
        raise Refusal(
            said(
                "totals: {totals} cannot all be held at once: these totals add up to {points} "
                "points; {deck} holds {held}",
                totals=_totals_in_words(claims),
                points=points,
                deck=deck_in_words(deck),
                held=found.points,
            ),
            field="totals",
        )
    fewest_of_all = sum(c.fewest for c in claims)
    for group in _groups(claims):
        points = sum(c.total for c in group)
        fewest = sum(c.fewest for c in group)
        most = min(sum(c.most for c in group), found.size - others - (fewest_of_all - fewest))
        highest = found.points - found.lowest[found.size - most]
        held = {"totals": _totals_in_words(group), "points": points, "deck": deck_in_words(deck)}
        if points > highest:
            too_many = said(
                "totals: {totals} cannot all be held at once: these totals add up to {points} "
                "points; the {most} highest cards of {deck} hold {highest}",
                most=most,
                highest=highest,
                **held,
            )
            raise Refusal(too_many, field="totals")
        if points < found.lowest[fewest]:
            too_few = said(
                "totals: {totals} cannot all be held at once: these totals add up to {points} "
                "points; the {fewest} lowest cards of {deck} hold {lowest}",
                fewest=fewest,
                lowest=found.lowest[fewest],
                **held,
            )
            raise Refusal(too_few, field="totals")


def _groups(claims: Sequence[Claim]) -> Iterator[tuple[Claim, ...]]:
    """Every group of the claims, the smallest first (63 of six)."""
    for size in range(1, len(claims) + 1):
        yield from combinations(claims, size)


# A holder as the search deals: the points it still needs, the cards it holds, and the
# fewest and most cards it may end with.
Holder = tuple[int, int, int, int]


@lru_cache(maxsize=1 << 16)
def _span(values: Values, tens: tuple[int, int], holder: Holder) -> tuple[int, ...] | None:
    """What a holder can still take of `values` and the tens so as to make its points: the
    fewest and most cards, the fewest and most tens; None when it cannot make them."""
    points, held, fewest, most = holder
    ten, copies = tens
    reach = _reach(values)
    cards: list[int] = []
    taken: list[int] = []
    for tenners in range(min(copies, most - held, points // ten) + 1):
        rest = points - tenners * ten
        for n in range(max(fewest - held, tenners), min(most - held, len(reach) - 1 + tenners) + 1):
            if reach[n - tenners] >> rest & 1:
                cards.append(n)
                taken.append(tenners)
    if not cards:
        return None
    return min(cards), max(cards), min(taken), max(taken)


class _OutOfSteps(Exception):
    """A search used the steps of its turn without finishing."""


class _Search:
    """Deals the deck value by value in one order, the tens last; see the module's
    docstring. Positions that failed stay remembered from one turn of steps to the next."""

    def __init__(self, order: Values, tens: tuple[int, int]) -> None:
        self.order, self.tens = order, tens
        self.left = [order[at:] for at in range(len(order) + 1)]  # the values still to deal
        # the cards still to deal at each step, the tens included
        self.cards = [tens[1] + sum(count for _, count in left) for left in self.left]
        self.failed: list[set[tuple[Holder, ...]]] = [set() for _ in range(len(order) + 1)]
        self.steps = 0

    def deals(self, holders: tuple[Holder, ...], steps: int) -> bool:
        """Whether the holders can be dealt; `_OutOfSteps` after `steps` new positions."""
        self.steps = steps
        return self._deal(0, holders)

    def _can_still(self, at: int, holders: tuple[Holder, ...]) -> bool:
        """Whether, together, the holders can take exactly the cards and the tens left."""
        fewest = most = fewest_tens = most_tens = 0
        for holder in holders:
            span = _span(self.left[at], self.tens, holder)
            if span is None:
                return False
            fewest, most = fewest + span[0], most + span[1]
            fewest_tens, most_tens = fewest_tens + span[2], most_tens + span[3]
        return fewest <= self.cards[at] <= most and fewest_tens <= self.tens[1] <= most_tens

    def _deal(self, at: int, holders: tuple[Holder, ...]) -> bool:
        if holders in self.failed[at]:
            return False
        self.steps -= 1
        if self.steps < 0:
            raise _OutOfSteps
        # Once every other value is dealt, each holder's tens are what its points still need.
        if self._can_still(at, holders) and (
            at == len(self.order) or self._give(at, holders, 0, self.order[at][1], [], 0)
        ):
            return True
        self.failed[at].add(holders)
        return False

    def _give(
        self,
        at: int,
        holders: tuple[Holder, ...],
        i: int,
        left: int,
        given: list[Holder],
        last: int,
    ) -> bool:
        """Every way to give the `left` copies of the value to holders i and after (a holder
        in the same position as the one before takes no more than it did: the same deal
        with the two swapped is the same position), then the next value."""
        if i == len(holders):
            return left == 0 and self._deal(at + 1, tuple(sorted(given)))
        value = self.order[at][0]
        points, held, fewest, most = holders[i]
        top = min(left, most - held, points // value)
        if i and holders[i - 1] == holders[i]:
            top = min(top, last)
        for taken in range(top, -1, -1):
            holder = (points - taken * value, held + taken, fewest, most)
            if _span(self.left[at + 1], self.tens, holder) is not None and self._give(
                at, holders, i + 1, left - taken, [*given, holder], taken
            ):
                return True
        return False


FIRST_STEPS = 64  # positions each order may try in its first turn; doubled every turn


@lru_cache(maxsize=4096)
def _deals(deck: str, claims: tuple[tuple[int, int, int], ...], others: int) -> bool:
    """Whether hands of the claimed totals and sizes can be dealt together, with `others`
    cards or more left for the players whose totals are not given."""
    copies = value_copies(deck)
    size = sum(count for _, count in copies)
    rest_points = sum(value * count for value, count in copies) - sum(t for t, _, _ in claims)
    rest = (rest_points, 0, max(others, size - sum(m for _, _, m in claims)),
            size - sum(f for _, f, _ in claims))  # fmt: skip
    holders = tuple(sorted([(total, 0, fewest, most) for total, fewest, most in claims] + [rest]))
    searches = [_Search(copies[-2::-1], copies[-1]), _Search(copies[:-1], copies[-1])]
    steps = FIRST_STEPS
    while True:
        for search in searches:
            try:
                return search.deals(holders, steps)
            except _OutOfSteps:
                pass
        steps *= 2


def _short(deck: str, claims: Sequence[Claim], needs: Sequence[int], rest: int) -> Refusal:
    """The first count the totals need more of than the deck has, in words."""
    found = _deck(deck)
    have = _unpack(found.cuts, found.fields)
    wanted = _unpack(sum(needs) + rest, found.fields)
    count_field = found.fields - 1
    order = [count_field, *range(found.fields - 2, -1, -1)]  # all cards, then the 10s, ...
    field = next(f for f in order if wanted[f] > have[f])
    concerned = [
        c for c, need in zip(claims, needs, strict=True) if _unpack(need, found.fields)[field]
    ]
    return Refusal(
        said(
            "totals: {totals} cannot all be held at once: these totals need {needed}; {deck} "
            "has {have}",
            totals=_totals_in_words(concerned),
            needed=_cards_needed(found, field, wanted[field], bool(rest)),
            deck=deck_in_words(deck),
            have=have[field],
        ),
        field="totals",
    )


def _cards_needed(found: _Deck, field: int, count: int, others: bool) -> str:
    """'12 cards worth 10': how many cards of the count `field` the totals need."""
    if field == found.fields - 1 and others:
        return said("{count} cards, with the other players' dealt hands", count=count)
    if field == found.fields - 1:
        return said("{count} cards", count=count)
    cut, above = divmod(field, 2)
    value = found.values[cut + above]
    if above and cut + 1 == len(found.values) - 1:
        return said("{count} cards worth {value}", count=count, value=value)
    if above:
        return said("{count} cards worth {value} or more", count=count, value=value)
    if value == 1:
        return said("{count} aces", count=count)
    return said("{count} cards worth {value} or less", count=count, value=value)


def _totals_in_words(claims: Sequence[Claim]) -> str:
    return names_in_words([said("{name}'s {total}", name=c.name, total=c.total) for c in claims])


def _copies_in_words(deck: str) -> str:
    found = _deck(deck)
    low = found.values[:-1]
    return said(
        "four cards of each value {low} to {high} and {copies} worth {value}",
        low=low[0],
        high=low[-1],
        copies=found.copies[-1],
        value=found.values[-1],
    )


def _holders_in_words(claims: Sequence[Claim]) -> str:
    """ "Anna holds 30, Ben 30 and Carla 29"."""
    first, *rest = claims
    return names_in_words(
        [
            said("{name} holds {total}", name=first.name, total=first.total),
            *(said("{name} {total}", name=c.name, total=c.total) for c in rest),
        ]
    )
