"""What a page and a hand entered cost as the night grows: a table of six measured at
100, 1,000 and 2,000 hands (issue 24: a busy night must cost no more at its 2,000th hand
than at its 100th, within 1.5 times).

A table of each size is built in this process through referee.store.commands
(bench/pages.py), and every page a table uses is asked for through the app, as a phone with
the scorekeeper link asks: the table page, a drop's form, settle-up, the hands list, the rules
sheet, share, the latest hand's page, and the API's table (GET /api/tables/{id}). A hand is
entered each way: Save on the page's form (after its Check; the Save alone is timed) and
POST /api/tables/{id}/hands. Each figure is the median of `--repeats` runs, in ms, the
sizes taken in turn in each round.
`--profile` prints cProfile's top lines (by cumulative time, the app's own functions) over
every request at the largest size: a function called once per hand shows there.
A benchmark, not a test: the figures depend on the machine and on what else runs
(tests/test_rows_read.py keeps the rows each view reads from growing).

    .venv/bin/python bench/growth.py [--sizes 100,1000,2000] [--repeats 9] [--profile]
"""

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pages import build_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the form reader of the tests

from referee import create_app  # noqa: E402
from referee.store.migrate import upgrade  # noqa: E402
from referee.store.storage import database_url  # noqa: E402
from tests.conftest import form_fields  # noqa: E402


def views(client, table_id: int, token: str, latest: int) -> dict[str, Callable[[], object]]:
    """Each page and entry measured, as a request that must succeed (`latest`: the number of
    the hand whose page is asked for)."""
    api = {"Authorization": f"Bearer {token}"}

    def page(url: str, headers: dict[str, str] | None = None) -> Callable[[], object]:
        def get() -> object:
            answer = client.get(url, headers=headers)
            assert answer.status_code == 200, (url, answer.status_code)
            return answer

        return get

    def save() -> object:
        """Save on a hand's form, after its Check (the Save alone is timed)."""
        url = f"/t/{table_id}/hands/new/out"
        fields = form_fields(client.get(url).text)
        checked = client.post(url, data={**fields, "player": fields["dealer"]})  # the dealer won
        data = {**form_fields(checked.text), "save": "1"}
        begun = time.perf_counter()
        saved = client.post(url, data=data)
        took = time.perf_counter() - begun
        assert saved.status_code == 303, saved.status_code
        return took

    def api_hand() -> object:
        body = json.dumps({"outcome": {"kind": "out", "player": "Anna"}})
        answer = client.post(
            f"/api/tables/{table_id}/hands",
            data=body,
            headers={**api, "Content-Type": "application/json"},
        )
        assert answer.status_code == 201, answer.status_code
        return answer

    return {
        "table": page(f"/t/{table_id}"),
        "hand: drop": page(f"/t/{table_id}/hands/new/drop"),
        "settle up": page(f"/t/{table_id}/settle-up"),
        "history": page(f"/t/{table_id}/hands/"),
        "rules sheet": page(f"/t/{table_id}/rules"),
        "share": page(f"/t/{table_id}/share"),
        "hand detail": page(f"/t/{table_id}/hands/{latest}"),
        "API table": page(f"/api/tables/{table_id}", api),
        "enter: page Save": save,
        "enter: API POST": api_hand,
    }


def timed(view: Callable[[], object]) -> float:
    """The ms of one run (a view that times itself returns its seconds)."""
    begun = time.perf_counter()
    took = view()
    return (took if isinstance(took, float) else time.perf_counter() - begun) * 1000


def main(sizes: list[int], repeats: int, profile: bool) -> None:
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(), "SECRET_KEY": "bench-" + "k" * 40})
    upgrade(database_url(app))
    client = app.test_client()
    each = {}
    for size in sizes:
        begun = time.perf_counter()
        table_id, token = build_table(app, size)
        print(f"built {size:,} hands in {time.perf_counter() - begun:.1f} s", file=sys.stderr)
        client.get(f"/join/{table_id}/{token}")  # this phone holds every scorekeeper link
        each[size] = views(client, table_id, token, latest=size)
    names = list(each[sizes[0]])
    for size in sizes:
        for view in each[size].values():
            view()  # warmed: templates compiled, caches filled
    # The sizes taken in turn, round after round: a busy moment of the machine slows them all.
    times: dict[tuple[int, str], list[float]] = {}
    for _ in range(repeats):
        for size in sizes:
            for name in names:
                times.setdefault((size, name), []).append(timed(each[size][name]))
    print(f"ms per request, median of {repeats}, at each number of hands")
    print(f"{'':<18}" + "".join(f"{size:>10,}" for size in sizes) + f"{'last/first':>12}")
    for name in names:
        row = [statistics.median(times[size, name]) for size in sizes]
        cells = "".join(f"{ms:>10.1f}" for ms in row)
        print(f"{name:<18}{cells}{row[-1] / row[0]:>11.2f}x")
    if profile:
        profiler = cProfile.Profile()
        profiler.runcall(
            lambda: [timed(v) for _ in range(repeats) for v in each[sizes[-1]].values()]
        )
        print(f"\ncProfile at {sizes[-1]:,} hands, each view run {repeats}x (the app's own):")
        stats = pstats.Stats(profiler, stream=sys.stdout)
        # The app's functions, less the WSGI wrapper of web/origin.py that holds every request.
        stats.sort_stats("cumulative").print_stats(r"referee/(?!web/origin)", 25)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,1000,2000")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--profile", action="store_true")
    arguments = parser.parse_args()
    sizes = sorted(int(size) for size in arguments.sizes.split(","))
    main(sizes, arguments.repeats, arguments.profile)
