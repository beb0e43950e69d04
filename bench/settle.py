"""How fast the engine settles: random valid hands, printed as hands per second.

First the typical mix (100,000 hands under the presets, 2 to 6 players, every kind of
ending); then the check that a hand's totals fit in one deck (section 2.8) on its own and
inside `settle`, for 2 to 6 players holding 5, 7 and 12-card hands, every total given.
Totals come from real cards, dealt from a shuffled deck, as at a table. Then the check's
worst cases: contrived totals near the limits, which the search settles exactly. Last,
Tongits: nights of random games under its presets, half of them with version 2's options
drawn on top, each game settled with the state (pot, streak, dealer) the game before
left, as the table app replays them.

A benchmark, not a test: the figure depends on the machine and on what else runs.
Run with `make bench` or `.venv/bin/python bench/settle.py [HANDS]`.
"""

import contextlib
import random
import sys
import time
from collections.abc import Callable, Sequence

from referee.rules import Refusal
from referee.rules.cards import dealt_totals, value_copies
from referee.rules.tongits import PRESETS as TONGITS_PRESETS
from referee.rules.tongits import TongitsRules
from referee.rules.tongits import parse_outcome as tongits_outcome
from referee.rules.tonk import PRESETS, HouseRules, Outcome
from referee.rules.tonk.one_deck import Claim, _deals, check_one_deck
from referee.rules.tonk.outcome import DealTonk, Drop, Out, StockOut, TonkOut, most_cards
from referee.scoring.tongits import settle as tongits
from referee.scoring.tonk import settle

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
        outcome = DealTonk(totals={player: rng.choice(tonks)})
    elif kind == "drop":
        outcome = Drop(player=player, totals=held(rng, rules, players, player))
    elif kind == "stock_out":
        outcome = StockOut(totals=held(rng, rules, players, None))
    elif kind == "tonk_out":
        outcome = TonkOut(player=player, spread_six=rng.random() < 0.2)
    else:
        outcome = Out(player=player)
    return rules, players, outcome


def rate(hands: Sequence[Hand], run: Callable[[Hand], object]) -> float:
    """Hands per second of `run` over `hands`, after a warm-up on the first fifth of them
    (the caches by total filled). The timed hands are the other four fifths, so that the
    cache of whole hands' totals (`one_deck._deals`) does not flatter the figure."""
    warm, timed = hands[: len(hands) // 5], hands[len(hands) // 5 :]
    for hand in warm:
        run(hand)
    started = time.perf_counter()
    for hand in timed:
        run(hand)
    return len(timed) / (time.perf_counter() - started)


def sized_hands(rng: random.Random, players: int, hand_size: int, count: int) -> list[Hand]:
    """Stock-outs where every player holds 1 to `hand_size` cards of a 52-card deck."""
    rules = HouseRules.from_json({"hand_size": hand_size})
    seated = NAMES[:players]
    return [(rules, seated, StockOut(totals=held(rng, rules, seated, None))) for _ in range(count)]


CONTRIVED = [  # near the limits: the first four took a search by player 0.7 s to minutes
    ("52", [Claim(t, 12, 12) for t in (120, 93, 54, 35)]),
    ("52", [Claim(t, 1, 12) for t in (104, 101, 96, 31)]),
    ("52", [Claim(t, 7, 7) for t in (59, 47, 47, 44, 33, 18)]),
    ("52", [Claim(t, 1, 7) for t in (65, 63, 56, 48, 43, 41)]),
    # the slowest of 50,000 random totals near the limits, for the search by value
    ("52", [Claim(t, 1, 12) for t in (109, 116, 76, 26)]),
    ("52", [Claim(t, 1, 7) for t in (63, 69, 8, 59, 48, 59)]),
    ("52", [Claim(t, 1, 7) for t in (51, 68, 58, 58, 14, 64)]),
    ("40", [Claim(t, 1, 5) for t in (35, 12, 41, 37, 43, 41)]),
]


def one_deck(hand: Hand) -> None:
    """The 2.8 check alone, as `check_outcome` calls it for a stock-out."""
    rules, _, outcome = hand
    claims = [Claim(t, 1, rules.hand_size, name) for name, t in outcome.totals.items()]
    check_one_deck(rules.deck, claims)


THREE = NAMES[:3]


def tongits_rules(rng: random.Random) -> TongitsRules:
    """A night's rules: one of the presets (the joker preset among them), and half the
    time version 2's options drawn at random on top (tongits.md 6.1)."""
    rules = TONGITS_PRESETS[rng.choice(list(TONGITS_PRESETS))]
    if rng.random() < 0.5:
        return rules
    return rules.with_changes(
        {
            "opening_ante": rng.randint(0, 2),
            "jackpot_wins": rng.randint(1, 5),
            "run_bonus": rng.randint(0, 2),
            "burned_extra": rng.randint(0, 2),
            "king_bonus": rng.randint(0, 2),
            "draw_pays": rng.choice(["winner", "caller"]),
            "point_pays": rng.randint(0, 2),
            "point_pays_on": rng.choice(["difference", "total"]),
        }
    )


def tongits_game(rng: random.Random, rules: TongitsRules) -> dict:
    """A possible Tongits game among three, as the table enters it: every ending, fights,
    burned players and bonuses (kings, and jokers where the rules play them)."""
    kind = rng.choice(["tongits", "draw", "draw", "stock_out", "bisaklat"])
    winner = rng.choice(THREE)
    others = [name for name in THREE if name != winner]
    if kind in ("tongits", "bisaklat"):
        game: dict = {"kind": kind, "player": winner}
        if kind == "tongits" and rng.random() < 0.3:
            game["burned"] = [rng.choice(others)]
    elif kind == "draw":
        fought = [name for name in others if rng.random() < 0.5]
        game = {"kind": "draw", "caller": winner, "fought": fought,
                "totals": {name: rng.randint(0, 60) for name in [winner, *fought]}}  # fmt: skip
    else:
        burned = [name for name in others if rng.random() < 0.2]
        game = {"kind": "stock_out", "burned": burned, "last_card": rng.choice(THREE),
                "totals": {n: rng.randint(0, 60) for n in THREE if n not in burned}}  # fmt: skip
    if rng.random() < 0.3:
        jokers = rng.randint(0, rules.jokers)
        game["bonuses"] = {
            winner: {"secret": 1, "aces": rng.randint(0, 2), "kings": rng.randint(0, 2),
                     "jokers": jokers}
        }  # fmt: skip
    return game


def tongits_rate(rng: random.Random, count: int) -> float:
    """Tongits games settled per second over nights of 20 games (each night's rules drawn
    by `tongits_rules`), each game settled with the state the one before left."""
    nights = []
    for _ in range(max(1, count // 20)):
        rules = tongits_rules(rng)
        nights.append((rules, [tongits_outcome(tongits_game(rng, rules)) for _ in range(20)]))
    started = time.perf_counter()
    for rules, games in nights:
        state = None
        for game in games:
            state = tongits.settle(rules, THREE, game, state).state
    return sum(len(games) for _, games in nights) / (time.perf_counter() - started)


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
            checked = rate(sized_hands(rng, players, size, count // 10), one_deck)
            settled = rate(sized_hands(rng, players, size, count // 10), lambda h: settle(*h))
            row.append(f"{checked:>10,.0f}, {settled:>7,.0f}")
        print(f"{players:>7} | " + " | ".join(row))
    print("contrived totals, the one-deck check alone (ms: best and worst of 5, search cold):")
    for deck, claims in CONTRIVED:
        times = []
        for _ in range(5):
            _deals.cache_clear()  # as for totals never seen before
            started = time.perf_counter()
            with contextlib.suppress(Refusal):
                check_one_deck(deck, claims)
            times.append(1000 * (time.perf_counter() - started))
        sizes = {f"{c.fewest} to {c.most}" if c.fewest < c.most else f"{c.most}" for c in claims}
        shown = ", ".join(str(c.total) for c in claims) + f" ({', '.join(sizes)} cards each)"
        print(f"  {min(times):6.2f} {max(times):6.2f}  {shown}")
    played = tongits_rate(rng, count // 5)
    print(f"tongits: {played:,.0f} games per second, each with the night's pot and streak")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
