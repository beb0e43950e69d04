"""Page weight and speed on a long night: a table of 1,000 hands, every page measured.

Prints, for each page, its gzipped weight with all the assets it loads (CSS, htmx,
icon, manifest), what a second visit transfers (the page as the app sends it to a browser
that takes brotli, and any asset the first visit did not let the browser keep: body bytes,
headers aside) in how many requests, and the median time to answer over a number of
requests. Every page is asked for in one language, as a phone set to it asks
(Accept-Language: `en` by default, `fil` for Filipino). A benchmark, not a test: the
figures depend on the machine and on what else runs.
Run with `make bench` or `.venv/bin/python bench/pages.py [HANDS] [REPEATS] [LANGUAGE]`.
"""

import gzip
import random
import re
import statistics
import sys
import tempfile
import time

from referee import create_app
from referee.rules import Refusal
from referee.rules.cards import dealt_totals
from referee.store import commands
from referee.store.migrate import upgrade
from referee.store.rules_versions import current_rules
from referee.store.seating import next_deal, players_of
from referee.store.storage import database_url, session

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
SPOKEN = re.compile(r'<html lang="([^"]*)"')
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends


def build_table(app, hands: int) -> tuple[int, str]:
    """A table of six with `hands` random possible hands, entered through referee.store.commands
    (a random hand the rules refuse, such as totals one deck cannot hold, is drawn again)."""
    rng = random.Random(7)
    with app.test_request_context():
        db = session()
        names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]
        table = commands.start_table(db, name="Long night", players=names, preset_name="classic")
        players = players_of(db, table)
        _, rules = current_rules(db, table)
        tonks = [t for t in dealt_totals(rules.deck, rules.hand_size) if rules.deal_tonk_pays(t)]
        entered = 0
        while entered < hands:
            kind = rng.choice(["deal_tonk", "tonk_out", "out", "drop", "stock_out"])
            who = rng.choice(names)
            outcome = {"kind": kind}
            if kind == "deal_tonk":
                outcome["totals"] = {who: rng.choice(tonks)}
            elif kind in ("drop", "stock_out"):
                outcome["totals"] = {n: rng.randint(1, 50) for n in names}
            if kind in ("tonk_out", "out", "drop"):
                outcome["player"] = who
            dealer = next_deal(db, table, players).dealer
            try:
                commands.enter_hand(db, table, outcome, dealer=dealer)
            except Refusal:  # totals one deck cannot hold at once: draw another hand
                db.rollback()
                continue
            entered += 1
        return table.id, table.scorekeeper_token


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


def second_visit(client, url: str, assets: set[str]) -> tuple[int, int]:
    """The bytes and requests of a second visit to `url` after a first one: the page again,
    compressed as sent; an asset kept fresh by the first visit (a max-age, no no-cache) costs
    nothing, any other is asked for again with its ETag (a 304 has no body)."""
    sent, requests = len(client.get(url, headers=BROWSER).data), 1
    for asset in sorted(assets):
        first = client.get(asset, headers=BROWSER)
        cache = first.cache_control
        if cache.max_age and not cache.no_cache and not cache.no_store:
            continue
        again = client.get(asset, headers={**BROWSER, "If-None-Match": first.headers["ETag"]})
        sent, requests = sent + len(again.data), requests + 1
    return sent, requests


def main(hands: int, repeats: int, language: str) -> None:
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(), "SECRET_KEY": "bench-" + "k" * 40})
    upgrade(database_url(app))
    started = time.perf_counter()
    table_id, token = build_table(app, hands)
    print(f"built a table of {hands:,} hands in {time.perf_counter() - started:.1f} s")
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language  # on every request of this phone
    client.get(f"/join/{table_id}/{token}")  # this phone holds the scorekeeper link
    pages = {
        "start": "/",
        "table": f"/t/{table_id}",
        "rules form": f"/t/{table_id}/rules/edit",
        "rules sheet": f"/t/{table_id}/rules",
        "hand: drop": f"/t/{table_id}/hands/new/drop",
        "history": f"/t/{table_id}/hands/",
        "hand detail": f"/t/{table_id}/hands/{hands}",
        "fix a hand": f"/t/{table_id}/hands/{hands}/edit",
        "players": f"/t/{table_id}/players",
        "settle up": f"/t/{table_id}/settle-up",
        "share": f"/t/{table_id}/share",
        "count a hand": f"/t/{table_id}/count?card=K♠&card=Q♥&card=2♦",
        "spread or hit": f"/t/{table_id}/spread?card=7♠&card=7♥&card=7♦&hit=7♣",
        "ask": f"/t/{table_id}/ask",
    }
    spoken = set()
    print(f"{'page':<14}{'html gz':>9}{'with assets':>13}{'2nd visit':>11}{'requests':>10}", end="")
    print(f"{'median ms':>11}")
    for name, url in pages.items():
        page = client.get(url)
        assert page.status_code == 200, (url, page.status_code)
        spoken.update(SPOKEN.findall(page.text))
        linked = set(ASSET.findall(page.text))
        assets = sum(gz(client.get(a).data) for a in linked)
        again, requests = second_visit(client, url, linked)
        times = []
        for _ in range(repeats):
            begun = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - begun)
        html = gz(page.data)
        median = statistics.median(times) * 1000
        print(
            f"{name:<14}{html / 1024:>7.1f}KB{(html + assets) / 1024:>11.1f}KB"
            f"{again / 1024:>9.1f}KB{requests:>10}{median:>11.1f}"
        )
    print(f"asked for in {language} (Accept-Language), answered in {', '.join(sorted(spoken))}")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 30,
        sys.argv[3] if len(sys.argv) > 3 else "en",
    )
