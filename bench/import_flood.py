"""Imports sent at once through the import page, against `referee serve --workers 4`, while a
phone's hands are entered at another table: what the flood costs the table that plays.

The file is the largest the app accepts (bench/import_lock.py makes it); IMPORTS copies are
posted at once, each from a browser of its own (the page's CSRF token and cookie). Printed:
how long the imports took and what they were answered, and the hands entered meanwhile at
the other table through the API: how many, the median and the longest.

A benchmark, not a test: the figures depend on the machine. Run with
`.venv/bin/python bench/import_flood.py [IMPORTS [HANDS_IN_THE_FILE]]` (8 and MAX_HANDS unless
given); DATABASE_URL=postgresql://... for PostgreSQL (a database of its own is made).
"""

import re
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter

import requests
from import_lock import largest_file, make_app, night_file
from served import CANDIDATES, migrated_first, serving

from referee.rules.limits import MAX_HANDS

TOKEN = re.compile(r'name="csrf_token"[^>]*?\bvalue="([^"]+)"')
OUTCOMES = [{"kind": "tonk_out", "player": name} for name in ("Anna", "Ben", "Carla")]


def post_import(base: str, raw: bytes, answers: list) -> None:
    """One browser: open the import page, then send the file with its token."""
    browser = requests.Session()
    token = TOKEN.search(browser.get(base + "/import", timeout=60).text).group(1)
    started = time.perf_counter()
    answer = browser.post(
        base + "/import",
        data={"csrf_token": token},
        files={"file": ("night.json", raw, "application/json")},
        timeout=300,
    )
    answers.append((answer.status_code, time.perf_counter() - started))


def hands_meanwhile(base: str, running: threading.Event, took: list[float]) -> None:
    """A phone at another table entering hands without pause while the imports run."""
    table = requests.post(
        base + "/api/tables", json={"players": ["Anna", "Ben", "Carla"]}, timeout=60
    ).json()
    headers = {"Authorization": f"Bearer {table['tokens']['scorekeeper']}"}
    url = f"{base}/api/tables/{table['id']}/hands"
    while running.is_set():
        started = time.perf_counter()
        answer = requests.post(
            url, json={"outcome": OUTCOMES[len(took) % 3]}, headers=headers, timeout=300
        )
        assert answer.status_code == 201, answer.text
        took.append(time.perf_counter() - started)


def main(imports: int, hands: int) -> None:
    raw = largest_file(night_file(make_app(tempfile.mkdtemp()), hands))
    print(f"{imports} imports at once of a file of {len(raw) / 1024:,.0f} KB ({hands:,} hands)")
    with serving(migrated_first(CANDIDATES["serve"])) as server:
        running, took, answers = threading.Event(), [], []
        running.set()
        phone = threading.Thread(target=hands_meanwhile, args=(server.base, running, took))
        phone.start()
        time.sleep(1)
        alone = list(took)
        senders = [
            threading.Thread(target=post_import, args=(server.base, raw, answers))
            for _ in range(imports)
        ]
        started = time.perf_counter()
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        flood = time.perf_counter() - started
        running.clear()
        phone.join()  # its hand in flight, held up by the flood, counts too
        during = took[len(alone) :] or took[-1:]  # at least the hand sent as they began
    statuses = Counter(status for status, _ in answers)
    print(f"the imports: {flood:.1f} s in all, answered {dict(statuses)}")
    print(
        f"a hand at another table: {statistics.median(alone) * 1000:.0f} ms alone (median); "
        f"during the imports {len(during)} hands, median {statistics.median(during) * 1000:.0f}"
        f" ms, the longest {max(during) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 8,
        int(sys.argv[2]) if len(sys.argv) > 2 else MAX_HANDS,
    )
