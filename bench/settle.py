"""How fast the engine settles: 100,000 random valid hands, printed as hands per second.

A benchmark, not a test: the figure depends on the machine and on what else runs.
Run with `make bench` or `.venv/bin/python bench/settle.py [HANDS]`.
"""

import random
import sys
import time

from referee.rules import PRESETS, Outcome
from referee.rules.cards import dealt_totals
from referee.scoring import settle

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]


def random_hand(rng: random.Random):
    """A possible hand under one of the presets, with 2 to 6 players."""
    rules = PRESETS[rng.choice(list(PRESETS))]
    players = NAMES[: rng.randint(2, 6)]
    kind = rng.choice(["deal_tonk", "tonk_out", "out", "drop", "stock_out"])
    player = rng.choice(players)
    if kind == "deal_tonk":
        tonks = [t for t in dealt_totals(rules.deck, rules.hand_size) if rules.deal_tonk_pays(t)]
        return rules, players, Outcome(kind, totals={player: rng.choice(tonks)})
    if kind in ("drop", "stock_out"):
        totals = {name: rng.randint(1, 10 * rules.hand_size) for name in players}
        return rules, players, Outcome(kind, player if kind == "drop" else None, totals)
    return rules, players, Outcome(kind, player)


def main(count: int) -> None:
    rng = random.Random(2026)
    hands = [random_hand(rng) for _ in range(count)]
    started = time.perf_counter()
    for rules, players, outcome in hands:
        settle(rules, players, outcome)
    elapsed = time.perf_counter() - started
    print(f"settled {count:,} hands in {elapsed:.2f} s")
    print(f"{count / elapsed:,.0f} hands per second, {elapsed / count * 1e6:.1f} µs per hand")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
