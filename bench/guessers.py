"""Guessers against `referee serve --workers 4`, on SQLite and on PostgreSQL: what they get,
and whether the table's own link still opens it (referee.web.rate_limits).

For each database: 40 wrong share links at once for one table, 40 wrong API bearer tokens at
once for another (each answered 404 until the table's limit, then 429; a 500 is a failure),
then the right link and the right token from the same address; then 16 tables started at once
from one address. Prints the answers by status and how long each burst took. Run from the
repository's root:

    .venv/bin/python bench/guessers.py [sqlite|postgresql ...]
"""

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.live import drop_pg_database, free_port, fresh_pg_database  # noqa: E402

REFEREE = Path(sys.executable).with_name("referee")
GUESSES, TABLES = 40, 16
NEW_TABLE = {"players": ["Anna", "Ben", "Carla"]}


def burst(count: int, send: Callable[[int], int]) -> tuple[Counter, float]:
    """send(i) for i in range(count), released at one moment; the statuses and the seconds."""
    gate = threading.Barrier(count)

    def run(i: int) -> int:
        gate.wait()
        return send(i)

    started = time.perf_counter()
    with ThreadPoolExecutor(count) as pool:
        answers = Counter(pool.map(run, range(count)))
    return answers, time.perf_counter() - started


def wait_until_up(base: str, process: subprocess.Popen) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit(f"referee serve exited with {process.returncode}")
        try:
            requests.get(base + "/", timeout=5)
            return
        except requests.ConnectionError:
            time.sleep(0.1)
    raise SystemExit("referee serve did not answer")


def new_table(base: str) -> tuple[int, dict[str, str]]:
    created = requests.post(base + "/api/tables", json=NEW_TABLE, timeout=30).json()
    return created["id"], created["tokens"]


def run(base: str) -> None:
    """Two tables: one guessed at through its share links, one through the API."""
    (table, tokens), (other, other_tokens) = new_table(base), new_table(base)
    link = f"{base}/join/{table}"
    api = f"{base}/api/tables/{other}"

    def wrong_link(i: int) -> int:
        return requests.get(f"{link}/wrong-{i}", allow_redirects=False, timeout=60).status_code

    def wrong_bearer(i: int) -> int:
        headers = {"Authorization": f"Bearer wrong-{i}"}
        return requests.get(api, headers=headers, timeout=60).status_code

    def start(_: int) -> int:
        return requests.post(base + "/api/tables", json=NEW_TABLE, timeout=60).status_code

    for name, send, count in (
        ("wrong links at once", wrong_link, GUESSES),
        ("wrong bearer tokens at once", wrong_bearer, GUESSES),
    ):
        answers, seconds = burst(count, send)
        print(f"  {count} {name}: {dict(sorted(answers.items()))} in {seconds:.2f} s")
    right = requests.get(f"{link}/{tokens['scorekeeper']}", allow_redirects=False, timeout=30)
    bearer = {"Authorization": f"Bearer {other_tokens['watch']}"}
    print(f"  then the right link: {right.status_code}, the right token: "
          f"{requests.get(api, headers=bearer, timeout=30).status_code}")  # fmt: skip
    answers, seconds = burst(TABLES, start)
    print(f"  {TABLES} tables started at once: {dict(sorted(answers.items()))} in {seconds:.2f} s")


def serve(database: str) -> None:
    folder = Path(tempfile.mkdtemp(prefix="referee-guessers-"))
    url = (
        f"sqlite:///{folder / 'referee.sqlite3'}"
        if database == "sqlite"
        else fresh_pg_database("guessers")
    )
    port = free_port()
    with open(folder / "log.txt", "wb") as log:
        process = subprocess.Popen(
            [REFEREE, "serve", "--port", str(port), "--workers", "4"],
            cwd=folder,
            env={**os.environ, "DATABASE_URL": url},
            stdout=log,
            stderr=log,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, process)
        print(f"{database}, referee serve --workers 4:")
        run(base)
    finally:
        process.terminate()
        process.wait(20)
        if database != "sqlite":
            drop_pg_database("guessers")


if __name__ == "__main__":
    for database in sys.argv[1:] or ["sqlite", "postgresql"]:
        serve(database)
