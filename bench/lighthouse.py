"""Lighthouse on the table page of a Tonk and of a Tongits table, in English and in Filipino.

Issue 22 asks that the table page keep its accessibility score of 100 in both languages: a
Filipino sentence is longer than its English, a label may no longer match its button, a
page must say its language. This serves the app (`referee serve`, bench/served.py), makes
a Tonk table of six and a Tongits table of three with some hands through
referee.store.commands, opens both tables' scorekeeper links, and runs Lighthouse on each
table page as a phone (its mobile form factor) whose language switch (the `lang` cookie)
says `en` or `fil`, in each colour scheme (the `theme` cookie: `light`, `dark`; contrast
is checked in the colours shown). Prints the four category scores per page, language and
scheme, and every accessibility audit that failed, with the elements it names.

Lighthouse comes from npm at the version pinned below (`npx --yes` keeps it in npm's own
cache, outside this repository); 12.8.2 is the newest that runs on Node 20. The browser is
CHROME_PATH, else the system Chromium. A benchmark, not a test: the performance score
depends on the machine and on what else runs.

    .venv/bin/python bench/lighthouse.py [HANDS]
"""

import itertools
import json
import os
import random
import subprocess
import sys

import requests
from pages import build_table
from served import CANDIDATES, migrated_first, serving
from tongits_night import NAMES, an_ending

from referee import create_app
from referee.store import commands
from referee.store.storage import session

LIGHTHOUSE = "lighthouse@12.8.2"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
LANGUAGES = ["en", "fil"]
THEMES = ["light", "dark"]


def tongits_table(app, games: int) -> tuple[int, str]:
    """A Tongits table of three with `games` random games (bench/tongits_night.py's endings)."""
    rng = random.Random(11)
    with app.test_request_context():
        db = session()
        table = commands.start_table(
            db, name="Tongits night", players=NAMES, preset_name="tongits", game="tongits"
        )
        for _ in range(games):
            commands.enter_hand(db, table, an_ending(rng))
        return table.id, table.scorekeeper_token


def lighthouse(url: str, cookie: str) -> dict:
    """Lighthouse's report (its JSON) of `url`, asked for with this Cookie header."""
    done = subprocess.run(
        [
            "npx", "--yes", LIGHTHOUSE, url,
            "--output=json", "--output-path=stdout", "--quiet", "--form-factor=mobile",
            f"--only-categories={','.join(CATEGORIES)}",
            "--chrome-flags=--headless=new --no-sandbox",
            f"--extra-headers={json.dumps({'Cookie': cookie})}",
        ],
        env={**os.environ, "CHROME_PATH": CHROME},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def failed_accessibility(report: dict) -> list[str]:
    """Each accessibility audit that failed, with the elements it names."""
    lines = []
    for ref in report["categories"]["accessibility"]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if audit["score"] is None or audit["score"] == 1:  # not applicable, or passed
            continue
        lines.append(f"    {audit['id']}: {audit['title']}")
        for item in (audit.get("details") or {}).get("items", []):
            node = item.get("node", {})
            why = node.get("explanation", "").replace("\n", "\n        ")  # axe's, a line each
            lines.append(f"      {node.get('selector', '?')}: {why}")
    return lines


def main(hands: int) -> None:
    with serving(migrated_first(CANDIDATES["serve"])) as server:
        app = create_app({"INSTANCE_PATH": server.instance})  # the server's database and key
        tables = {
            "tonk": build_table(app, hands),
            "tongits": tongits_table(app, hands),
        }
        app.extensions["db_engine"].dispose()
        phone = requests.Session()  # one scorekeeper's phone, holding both links
        for table_id, token in tables.values():
            phone.get(f"{server.base}/join/{table_id}/{token}").raise_for_status()
        held = phone.cookies["session"]
        version = LIGHTHOUSE.split("@")[1]
        print(f"Lighthouse {version}, mobile, the table page after {hands} hands (or games)")
        print(f"{'table':<9}{'lang':<6}{'theme':<7}" + "".join(f"{c:>16}" for c in CATEGORIES))
        for game, (table_id, _) in tables.items():
            url = f"{server.base}/t/{table_id}"
            for language, theme in itertools.product(LANGUAGES, THEMES):
                cookie = f"session={held}; lang={language}; theme={theme}"
                page = requests.get(url, headers={"Cookie": cookie})
                assert f'<html lang="{language}">' in page.text, (url, language)
                assert f'value="{theme}" aria-current="true"' in page.text, (url, theme)
                report = lighthouse(url, cookie)
                scores = "".join(
                    f"{report['categories'][c]['score'] * 100:>16.0f}" for c in CATEGORIES
                )
                print(f"{game:<9}{language:<6}{theme:<7}{scores}")
                for line in failed_accessibility(report):
                    print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
