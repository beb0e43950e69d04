"""How fast the engine settles: random valid hands, printed as hands per second.

First the typical mix (100,000 hands under the presets, 2 to 6 players, every kind of
ending); then the check that a hand's totals fit in one deck (section 2.8) on its own and
inside `settle`, for 2 to 6 players holding 5, 7 and 12-card hands, every total given.
Totals come from real cards, dealt from a shuffled deck, as at a table.

A benchmark, not a test: the figure depends on the machine and on what else runs.
Run with `make bench` or `.venv/bin/python bench/settle.py [HANDS]`.
"""

import random
import sys
import time
from collections.abc import Callable, Sequence

from referee.rules import PRESETS, HouseRules, Outcome
from referee.rules.cards import dealt_totals, value_copies
from referee.rules.one_deck import Claim, check_one_deck
from referee.rules.outcome import DealTonk, Drop, Out, StockOut, TonkOut, most_cards
from referee.scoring import settle

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]
Hand = tuple[HouseRules, list[str], Outcome]


def held(rng: random.Random, rules: HouseRules, players: Sequence[str], dropper: str | None):
    """What each player holds when the hand stops: 1 to their most cards, from one deck."""
    deck = [value for value, copies in value_copies(rules.deck) for _ in range(copies)]
    rng.shuffle(deck)
    totals = {}
    for name in players:
        cards = rng.randint(1, most_cards(rules, dropper=name == dropper))
        totals[name], deck = sum(deck[:cards]), deck[cards:]
    return totals


def random_hand(rng: random.Random) -> Hand:
    """A possible hand under one of the presets, with 2 to 6 players."""
    rules = PRESETS[rng.choice(list(PRESETS))]
    players = NAMES[: rng.randint(2, 6)]
    kind = rng.choice(["deal_tonk", "tonk_out", "out", "drop", "stock_out"])
    player = rng.choice(players)
    outcome: Outcome
    if kind == "deal_tonk":
        tonks = [t for t in dealt_totals(rules.deck, rules.hand_size) if rules.deal_tonk_pays(t)]
        outcome = DealTonk({player: rng.choice(tonks)})
    elif kind == "drop":
        outcome = Drop(player, held(rng, rules, players, player))
    elif kind == "stock_out":
        outcome = StockOut(held(rng, rules, players, None))
    elif kind == "tonk_out":
        outcome = TonkOut(player, spread_six=rng.random() < 0.2)
    else:
        outcome = Out(player)
    return rules, players, outcome


def rate(hands: Sequence[Hand], run: Callable[[Hand], object]) -> float:
    """Hands per second of `run` over `hands`, after one warm-up pass (its caches filled)."""
    for hand in hands[:2000]:
        run(hand)
    started = time.perf_counter()
    for hand in hands:
        run(hand)
    return len(hands) / (time.perf_counter() - started)


def sized_hands(rng: random.Random, players: int, hand_size: int, count: int) -> list[Hand]:
    """Stock-outs where every player holds 1 to `hand_size` cards of a 52-card deck."""
    rules = HouseRules.from_json({"hand_size": hand_size})
    seated = NAMES[:players]
    return [(rules, seated, StockOut(held(rng, rules, seated, None))) for _ in range(count)]


def one_deck(hand: Hand) -> None:
    """The 2.8 check alone, as `check_outcome` calls it for a stock-out."""
    rules, _, outcome = hand
    claims = [Claim(t, 1, rules.hand_size, name) for name, t in outcome.totals.items()]
    check_one_deck(rules.deck, claims)


def main(count: int) -> None:
    rng = random.Random(2026)
    hands = [random_hand(rng) for _ in range(count)]
    mix = rate(hands, lambda hand: settle(*hand))
    print(f"typical mix: {mix:,.0f} hands per second, {1e6 / mix:.1f} µs per hand ({count:,})")
    print("stock-outs, every total given (52 cards): the one-deck check alone / settle")
    print("players | " + " | ".join(f"{size:>2} cards: check, settle" for size in (5, 7, 12)))
    for players in range(2, 7):
        row = []
        for size in (5, 7, 12):
            if players * size > 52:
                row.append(f"{'(no deal)':>22}")
                continue
            sized = sized_hands(rng, players, size, count // 10)
            row.append(
                f"{rate(sized, one_deck):>10,.0f}, {rate(sized, lambda h: settle(*h)):>7,.0f}"
            )
        print(f"{players:>7} | " + " | ".join(row))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
