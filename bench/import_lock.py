"""What one import costs the other tables: a hand entered at one table while the largest
file the app accepts is imported as another.

First the figures the limits are chosen from: the file of a real night (300 hands at a
table of six, one hand in five voided and restored) and of a night at the hand limit. Then
the largest file allowed (that night, each hand with as many lines of history as fit
under MAX_IMPORT_BYTES) is imported in another process, as by another
server worker, while this one enters hands at a second table without pause: printed are
how long the import took, how long a hand takes alone (median) and the longest one took
while the import ran, whose difference is the hand's delay.

The database is SQLite in a temporary folder, or DATABASE_URL's (an empty one of your own:
the bench makes its schema). A benchmark, not a test: the figures depend on the machine.
Run with `make bench` or `.venv/bin/python bench/import_lock.py [REAL_NIGHT [FULL_NIGHT]]`
(the hands of the two nights: 300 and MAX_HANDS unless given).
"""

import copy
import multiprocessing
import os
import statistics
import sys
import tempfile
import time

from pages import build_table  # bench/pages.py: a random night through referee.store.commands
from sqlmodel import select

from referee import create_app, exact_json
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.rules.limits import MAX_CHANGES_PER_HAND, MAX_HANDS, MAX_IMPORT_BYTES
from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.models import GameTable, Hand
from referee.store.storage import database_url, session

SECRET = "bench-" + "k" * 40
OUTCOMES = [{"kind": "tonk_out", "player": name} for name in ("Anna", "Ben", "Carla")]


def make_app(instance: str):
    app = create_app({"INSTANCE_PATH": instance, "SECRET_KEY": SECRET})
    upgrade(database_url(app))
    return app


def night_file(app, hands: int) -> bytes:
    """A night of `hands` random hands at a table of six, exported: one hand in five voided
    and restored, two lines of its history."""
    table_id, _ = build_table(app, hands)
    with app.test_request_context():
        db = session()
        table = db.get(GameTable, table_id)
        for hand in db.exec(select(Hand).where(Hand.table_id == table_id)).all():
            if hand.no % 5 == 0:
                commands.void_hand(db, table, hand, version=hand.version)
                commands.restore_hand(db, table, hand, version=hand.version)
        return exact_json.dumps(export_table(db, table), indent=1).encode()


def padded(night: bytes, lines: int) -> bytes:
    """`night` with each hand's history lengthened by up to `lines` fixes (a hand holds at
    most MAX_CHANGES_PER_HAND), each to the outcome of the hand before: no line holds the
    hand's own outcome, so each is stored on its own (the import's slowest case)."""
    document = exact_json.loads(night)
    hands = document["hands"]
    for hand, before in zip(hands, hands[-1:] + hands[:-1], strict=True):
        fix = {**hand["changes"][-1], "action": "edited"}
        fix["before"] = fix["after"] = before["outcome"]
        more = min(lines, MAX_CHANGES_PER_HAND - len(hand["changes"]))
        hand["changes"] += [copy.deepcopy(fix) for _ in range(more)]
    return exact_json.dumps(document, indent=1).encode()


def largest_file(night: bytes) -> bytes:
    """`night` padded with as many lines of history as fit under MAX_IMPORT_BYTES."""
    one = len(padded(night, 1)) - len(night)
    lines = (MAX_IMPORT_BYTES - len(night)) // one
    while len(raw := padded(night, lines)) > MAX_IMPORT_BYTES:
        lines -= 1
    return raw


def importer(instance: str, raw: bytes, took) -> None:
    """Another worker: imports `raw` as a new table through the one door."""
    app = create_app({"INSTANCE_PATH": instance, "SECRET_KEY": SECRET})
    with app.test_request_context(method="POST"):
        started = time.perf_counter()
        commands.import_table(session(), load_document(raw))
        took.value = time.perf_counter() - started


def one_hand(db, table, index: int) -> float:
    started = time.perf_counter()
    commands.enter_hand(db, table, OUTCOMES[index % len(OUTCOMES)])
    return time.perf_counter() - started


def delay(app, instance: str, raw: bytes) -> None:
    with app.test_request_context(method="POST"):
        db = session()
        table = commands.start_table(
            db, name="Next table", players=["Anna", "Ben", "Carla"], preset_name="classic"
        )
        alone = [one_hand(db, table, index) for index in range(30)]
        took = multiprocessing.Value("d", 0.0)
        worker = multiprocessing.get_context("fork").Process(
            target=importer, args=(instance, raw, took)
        )
        app.extensions["db_engine"].dispose()  # the child opens its own connections
        worker.start()
        during = []
        while worker.is_alive():
            during.append(one_hand(db, table, len(during)))
        worker.join()
    if worker.exitcode != 0:
        sys.exit(f"the import failed (exit code {worker.exitcode})")
    median = statistics.median(alone)
    print(f"import of the largest file: {took.value:.2f} s")
    print(f"a hand at another table: {median * 1000:.0f} ms alone (median)")
    print(
        f"  during the import: {len(during)} hands, the longest {max(during) * 1000:.0f} ms, "
        f"a delay of {(max(during) - median) * 1000:.0f} ms"
    )


def main(real_night: int, full_night: int) -> None:
    instance = tempfile.mkdtemp()
    app = make_app(instance)
    kind = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"database: {kind}")
    real = night_file(app, real_night)
    print(f"a night of {real_night:,} hands: {len(real) / 1024:,.0f} KB")
    full = night_file(app, full_night)
    print(f"a night of {full_night:,} hands (the limit: {MAX_HANDS:,}): {len(full) / 1024:,.0f} KB")
    raw = largest_file(full)
    print(
        f"the largest file allowed: {len(raw) / 1024:,.0f} KB of {MAX_IMPORT_BYTES / 1024:,.0f} KB"
    )
    delay(app, instance, raw)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 300,
        int(sys.argv[2]) if len(sys.argv) > 2 else MAX_HANDS,
    )
