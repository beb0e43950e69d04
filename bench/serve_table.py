"""Serve a long night for Lighthouse: a table of 1,000 hands (built as bench/pages.py builds
it) in a fresh instance folder, served by `referee serve --instance` on it.

Prints the table page's URL and the Cookie header of its scorekeeper (the page is theirs
only), then serves until stopped. Run from the repository's root:

    .venv/bin/python bench/serve_table.py [HANDS] [PORT]
    CHROME_PATH=/usr/bin/chromium npx -y lighthouse@12 URL --extra-headers='{"Cookie": ...}' \\
        --chrome-flags="--headless=new --no-sandbox --disable-gpu"
"""

import json
import os
import sys
import tempfile

from pages import build_table

from referee import create_app
from referee.store.migrate import upgrade
from referee.store.storage import database_url


def main(hands: int, port: int) -> None:
    instance = tempfile.mkdtemp(prefix="referee-lighthouse-")
    app = create_app({"INSTANCE_PATH": instance})  # its secret key is written there, shared
    upgrade(database_url(app))
    table_id, token = build_table(app, hands)
    client = app.test_client()
    client.get(f"/join/{table_id}/{token}")
    cookie = client.get_cookie("session")
    assert cookie is not None
    print(f"http://127.0.0.1:{port}/t/{table_id}")
    print(json.dumps({"Cookie": f"session={cookie.value}"}), flush=True)
    app.extensions["db_engine"].dispose()
    referee = os.path.join(os.path.dirname(sys.executable), "referee")
    argv = [referee, "serve", "--port", str(port), "--workers", "2", "--instance", instance]
    os.execv(referee, argv)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 8765,
    )
