"""Whether the totals of one hand can all be held at once, from one deck (2.8).

Suits never matter for a total, so a deck is counted by card value (`value_copies`), and
a hand is how many cards of each value it holds. The check is cheap, and exact on every
hand but contrived ones (see the budget below):

1. necessary counts first, each one a reason a player understands: the cards the totals
   need at the fewest, the points they add up to, and for each cut of the values (worth 10;
   worth 9 or more; ...; aces) the fewest cards on each side of the cut that every total
   needs (six 50s of five cards need 30 cards worth 10; a 52-card deck has 16);
2. then a search that deals real hands, by value, one player after another (the most
   constrained first), and stops at the first deal that gives every total; a deal that
   fails is remembered by what is left of the deck, and the counts of step 1 prune it.
   The search has a budget of steps (`SEARCH_STEPS`, a few milliseconds): a hand it can
   neither deal nor rule out in time is accepted, since the referee refuses only the
   totals it can show impossible.

Before both, most hands are accepted at once: the first hand found for each total alone,
added up, fits in the deck (`_first_hands_fit`). Then a few tries per total, dealt one
after another (`_quick_deal`), accept most of the rest before the search.

Counts are packed into one integer, eight bits per count, so that adding hands and asking
"does this fit in what is left" is one integer operation (`_fits`).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate, chain, islice
from typing import NamedTuple

from referee.rules.cards import deck_in_words, value_copies
from referee.rules.refusal import Refusal
from referee.rules.wording import names_in_words

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
    unit_cuts: tuple[int, ...]  # the packed cuts of one card of each value
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
            _pack(_cut_counts(values, [int(at == one) for at in range(len(values))]))
            for one in range(len(values))
        ),
        tuple(
            accumulate(
                (v for v, c in zip(values, copies, strict=True) for _ in range(c)), initial=0
            )
        ),
    )


@cache
def _sums(deck: str, first: int, last: int, cards: int) -> int:
    """The totals that exactly `cards` cards of values[first:last] can make, as a bit mask."""
    reachable = [0] * (cards + 1)
    reachable[0] = 1
    found = _deck(deck)
    for value, count in zip(found.values[first:last], found.copies[first:last], strict=True):
        grown = list(reachable)
        for held in range(cards):
            for taken in range(1, min(count, cards - held) + 1):
                grown[held + taken] |= reachable[held] << (taken * value)
        reachable = grown
    return reachable[cards]


def _makes(deck: str, cut: int, below: int, above: int, total: int) -> bool:
    """Whether `below` cards at or below the cut and `above` cards above it make `total`."""
    found = _deck(deck)
    low = _sums(deck, 0, cut + 1, below)
    high = _sums(deck, cut + 1, len(found.values), above)
    if low == 0 or high == 0:
        return False
    least, greatest = (low & -low).bit_length() - 1, low.bit_length() - 1
    if low == ((1 << (greatest - least + 1)) - 1) << least:  # 1 to v: every sum between
        start, end = max(0, total - greatest), total - least
        return end >= start and (high >> start) & ((1 << (end - start + 1)) - 1) != 0
    while low:  # each total the low cards can make, against what the high cards must make
        bit = low & -low
        part = bit.bit_length() - 1
        if part > total:
            return False
        if high >> (total - part) & 1:
            return True
        low ^= bit
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


SEARCH_STEPS = 2_000  # steps of the exhaustive search: a few milliseconds at worst


class _OutOfSteps(Exception):
    """The exhaustive search used its budget without finding a deal or trying every one."""


class _Budget:
    """Steps left to the exhaustive search; each hand it looks at takes one."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfSteps


def _hands(
    found: _Deck,
    left: Sequence[int],
    claim: Claim,
    dead: set[tuple[int, int, int]],
    order: Sequence[int] | None = None,
    budget: _Budget | None = None,
) -> Iterator[tuple[int, int]]:
    """Each hand of `claim.fewest` to `claim.most` cards from the cards `left` (by value) that
    makes `claim.total`, as its packed values and packed cuts, taking values in `order`
    (the highest first by default), as many of each as can be first. A branch that yields
    nothing is remembered in `dead` (for this `left` and order), so that even an exhaustive
    walk visits each (value, points, room) once. Each step of the walk takes one step of
    `budget`, if given."""
    values = order if order is not None else range(len(found.values) - 1, -1, -1)
    top = [max((found.values[at] for at in values[i:]), default=0) for i in range(len(values))]

    def walk(i: int, points: int, room: int, hand: int, cuts: int) -> Iterator[tuple[int, int]]:
        if budget is not None:
            budget.take()
        if points == 0:
            if claim.most - room >= claim.fewest:
                yield hand, cuts
            return
        if i == len(values) or (i, points, room) in dead or points > room * top[i]:
            return
        at = values[i]
        value, found_any = found.values[at], False
        for taken in range(min(left[at], room, points // value), -1, -1):
            for dealt in walk(
                i + 1,
                points - taken * value,
                room - taken,
                hand + (taken << (BITS * at)),
                cuts + taken * found.unit_cuts[at],
            ):
                found_any = True
                yield dealt
        if not found_any:
            dead.add((i, points, room))

    yield from walk(0, claim.total, claim.most, 0, 0)


@lru_cache(maxsize=8192)
def _first_tries(deck: str, key: tuple[int, int, int]) -> tuple[tuple[int, int], ...]:
    """A few different hands that make a claim from a full deck, highest cards first, then
    the cards nearest its average first (a hand as dealt: it leaves most for the others),
    then lowest first: what the quick search tries before the exhaustive one."""
    found = _deck(deck)
    claim = Claim(*key)
    orders = (None, _nearest_first(found, claim), range(len(found.values)))
    tries = (
        islice(_hands(found, found.copies, claim, set(), order), FIRST_TRIES) for order in orders
    )
    return tuple(dict.fromkeys(chain.from_iterable(tries)))  # each hand once, in order


FIRST_TRIES = 3  # hands per way of walking the values


def _nearest_first(found: _Deck, claim: Claim) -> list[int]:
    """The values (their places in the deck), the nearest to the claim's average card
    first: the order in which a hand as dealt is found soonest."""
    average = claim.total / claim.most
    return sorted(range(len(found.values)), key=lambda at: abs(found.values[at] - average))


@lru_cache(maxsize=8192)
def _first_hand(deck: str, total: int, fewest: int, most: int) -> tuple[int, int] | None:
    """The first hand `_first_tries` finds for a claim, as its packed values and its number
    of cards; None when no hand makes the total."""
    tries = _first_tries(deck, (total, fewest, most))
    if not tries:
        return None
    hand, cuts = tries[0]
    return hand, cuts >> (BITS * (_deck(deck).fields - 1))


def check_one_deck(deck: str, claims: Sequence[Claim], *, others: int = 0) -> None:
    """Refuse totals that one deck cannot deal all at once (2.8). Each claim holds its own
    total; `others` more cards are held by players whose totals are not given (the rest of
    a deal). Each claim's total alone must be possible already.

    The referee refuses only what it can show impossible: counts that the deck cannot
    meet, or a search that tries every deal. The search has a budget (`SEARCH_STEPS`) so
    that no hand, however contrived, keeps a request waiting; past it, the totals stand."""
    if _first_hands_fit(deck, claims, others):
        return  # most hands: a deal found with one addition per total
    found = _deck(deck)
    needs = [need for need in (_needs(deck, *claim.key) for claim in claims) if need is not None]
    if len(needs) < len(claims):
        raise ValueError("check each total alone before checking them together")
    rest = others << (BITS * (found.fields - 1))
    if not _fits(found.cuts, sum(needs) + rest, found.cut_guard):
        raise _short(deck, claims, needs, rest)
    if len(claims) < 2:
        return  # one total, possible alone, and enough cards left for the others
    _check_points(found, deck, claims, others)
    if not _quick_deal(
        found, deck, sorted(zip(claims, needs, strict=True), reverse=True), rest
    ) and not _deals(deck, tuple(sorted((c.key for c in claims), reverse=True)), rest):
        raise Refusal(
            f"totals: {_totals_in_words(claims)} cannot all be held at once: each of these "
            f"totals can be dealt alone, but {deck_in_words(deck)} ({_copies_in_words(deck)}) "
            f"cannot be dealt so that {_holders_in_words(claims)} at the same time",
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
    """Refuse totals that add up to more points than the deck holds, or that leave the rest
    of the deck's points to too few or too many other cards."""
    points = sum(c.total for c in claims)
    if points > found.points:
        raise Refusal(
            f"totals: {_totals_in_words(claims)} cannot all be held at once: these totals add "
            f"up to {points} points; {deck_in_words(deck)} holds {found.points}",
            field="totals",
        )
    fewest_left = max(found.size - sum(c.most for c in claims), others)
    most_left = found.size - sum(c.fewest for c in claims)
    left = found.points - points
    if not found.lowest[fewest_left] <= left <= found.points - found.lowest[-1 - most_left]:
        raise Refusal(
            f"totals: {_totals_in_words(claims)} cannot all be held at once: the other "
            f"{fewest_left} to {most_left} cards of {deck_in_words(deck)} would hold "
            f"{left} points",
            field="totals",
        )


def _quick_deal(found: _Deck, deck: str, claims: Sequence[tuple[Claim, int]], rest: int) -> bool:
    """Whether a few tries deal the claims, the highest total first, each the first of its
    tries that fits what is left and leaves what the later claims need: most hands deal so."""
    later = rest + sum(need for _, need in claims)
    values, cuts = found.packed, found.cuts
    value_guard, cut_guard = found.value_guard, found.cut_guard
    for claim, need in claims:
        later -= need
        for hand, hand_cuts in _first_tries(deck, claim[:3]):
            if _fits(values, hand, value_guard) and _fits(cuts - hand_cuts, later, cut_guard):
                values, cuts = values - hand, cuts - hand_cuts
                break
        else:
            return False
    return True


@lru_cache(maxsize=4096)
def _deals(deck: str, claims: tuple[tuple[int, int, int], ...], rest: int) -> bool:
    """Whether hands of the claimed sizes and totals can be dealt together: a search by
    player, the highest totals first, drawing every hand from what the earlier ones left,
    pruned by the counts every later claim needs and remembering each deck left that
    failed. True too when it runs out of steps: only a finished search refuses."""
    found = _deck(deck)
    order = claims  # the highest totals first
    later = [rest] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        later[i] = later[i + 1] + (_needs(deck, *order[i]) or 0)
    failed: set[tuple[int, int]] = set()
    budget = _Budget(SEARCH_STEPS)

    def deal(i: int, values: int, cuts: int) -> bool:
        if i == len(order):
            return True
        if (i, values) in failed:
            return False
        left = _unpack(values, len(found.values))
        for hand, hand_cuts in _hands(found, left, Claim(*order[i]), set(), budget=budget):
            rest_cuts = cuts - hand_cuts
            if _fits(rest_cuts, later[i + 1], found.cut_guard) and deal(
                i + 1, values - hand, rest_cuts
            ):
                return True
        failed.add((i, values))
        return False

    try:
        return deal(0, found.packed, found.cuts)
    except _OutOfSteps:
        return True  # not shown impossible: the referee accepts the totals


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
    if field == count_field:
        what = "cards"
        if rest:
            what = "cards, with the other players' dealt hands"
    else:
        cut, above = divmod(field, 2)
        value = found.values[cut + above]
        if above:
            what = (
                f"cards worth {value}"
                if cut + 1 == len(found.values) - 1
                else f"cards worth {value} or more"
            )
        else:
            what = "aces" if value == 1 else f"cards worth {value} or less"
    return Refusal(
        f"totals: {_totals_in_words(concerned)} cannot all be held at once: these totals need "
        f"{wanted[field]} {what}; {deck_in_words(deck)} has {have[field]}",
        field="totals",
    )


def _totals_in_words(claims: Sequence[Claim]) -> str:
    return names_in_words([f"{c.name}'s {c.total}" for c in claims])


def _copies_in_words(deck: str) -> str:
    found = _deck(deck)
    low = found.values[:-1]
    return (
        f"four cards of each value {low[0]} to {low[-1]} and {found.copies[-1]} worth "
        f"{found.values[-1]}"
    )


def _holders_in_words(claims: Sequence[Claim]) -> str:
    """ "Anna holds 30, Ben 30 and Carla 29"."""
    first, *rest = claims
    return names_in_words(
        [f"{first.name} holds {first.total}", *(f"{c.name} {c.total}" for c in rest)]
    )
