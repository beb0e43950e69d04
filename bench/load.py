"""A night under load: clients entering hands against `referee serve --workers 4` for a
while, half through the API and half through the pages as phones do.

Each API client posts hands to POST /api/tables/{id}/hands with an Idempotency-Key, and
sends a failed post again with the same key until it is answered. Each phone opens its
table's share link, then for every hand gets the form, checks it and saves it (CSRF token
and cookie as a browser sends them), and sends a failed step again. A table is shared by
one API client and one phone. The tables are made before the run, in this process through
referee.store.commands, so no limit on making tables (per address) is met.

Prints hands per second, the latency of each request (p50, p99), the requests that failed
(then sent again), and lost or duplicated hands: every hand a client was told was saved
(201/200 from the API, a 303 from the page) must be in the database exactly once, under
its key, and the database must hold no other.

    .venv/bin/python bench/load.py [SERVER] [--seconds 60] [--api 8] [--phones 8]
    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test .venv/bin/python bench/load.py

SERVER is `serve` (`referee serve --workers 4`, the default) or one of the servers it was
chosen among (bench/served.py). SQLite in a temporary folder by default; with a PostgreSQL
DATABASE_URL, a database of its own on that server (`<name>_benchload_<pid>`), dropped
after.
A benchmark, not a test: the figures depend on the machine and on what else runs.
"""

import argparse
import os
import sys
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from served import CANDIDATES, percentile, serving
from sqlmodel import Session, col, select

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the phone of tests/live.py

from referee.store import commands  # noqa: E402
from referee.store.migrate import upgrade  # noqa: E402
from referee.store.models import Hand  # noqa: E402
from referee.store.seating import players_of  # noqa: E402
from referee.store.storage import make_engine  # noqa: E402
from tests.live import Browser, drop_pg_database, fresh_pg_database  # noqa: E402

NAMES = ["Anna", "Ben", "Carla", "Dan"]
TRIES = 10  # sends of one step before the client gives up (counted as an error each)
TIMEOUT = 30


class Tally:
    """What the clients saw, shared by their threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors: Counter[str] = Counter()
        self.told: list[tuple[int, str]] = []  # (table id, key) of every hand said saved

    def answered(self, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)

    def failed(self, why: str) -> None:
        with self.lock:
            self.errors[why] += 1

    def saved(self, table_id: int, key: str) -> None:
        with self.lock:
            self.told.append((table_id, key))


def _send(
    tally: Tally, expected: tuple[int, ...], call, *args, **kwargs
) -> requests.Response | None:
    """call(*args, **kwargs) until it answers one of `expected` (TRIES at most), each try
    timed: a retry sends the same request again (the same key, the same form)."""
    for _ in range(TRIES):
        started = time.monotonic()
        try:
            answer = call(*args, **kwargs)
        except requests.RequestException as error:
            tally.failed(type(error).__name__)
            continue
        tally.answered(time.monotonic() - started)
        if answer.status_code in expected:
            return answer
        tally.failed(f"HTTP {answer.status_code}")
        time.sleep(0.1)
    return None


def api_client(
    base: str, table: dict, deadline: float, tally: Tally, seat: int, session=requests.Session
) -> None:
    http = session()
    headers = {"Authorization": f"Bearer {table['token']}"}
    url = f"{base}/api/tables/{table['id']}/hands"
    n = seat
    while time.monotonic() < deadline:
        key = uuid.uuid4().hex
        body = {"outcome": {"kind": "out", "player": NAMES[n % len(NAMES)]}}
        n += 1
        sent = _send(
            tally, (200, 201), http.post, url, json=body, timeout=TIMEOUT,
            headers={**headers, "Idempotency-Key": key},
        )  # fmt: skip
        if sent is not None:
            tally.saved(table["id"], key)
    http.close()


def phone(
    base: str, table: dict, deadline: float, tally: Tally, seat: int, session=requests.Session
) -> None:
    browser = Browser(base, timeout=TIMEOUT, http=session())
    join = f"/join/{table['id']}/{table['token']}"
    if _send(tally, (303,), browser.get, join) is None:
        return
    url = f"/t/{table['id']}/hands/new/out"
    n = seat
    while time.monotonic() < deadline:
        player = str(table["player_ids"][n % len(NAMES)])
        n += 1
        form = _send(tally, (200,), browser.get, url)
        if form is None:
            continue
        checked = _send(
            tally, (200,), browser.post, url, browser.fields(form.text, {"player": player})
        )
        if checked is None:
            continue
        fields = browser.fields(checked.text, {"save": "1"})
        if _send(tally, (303,), browser.post, url, fields) is not None:
            tally.saved(table["id"], fields["entry_key"])
    browser.http.close()


def make_tables(url: str, count: int) -> list[dict]:
    engine = make_engine(url)
    tables = []
    with Session(engine) as db:
        for i in range(count):
            table = commands.start_table(
                db, name=f"Load {i + 1}", players=NAMES, preset_name="classic"
            )
            ids = [p.id for p in players_of(db, table)]
            tables.append({"id": table.id, "token": table.scorekeeper_token, "player_ids": ids})
    engine.dispose()
    return tables


def stored_keys(url: str, table_ids: list[int]) -> list[str | None]:
    engine = make_engine(url)
    with Session(engine) as db:
        keys = db.exec(select(Hand.entry_key).where(col(Hand.table_id).in_(table_ids))).all()
    engine.dispose()
    return list(keys)


def verdict(url: str, tables: list[dict], tally: Tally) -> tuple[int, int, int]:
    """Hands lost (said saved, not stored), duplicated (stored or said saved twice under one
    key), and stored but never said saved."""
    stored = Counter(stored_keys(url, [t["id"] for t in tables]))
    told = Counter(key for _, key in tally.told)
    lost = sum(1 for key in told if stored[key] == 0)
    duplicated = sum(count - 1 for count in stored.values() if count > 1) + sum(
        count - 1 for count in told.values() if count > 1
    )
    unreported = sum(1 for key in stored if key not in told)
    return lost, duplicated, unreported


def run(server_name: str, url: str, seconds: float, api: int, phones: int) -> None:
    def command(instance: str, port: int) -> list[str]:
        upgrade(url)
        tables.extend(make_tables(url, max(api, phones)))
        return CANDIDATES[server_name](port)

    tables: list[dict] = []
    tally = Tally()
    with serving(command, env={"DATABASE_URL": url}) as server:
        deadline = time.monotonic() + seconds
        started = time.monotonic()
        with ThreadPoolExecutor(api + phones) as pool:
            jobs = [
                pool.submit(api_client, server.base, tables[i], deadline, tally, i)
                for i in range(api)
            ] + [
                pool.submit(phone, server.base, tables[i], deadline, tally, i)
                for i in range(phones)
            ]
            for job in jobs:
                job.result()
        took = time.monotonic() - started
        crashes = server.output().count("Traceback")

    lost, duplicated, unreported = verdict(url, tables, tally)
    ms = [s * 1000 for s in tally.latencies]
    database = url.split(":", 1)[0]
    print(
        f"{server_name} on {database}: {api} API clients + {phones} phones for {took:.0f} s: "
        f"{len(tally.told)} hands, {len(tally.told) / took:.1f} hands/s; "
        f"{len(ms)} requests, p50 {percentile(ms, 0.5):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms; "
        f"errors {sum(tally.errors.values())} {dict(tally.errors)}; "
        f"lost {lost}, duplicated {duplicated}, stored but never confirmed {unreported}; "
        f"tracebacks in the server's log {crashes}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("server", nargs="?", default="serve", choices=list(CANDIDATES))
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--api", type=int, default=8, help="clients on the API")
    parser.add_argument("--phones", type=int, default=8, help="clients through the pages")
    args = parser.parse_args()
    postgresql = os.environ.get("DATABASE_URL", "").startswith("postgresql")
    if postgresql:
        url = fresh_pg_database("benchload")
        try:
            run(args.server, url, args.seconds, args.api, args.phones)
        finally:
            drop_pg_database("benchload")
    else:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="referee-load-") as folder:
            run(
                args.server,
                f"sqlite:///{folder}/referee.sqlite3",
                args.seconds,
                args.api,
                args.phones,
            )


if __name__ == "__main__":
    main()
