"""A confirmed hand survives the writer being killed at any moment (SQLite, WAL,
synchronous=FULL), and no hand is ever half written.

A writer process enters hands through the commands and prints each hand's number as
soon as its commit returns; it is killed with SIGKILL at a random moment, 20 times,
on the same database file. After each kill the file must be sound and hold every hand
the writer confirmed, each one whole.
"""

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from sqlmodel import Session

from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.storage import make_engine

WRITER = Path(__file__).with_name("durability_writer.py")
RUNS = 20
NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _start_night(path: Path) -> int:
    url = f"sqlite:///{path}"
    upgrade(url)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            return commands.start_table(
                db, name="Power cut", players=NAMES, preset_name="classic"
            ).id
    finally:
        engine.dispose()


def _run_and_kill(path: Path, table_id: int, seed: int, delay: float) -> tuple[list[int], str]:
    """Start the writer, let it write for `delay` seconds, SIGKILL it: the hand numbers it
    confirmed (whole lines only) and what it said on stderr."""
    writer = subprocess.Popen(
        [sys.executable, str(WRITER), str(path), str(table_id), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        ready = writer.stdout.readline()
        assert ready == b"ready\n", (ready, writer.stderr.read().decode()[-2000:])
        time.sleep(delay)
        writer.kill()
        out, err = writer.communicate(timeout=30)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.returncode == -9, (writer.returncode, err.decode()[-2000:])
    *lines, _partial = out.decode().split("\n")
    return [int(line) for line in lines], err.decode()


def _check(path: Path, confirmed: set[int], context: str) -> int:
    """The file is sound and holds every confirmed hand, each with its nets and history."""
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)], context
        assert db.execute("PRAGMA foreign_key_check").fetchall() == [], context
        hands = db.execute("SELECT id, no, seats_json FROM hand").fetchall()
        nets = {
            hand_id: (count, total)
            for hand_id, count, total in db.execute(
                "SELECT hand_id, count(*), sum(cents) FROM handnet GROUP BY hand_id"
            )
        }
        entered = dict(
            db.execute(
                "SELECT hand_id, count(*) FROM handchange WHERE action = 'entered' GROUP BY hand_id"
            ).fetchall()
        )
        orphans = db.execute(
            "SELECT count(*) FROM handchange WHERE hand_id NOT IN (SELECT id FROM hand)"
        ).fetchone()[0]
    numbers = sorted(no for _, no, _ in hands)
    assert numbers == list(range(1, len(hands) + 1)), context
    half_written = [
        no
        for hand_id, no, seats in hands
        if nets.get(hand_id) != (len(json.loads(seats)), 0) or entered.get(hand_id) != 1
    ]
    assert half_written == [], f"{context}: hands without their nets or history {half_written}"
    assert set(nets) <= {hand_id for hand_id, _, _ in hands} and orphans == 0, context
    lost = sorted(confirmed - set(numbers))
    assert lost == [], f"{context}: confirmed hands missing after the kill: {lost}"
    return len(hands)


def test_killing_the_writer_at_any_moment_loses_no_confirmed_hand(tmp_path):
    path = tmp_path / "referee.sqlite3"
    table_id = _start_night(path)
    seed = int.from_bytes(os.urandom(4))
    rng = random.Random(seed)
    confirmed: set[int] = set()
    started = time.monotonic()
    for run in range(RUNS):
        delay = rng.uniform(0, 0.5)
        printed, err = _run_and_kill(path, table_id, seed + run, delay)
        assert "Traceback" not in err, err[-2000:]
        confirmed.update(printed)
        stored = _check(path, confirmed, f"seed {seed}, run {run}, killed after {delay:.3f} s")
        assert stored >= max(confirmed, default=0)
    assert confirmed, "the writer never confirmed a hand before being killed"
    assert time.monotonic() - started < 60
