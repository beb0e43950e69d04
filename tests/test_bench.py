"""The bench scripts still run: they are how speed and size are measured (never asserted in
a timed test), so a refactor that breaks one must fail here, not at the next `make bench`.
They run with tiny sizes; what is checked is what they print, not how fast anything was."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ON_POSTGRESQL

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True, text=True, timeout=300, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this tree's referee, whatever is installed
    )  # fmt: skip
    return done.stdout


def test_the_settle_bench_prints_hands_per_second_and_the_checks_table():
    out = run("settle.py", "200")
    assert re.search(r"[\d,]+ hands per second", out), out
    assert re.search(r"^\s+6 \|", out, re.MULTILINE), out  # the row of six players
    assert re.search(r"^tongits: [\d,]+ games per second", out, re.MULTILINE), out


def test_the_pages_bench_prints_each_pages_weight_second_visit_and_time():
    out = run("pages.py", "10", "1")
    for page in ("table", "history", "settle up", "ask"):
        # html gz, with assets, a second visit's bytes in 1 request (every asset cached), ms
        line = rf"^{page}\s+[\d.]+KB\s+[\d.]+KB\s+[\d.]+KB\s+1\s+[\d.]+$"
        assert re.search(line, out, re.MULTILINE), out


def test_the_pages_bench_weighs_the_pages_a_filipino_phone_is_sent():
    out = run("pages.py", "10", "1", "fil")
    assert re.search(r"^table\s+[\d.]+KB\s+[\d.]+KB", out, re.MULTILINE), out
    assert "asked for in fil (Accept-Language), answered in fil\n" in out, out


def test_the_growth_bench_prints_each_views_ms_at_each_size_and_the_profile():
    out = run("growth.py", "--sizes", "3,6", "--repeats", "1", "--profile")
    assert re.search(r"^ +3 +6 +last/first$", out, re.MULTILINE), out
    for view in ("table", "settle up", "API table", "enter: page Save", "enter: API POST"):
        assert re.search(rf"^{view} +[\d.]+ +[\d.]+ +[\d.]+x$", out, re.MULTILINE), out
    assert "cProfile at 6 hands, each view run 1x (the app's own):" in out, out


def test_the_tongits_night_bench_prints_what_entering_and_fixing_a_game_take():
    out = run("tongits_night.py", "20")
    assert "tongits night of 20 games" in out, out
    assert re.search(r"^  last 2: [\d.]+$", out, re.MULTILINE), out
    assert re.search(r"^  fix game 1, every later game recounted: \d+ ms$", out, re.MULTILINE), out
    assert re.search(r"^  table page: [\d.]+ ms median of 20$", out, re.MULTILINE), out


def test_the_stalled_clients_bench_prints_the_gets_timed_beside_stalled_uploads():
    out = run("stalled_clients.py", "--stalled", "3", "--requests", "2", "--watch", "1")
    line = (
        r"^serve     3 stalled, 2 GETs: p50 [\d,]+ ms, max [\d,]+ ms, 0 failed; "
        r"stalled bodies: none dropped \(watched 1 s\)$"
    )
    assert re.search(line, out, re.MULTILINE), out


def test_the_trickle_bench_prints_the_gets_timed_beside_trickling_sockets():
    out = run("trickle.py", "--sockets", "20", "--every", "0.5", "--seconds", "2")
    line = (
        r"^serve     20 sockets from 1 address, a byte every 0.5 s, \d+ GETs over 2 s: "
        r"p50 [\d,]+ ms, max [\d,]+ ms, over 2 s 0, failed 0 \(from the trickling address 0\); "
        r"tricklers closed \d+ times, the longest open \d+ s, \d+ open at the end$"
    )
    assert re.search(line, out, re.MULTILINE), out


def test_the_load_bench_prints_hands_per_second_and_no_hand_lost():
    out = run("load.py", "--seconds", "2", "--api", "1", "--phones", "1")
    line = (
        r"^serve on (sqlite|postgresql): 1 API clients \+ 1 phones for \d+ s: \d+ hands, "
        r"[\d.]+ hands/s; "
        r"\d+ requests, p50 \d+ ms, p99 \d+ ms; errors 0 \{\}; lost 0, duplicated 0, "
        r"stored but never confirmed 0; tracebacks in the server's log 0$"
    )
    assert re.search(line, out, re.MULTILINE), out


@pytest.mark.skipif(not ON_POSTGRESQL, reason="two servers share one PostgreSQL database")
def test_the_two_servers_bench_prints_the_split_and_no_hand_lost_after_a_kill():
    out = run("two_servers.py", "--seconds", "4", "--api", "1", "--phones", "1", "--kill", "2")
    line = (
        r"^two servers on postgresql: 1 API clients \+ 1 phones for \d+ s: \d+ hands, "
        r"[\d.]+ hands/s; \d+ requests, p50 \d+ ms, p99 \d+ ms; "
        r"answered by A [1-9]\d*, by B [1-9]\d*; "
        r"A killed \(SIGKILL\) at 2 s: \d+ requests failed with it, sent again to B; "
        r"errors \d+ \{.*\}; lost 0, duplicated 0, stored but never confirmed 0; "
        r"tracebacks in the servers' logs 0$"
    )
    assert re.search(line, out, re.MULTILINE), out


def test_the_import_lock_bench_prints_the_files_weight_and_the_delay_of_a_hand():
    out = run("import_lock.py", "10", "20")
    assert re.search(r"^a night of 10 hands: [\d,]+ KB$", out, re.MULTILINE), out
    assert re.search(r"^a night of 20 hands \(the limit: 1,000\): [\d,]+ KB$", out, re.M), out
    assert re.search(r"^the largest file allowed: [\d,]+ KB of 2,048 KB$", out, re.M), out
    assert re.search(
        r"^  during the import: \d+ hands, the longest \d+ ms, a delay of -?\d+ ms$", out, re.M
    ), out


def test_the_import_flood_bench_prints_the_answers_and_the_hands_meanwhile():
    out = run("import_flood.py", "3", "10")
    assert re.search(r"^3 imports at once of a file of [\d,]+ KB \(10 hands\)$", out, re.M), out
    assert re.search(r"^the imports: [\d.]+ s in all, answered \{.*\}$", out, re.M), out
    assert re.search(
        r"^a hand at another table: \d+ ms alone \(median\); during the imports \d+ hands, "
        r"median \d+ ms, the longest \d+ ms$",
        out,
        re.M,
    ), out


def test_the_taps_bench_prints_taps_and_keys_for_each_scene_of_both_games():
    out = run("taps.py")
    assert re.search(r"^Tonk\n(  .+ \d+ taps +\d+ keys\n){9}Tongits\n(  .+\n){6}$", out), out
    # A slip put right by Undo on its saved message, then the hand entered again (issue 23,
    # item 10): Undo, then the hand's own taps and keys (the drop's four totals typed again).
    assert re.search(
        r"^  fixing a slip \(the wrong dropper\): with Undo +4 taps +7 keys$", out, re.M
    ), out
    assert re.search(
        r"^  fixing a slip \(the wrong winner\): with Undo +4 taps +0 keys$", out, re.M
    ), out
    # Four names, the stake and the unit, Start; the outcome, who went out, Save (issue 23).
    assert re.search(
        r"^  first hand for 25 cents \(stake and unit typed\) +10 taps +20 keys$", out, re.M
    ), out
    assert re.search(
        r"^  a drop among four \(the dropper the form chose\) +3 taps +7 keys$", out, re.M
    ), out
