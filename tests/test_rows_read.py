"""A busy night costs no more at its 2,000th hand than at its 100th (issue 24): every page a
table uses, the API's reads and a hand entered each way ask about as much of the database
at 2,000 hands as at 100 (at most 1.5 times).

Counted, not timed, so the test says the same on any machine, in four measures: the SQL
statements (the engine's events); the rows their results held (the session's
`do_orm_execute`, taking each result whole, as the ORM does when it builds objects: a
`.first()` without a limit counts every hand); and what the database did to answer, which
a SUM over every hand's nets costs though it answers a row per player: on SQLite its
instructions (its progress handler), on PostgreSQL the rows its scans read (each SELECT
again under EXPLAIN ANALYZE). bench/growth.py prints what the same views take in ms.
"""

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session

from referee import create_app
from referee.store import commands
from referee.store.seating import load_table
from referee.store.storage import session
from tests.conftest import TEMPLATES, form_fields, fresh_database

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]
FEW, MANY = 100, 2_000
GROWTH = 1.5
STEP = 10  # SQLite calls the progress handler every STEP instructions of its machine
SCANS = {"Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"}


@dataclass
class Reads:
    """What one request asked of the database."""

    statements: int = 0
    rows: int = 0
    steps: int = 0  # SQLite's instructions, in tens (none on PostgreSQL)
    scanned: int = 0  # the rows PostgreSQL's scans read (none on SQLite)


def scanned(plan: dict) -> int:
    """The rows the scans of a PostgreSQL plan read: what each scan kept and what its filter
    removed (EXPLAIN gives both per loop), in every loop."""
    own = 0
    if plan["Node Type"] in SCANS:
        own = (plan["Actual Rows"] + plan.get("Rows Removed by Filter", 0)) * plan["Actual Loops"]
    return own + sum(scanned(below) for below in plan.get("Plans", []))


@contextmanager
def counted(app) -> Iterator[Reads]:
    """What whatever runs inside asks of the database (`Reads`), counted by SQLAlchemy's
    events, SQLite's progress handler, or PostgreSQL's EXPLAIN ANALYZE."""
    reads = Reads()
    engine = app.extensions["db_engine"]
    watched: set[sqlite3.Connection] = set()

    def step() -> int:
        reads.steps += 1
        return 0  # go on

    def statement(_connection, cursor, *_: object) -> None:
        reads.statements += 1
        driver = cursor.connection
        if isinstance(driver, sqlite3.Connection) and driver not in watched:
            driver.set_progress_handler(step, STEP)
            watched.add(driver)

    def explained(connection, cursor, sql, parameters, _context, many) -> None:
        if connection.dialect.name != "postgresql" or many or not sql.startswith("SELECT"):
            return
        with cursor.connection.cursor() as explain:
            explain.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, parameters)
            ((plan,),) = explain.fetchall()
        reads.scanned += scanned(plan[0]["Plan"])

    def rows(state: ORMExecuteState):
        if not state.is_select:
            return None
        frozen = state.invoke_statement().freeze()
        reads.rows += len(frozen.data)
        return frozen()

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "after_cursor_execute", explained)
    event.listen(Session, "do_orm_execute", rows)
    try:
        yield reads
    finally:
        event.remove(Session, "do_orm_execute", rows)
        event.remove(engine, "after_cursor_execute", explained)
        event.remove(engine, "before_cursor_execute", statement)
        for driver in watched:
            driver.set_progress_handler(None, 0)


def an_outcome(n: int) -> dict:
    """The n-th hand of the night: outs, tonks and drops in turn, by each player in turn."""
    who = NAMES[n % len(NAMES)]
    kind = ("out", "tonk_out", "drop", "stock_out")[n % 4]
    if kind in ("drop", "stock_out"):
        totals = {name: 10 + (n + seat * 7) % 40 for seat, name in enumerate(NAMES)}
        return {"kind": kind, "totals": totals, **({"player": who} if kind == "drop" else {})}
    return {"kind": kind, "player": who}


def grow(app, table_id: int, upto: int) -> None:
    """Hands entered through the one door until the table has played `upto`; then, on
    PostgreSQL, the tables analyzed, as its autovacuum does once a tenth of a table is new
    (without, the planner takes a table of 2,000 hands for the empty one it last saw)."""
    with app.test_request_context():
        db = session()
        table = load_table(db, table_id)
        played = commands.next_hand_no(db, table) - 1
        for n in range(played, upto):
            commands.enter_hand(db, table, an_outcome(n))
        if db.get_bind().dialect.name == "postgresql":
            db.connection().exec_driver_sql("ANALYZE")
            db.commit()


def requests(app, client, table_id: int, token: str, latest: int) -> dict:
    """Each view: a request made, checked, and what it read (`counted`); a hand's Save has
    its form and Check made first, and counts the Save alone. `latest`: the hand whose page
    is asked for."""
    api = {"Authorization": f"Bearer {token}"}
    t = f"/t/{table_id}"

    def get(url, headers=None):
        def made() -> Reads:
            with counted(app) as reads:
                answer = client.get(url, headers=headers)
            assert answer.status_code == 200, (url, answer.status_code)
            return reads

        return made

    def save() -> Reads:
        url = f"{t}/hands/new/out"
        form = form_fields(client.get(url).text)
        checked = client.post(url, data={**form, "player": form["dealer"]})
        data = {**form_fields(checked.text), "save": "1"}
        with counted(app) as reads:
            saved = client.post(url, data=data)
        assert saved.status_code == 303, saved.status_code
        return reads

    def api_post() -> Reads:
        body = json.dumps({"outcome": {"kind": "out", "player": "Ben"}})
        headers = {**api, "Content-Type": "application/json"}
        with counted(app) as reads:
            answer = client.post(f"/api/tables/{table_id}/hands", data=body, headers=headers)
        assert answer.status_code == 201, answer.status_code
        return reads

    return {
        "table page": get(t),
        "table page, polled": get(f"{t}/live"),
        "drop form": get(f"{t}/hands/new/drop"),
        "settle up": get(f"{t}/settle-up"),
        "settle-up picture": get(f"{t}/settle-up/picture.svg"),
        "hands list": get(f"{t}/hands/"),
        "rules sheet": get(f"{t}/rules"),
        "share": get(f"{t}/share"),
        "a hand's page": get(f"{t}/hands/{latest}"),
        "API table": get(f"/api/tables/{table_id}", api),
        "API settle-up": get(f"/api/tables/{table_id}/settle-up", api),
        "page Save": save,
        "API POST hand": api_post,
    }


@pytest.fixture(scope="module")
def reads(tmp_path_factory, migrated_database) -> dict[str, tuple[Reads, Reads]]:
    """Each view's reads at FEW hands and at MANY, at one table of six grown between."""
    instance = tmp_path_factory.mktemp("rows_read")
    fresh_database(migrated_database, instance)
    app = create_app({"TESTING": True, "SECRET_KEY": "t" * 40, "INSTANCE_PATH": str(instance)})
    app.jinja_env.bytecode_cache = TEMPLATES
    with app.test_request_context():
        table = commands.start_table(session(), name="Busy", players=NAMES, preset_name="classic")
        table_id, token = table.id, table.scorekeeper_token
    client = app.test_client()
    client.get(f"/join/{table_id}/{token}")
    found: dict[str, list[Reads]] = {}
    for size in (FEW, MANY):
        grow(app, table_id, size)
        for name, view in requests(app, client, table_id, token, size).items():
            view()  # warmed: anything read once per process is read
            found.setdefault(name, []).append(view())
    app.extensions["db_engine"].dispose()
    return {name: (few, many) for name, (few, many) in found.items()}


VIEWS = [
    "table page",
    "table page, polled",
    "drop form",
    "settle up",
    "settle-up picture",
    "hands list",
    "rules sheet",
    "share",
    "a hand's page",
    "API table",
    "API settle-up",
    "page Save",
    "API POST hand",
]


@pytest.mark.parametrize("view", VIEWS)
def test_a_view_reads_about_as_much_at_hand_2000_as_at_hand_100(reads, view):
    few, many = reads[view]
    assert many.rows <= GROWTH * few.rows, (view, few, many)
    assert many.statements <= GROWTH * few.statements, (view, few, many)
    assert many.steps <= GROWTH * few.steps, (view, few, many)
    assert many.scanned <= GROWTH * few.scanned, (view, few, many)
