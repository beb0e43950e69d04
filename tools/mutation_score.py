"""The core's mutation score, from what `mutmut run` stored in mutants/: killed / total.

Run by `make mutation` after mutmut, or alone: `.venv/bin/python tools/mutation_score.py`.
A mutant counts as killed when a test failed on it, or it ran into the timeout (a mutant
that makes a loop endless is caught). Every other mutant counts against the score:
survived, no test ran it, suspicious, not checked. Mutants of lines marked
`# pragma: no mutate` are never made, so they are not in the total.

Prints one line per file and the core as a whole; exits 1 when mutmut stored nothing.
"""

import json
import sys
from pathlib import Path

from mutmut.stats import status_by_exit_code

MUTANTS = Path("mutants")
CORE = ("referee/rules", "referee/scoring")
KILLED = {"killed", "timeout", "caught by type check"}


def statuses(meta: Path) -> list[str]:
    """The status of each mutant of one file, as `mutmut results` words it."""
    exit_codes = json.loads(meta.read_text())["exit_code_by_key"]
    return [status_by_exit_code[code] for code in exit_codes.values()]


def line(name: str, killed: int, total: int, rest: str = "") -> str:
    percent = f"{100 * killed / total:5.1f}%" if total else "    -"
    return f"{name:32} {killed:5} / {total:<5} {percent}  {rest}".rstrip()


def main() -> int:
    metas = sorted(meta for core in CORE for meta in (MUTANTS / core).rglob("*.py.meta"))
    if not metas:
        print("no mutation results in mutants/: run `mutmut run` first", file=sys.stderr)
        return 1
    all_killed = all_total = 0
    print(f"{'file':32} {'killed / total':>13}")
    for meta in metas:
        found = statuses(meta)
        if not found:
            continue
        killed = sum(status in KILLED for status in found)
        others = sorted({s for s in found if s not in KILLED})
        rest = ", ".join(f"{found.count(s)} {s}" for s in others)
        print(line(str(meta.relative_to(MUTANTS)).removesuffix(".meta"), killed, len(found), rest))
        all_killed += killed
        all_total += len(found)
    print(line("core: referee/rules, referee/scoring", all_killed, all_total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
