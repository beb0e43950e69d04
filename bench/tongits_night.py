"""A long night of Tongits at a table: what the replay of the night costs.

Each game of Tongits is settled with what the games before it left, so the table replays
its stored night to enter a game, and a fix of an early game stores every later game
again (referee/store/night.py). This prints how long entering a game takes as the night grows,
how long fixing the first game of the night takes, and how fast the table page answers.
A benchmark, not a test: the figures depend on the machine and on what else runs.
Run with `make bench` or `.venv/bin/python bench/tongits_night.py [GAMES]`.
"""

import random
import statistics
import sys
import tempfile
import time

from sqlmodel import select

from referee import create_app
from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.models import Hand, Player
from referee.store.storage import database_url, session

NAMES = ["Anna", "Ben", "Carla"]


def an_ending(rng: random.Random) -> dict:
    """One of the four endings, with a random winner; a draw has one fight in two."""
    who = rng.choice(NAMES)
    kind = rng.choice(["tongits", "draw", "stock_out", "bisaklat"])
    if kind in ("tongits", "bisaklat"):
        return {"kind": kind, "player": who}
    if kind == "draw":
        fighter = rng.choice([n for n in NAMES if n != who])
        if rng.random() < 0.5:
            return {"kind": "draw", "caller": who}
        totals = {who: rng.randint(0, 30), fighter: rng.randint(0, 30)}
        return {"kind": "draw", "caller": who, "fought": [fighter], "totals": totals}
    return {"kind": "stock_out", "totals": {n: rng.randint(0, 40) for n in NAMES}, "last_card": who}


def main(games: int) -> None:
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(), "SECRET_KEY": "bench-" + "k" * 40})
    upgrade(database_url(app))
    rng = random.Random(11)
    with app.test_request_context():
        db = session()
        table = commands.start_table(
            db, name="Long night", players=NAMES, preset_name="tongits", game="tongits"
        )
        took = []
        for _ in range(games):
            started = time.perf_counter()
            commands.enter_hand(db, table, an_ending(rng))
            took.append(time.perf_counter() - started)
        first = db.exec(select(Hand).where(Hand.table_id == table.id, Hand.no == 1)).one()
        dealer = db.get(Player, first.dealer_id)
        started = time.perf_counter()
        commands.edit_hand(
            db, table, first, {"kind": "bisaklat", "player": "Carla"}, dealer, version=1
        )
        fixed = time.perf_counter() - started
        table_id, token = table.id, table.scorekeeper_token
    window = max(games // 10, 1)
    print(f"tongits night of {games:,} games (ms to enter a game, median):")
    print(f"  first {window:,}: {statistics.median(took[:window]) * 1000:.1f}")
    print(f"  last {window:,}: {statistics.median(took[-window:]) * 1000:.1f}")
    print(f"  fix game 1, every later game recounted: {fixed * 1000:.0f} ms")
    client = app.test_client()
    client.get(f"/join/{table_id}/{token}")
    times = []
    for _ in range(20):
        started = time.perf_counter()
        assert client.get(f"/t/{table_id}").status_code == 200
        times.append(time.perf_counter() - started)
    print(f"  table page: {statistics.median(times) * 1000:.1f} ms median of 20")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
