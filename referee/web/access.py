"""Who may see or change a table: share links, no accounts.

A table has two links, scorekeeper (read and write) and watch (read only). Opening
a link remembers the table and the role in the signed session cookie, with the
link's generation: rotating a link bumps it, which ends every session the old link
opened. A wrong token is answered 404, then 429 while someone keeps guessing; a right one
always opens its table (`referee.web.rate_limits` counts the wrong ones).
"""

import secrets
from typing import Any

from flask import abort, g, session
from flask_wtf.csrf import generate_csrf
from sqlmodel import Session

from referee.store.models import GameTable

SCOREKEEPER, WATCH = "scorekeeper", "watch"
ROLES = (SCOREKEEPER, WATCH)
TOKEN_BYTES = 24  # 192 bits
# Tables one phone remembers: the session is a cookie, which browsers cap at 4 KB, and 20
# grants make one of about 0.3 KB (signed and compressed; tests/test_hygiene.py bounds it).
MAX_TABLES_IN_SESSION = 20


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_of(table: GameTable, role: str) -> str:
    return table.scorekeeper_token if role == SCOREKEEPER else table.watch_token


def _generation(table: GameTable, role: str) -> int:
    return table.scorekeeper_gen if role == SCOREKEEPER else table.watch_gen


def grant(table: GameTable, role: str) -> None:
    """Remember in this browser's session that it opened `table`'s `role` link.

    What the session will hold for the table's pages is fixed here too: the secret its
    forms' CSRF tokens are made from, and this phone's short name. The session is a cookie,
    and the last answer's cookie wins: a phone asks for several pages at once (its service
    worker keeps the table's pages), and were each of them to make a CSRF secret of its own,
    a form's token would no longer match the session, and its Save would be refused."""
    tables = dict(session.get("tables", {}))
    tables.pop(str(table.id), None)
    tables[str(table.id)] = [role, _generation(table, role)]
    session["tables"] = _kept(tables)
    session.permanent = True
    generate_csrf()
    device()


def _kept(tables: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """At most MAX_TABLES_IN_SESSION grants, newest last. Watch grants go first, oldest
    first, so opening other tables' watch links never takes a phone's score-keeping away;
    the oldest scorekeeper grant goes only when the phone keeps the score of more tables
    than the cookie remembers."""
    grants = list(tables.items())
    while len(grants) > MAX_TABLES_IN_SESSION:
        # Never the grant just given (the last): the link opened must open its table.
        watched = [i for i, (_, held) in enumerate(grants[:-1]) if held[0] != SCOREKEEPER]
        del grants[watched[0] if watched else 0]
    return dict(grants)


def role_in_session(table: GameTable) -> str | None:
    """The role this browser holds at `table`, if the link that gave it is still current."""
    held = session.get("tables", {}).get(str(table.id))
    if not held or held[0] not in ROLES or held[1] != _generation(table, held[0]):
        return None
    role: str = held[0]
    return role


def tables_in_session() -> list[int]:
    """The tables this browser has opened, newest last."""
    return [int(table_id) for table_id in session.get("tables", {})]


def device() -> str:
    """A short random name for this browser, so a hand's history says which phone changed it."""
    if "device" not in session:
        session["device"] = secrets.token_hex(2)
    name: str = session["device"]
    return name


VIA_API = "scorekeeper via API"
"""Who changed a hand through the API, for its history."""
OFFLINE = ", entered offline"
"""Said after who entered a hand the phone kept while offline."""


def changed_by(*, offline: bool = False) -> str:
    """Who is changing a hand, for its history: the role and this phone's short name, in
    English machine words that the table's file keeps and pages word (formatting.who_words)."""
    return f"{g.role} on phone {device()}" + (OFFLINE if offline else "")


def require(table: GameTable | None, role: str | None, *, write: bool) -> GameTable:
    """The table if `role` may see it (and change it when `write`): else 404, or 403 for
    a watcher trying to change something."""
    if table is None or role is None:
        abort(404)
    if write and role != SCOREKEEPER:
        abort(403)
    return table


def find_by_token(db: Session, table_id: int, token: str) -> tuple[GameTable, str] | None:
    """The table and role a link opens, comparing tokens in constant time."""
    table = db.get(GameTable, table_id)
    if table is None:
        return None
    for role in ROLES:
        if secrets.compare_digest(token.encode(), token_of(table, role).encode()):
            return table, role
    return None
