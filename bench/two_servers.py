"""Two `referee serve --workers 4` on one PostgreSQL database, the load split between them,
and with --kill one of them killed with SIGKILL mid-run: what the night loses.

The clients are bench/load.py's: half on the API (each hand with an Idempotency-Key, a
failed send sent again with it), half phones through the pages (join link, form, Check,
Save; a failed step sent again), two clients to a table. Each request goes to the next
server in turn, as a round-robin front (Caddy) sends it, and a server that failed one is
left out for 5 s (bench/front.py): so a phone's form comes from one server and is saved on
the other, and what server A had in hand when it was killed is sent again to server B. The
two servers share one instance folder (its secret key, its config.py), as on one machine.

Printed: hands per second, the latency of each request (p50, p99), the requests that
failed (then sent again), the requests each server answered, and lost or duplicated hands:
every hand a client was told was saved must be in the database exactly once, under its key,
and the database must hold no other.

    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \\
        .venv/bin/python bench/two_servers.py [--seconds 60] [--api 8] [--phones 8] [--kill 30]

A database of its own is made on that server (`<name>_benchtwo_<pid>`), dropped after.
A benchmark, not a test: the figures depend on the machine and on what else runs.
"""

import argparse
import contextlib
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from front import FRONT, Front, through
from load import Tally, api_client, make_tables, phone, verdict
from served import CANDIDATES, migrated_first, percentile, serving

from referee.store.migrate import upgrade
from tests.live import drop_pg_database, fresh_pg_database


def _kill_later(server, seconds: float, done: threading.Event, killed: list[float]) -> None:
    """SIGKILL `server` `seconds` into the run (unless the run ends first)."""
    if not done.wait(seconds):
        server.process.kill()
        killed.append(seconds)


def run(url: str, seconds: float, api: int, phones: int, kill: float | None) -> None:
    upgrade(url)
    tables = make_tables(url, max(api, phones))
    tally, killed, done = Tally(), [], threading.Event()
    with contextlib.ExitStack() as stack:
        instance = stack.enter_context(tempfile.TemporaryDirectory(prefix="referee-two-"))
        a, b = (
            stack.enter_context(
                serving(
                    migrated_first(CANDIDATES["serve"]),
                    env={"DATABASE_URL": url},
                    instance=instance,
                )
            )
            for _ in range(2)
        )
        front = Front([a.base, b.base])
        session = partial(through, front)
        deadline = time.monotonic() + seconds
        started = time.monotonic()
        killer = None
        if kill is not None:
            killer = threading.Thread(target=_kill_later, args=(a, kill, done, killed))
            killer.start()
        with ThreadPoolExecutor(api + phones) as pool:
            jobs = [
                pool.submit(api_client, FRONT, tables[i], deadline, tally, i, session)
                for i in range(api)
            ] + [
                pool.submit(phone, FRONT, tables[i], deadline, tally, i, session)
                for i in range(phones)
            ]
            for job in jobs:
                job.result()
        took = time.monotonic() - started
        done.set()
        if killer is not None:
            killer.join()
        crashes = a.output().count("Traceback") + b.output().count("Traceback")

    lost, duplicated, unreported = verdict(url, tables, tally)
    ms = [s * 1000 for s in tally.latencies]
    if killed:
        death = (
            f"A killed (SIGKILL) at {killed[0]:.0f} s: {front.failed[a.base]} requests failed "
            f"with it, sent again to B"
        )
    else:
        death = "neither killed"
    print(
        f"two servers on postgresql: {api} API clients + {phones} phones for {took:.0f} s: "
        f"{len(tally.told)} hands, {len(tally.told) / took:.1f} hands/s; "
        f"{len(ms)} requests, p50 {percentile(ms, 0.5):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms; "
        f"answered by A {front.answered[a.base]}, by B {front.answered[b.base]}; {death}; "
        f"errors {sum(tally.errors.values())} {dict(tally.errors)}; "
        f"lost {lost}, duplicated {duplicated}, stored but never confirmed {unreported}; "
        f"tracebacks in the servers' logs {crashes}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--api", type=int, default=8, help="clients on the API")
    parser.add_argument("--phones", type=int, default=8, help="clients through the pages")
    parser.add_argument("--kill", type=float, help="SIGKILL server A this many seconds in")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgresql"):
        sys.exit("two servers share one PostgreSQL database: set DATABASE_URL=postgresql://...")
    url = fresh_pg_database("benchtwo")
    try:
        run(url, args.seconds, args.api, args.phones, args.kill)
    finally:
        drop_pg_database("benchtwo")


if __name__ == "__main__":
    main()
