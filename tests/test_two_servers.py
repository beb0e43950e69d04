"""Past one machine (issue 24, item 7): two `referee serve` processes on one PostgreSQL
database, the load split between them, one killed with SIGKILL mid-run. Every hand a client
was told was saved is stored exactly once; a rate limit counted on one server holds on the
other; one import runs at a time across both; and a phone's session (its grants, its CSRF
token) works whichever server answers, the two sharing one secret key.

PostgreSQL only: SQLite's file is one server's, so this module is skipped on it. CI runs
the suite on PostgreSQL too, where it runs.
"""

import secrets
import threading
import time
import uuid
from collections import Counter
from functools import partial

import psycopg
import pytest
import requests
from sqlalchemy import text
from sqlmodel import Session, col, select

from bench.front import FRONT, Front, through
from bench.served import stop
from referee import exact_json
from referee.documents.table_export import export_table
from referee.store import commands
from referee.store.models import GameTable, Hand
from referee.store.seating import players_of
from referee.store.storage import make_engine
from tests.conftest import ON_POSTGRESQL, csrf_token
from tests.live import Browser, drop_pg_database, fresh_pg_database
from tests.serving import start_serve, wait_until_serving

pytestmark = pytest.mark.skipif(
    not ON_POSTGRESQL,
    reason="two servers share one PostgreSQL database: run the suite with "
    "DATABASE_URL=postgresql://... to run these (SQLite's file is one server's)",
)

NAMES = ["Anna", "Ben", "Carla", "Dan"]
TABLES_PER_ADDRESS = 3  # each server's config.py: a limit the test reaches in a few requests
RUN_SECONDS = 3.0  # hands sent to both servers, then as long again after one is killed
TRIES = 10
TIMEOUT = 20


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Servers A and B started at once on one empty database (each migrates it first), each
    with an instance folder of its own, as on two machines: the secret key made for the
    first copied into the second's, and the same config.py in both."""
    url = fresh_pg_database("twoservers")
    key = secrets.token_hex(32)
    started = []
    try:
        for name in ("a", "b"):
            logs = tmp_path_factory.mktemp(f"server_{name}")
            instance = logs / "instance"
            instance.mkdir()
            (instance / "secret_key").write_text(key)
            (instance / "config.py").write_text(f"TABLES_PER_ADDRESS = {TABLES_PER_ADDRESS}\n")
            started.append(start_serve(logs, url))
        for served in started:
            wait_until_serving(served)
        yield started
    finally:
        Browser.close_all()
        for served in started:
            stop(served.process)
        drop_pg_database("twoservers")


def _engine(servers):
    return make_engine(servers[0].url)


def test_two_servers_started_at_once_on_an_empty_database_both_serve(servers):
    """`referee serve` migrates before it serves: two started together used to race, and one
    died on a duplicate table (psycopg.errors.UniqueViolation) before it served a page."""
    for served in servers:
        assert requests.get(served.base + "/", timeout=TIMEOUT).status_code == 200
        assert "Traceback" not in served.stderr()
    engine = _engine(servers)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


def _as(address: str) -> dict[str, str]:
    """A phone at `address`, as a proxy on this computer passes it on."""
    return {"X-Forwarded-For": address}


def test_a_rate_limit_counted_on_one_server_holds_on_the_other(servers):
    a, b = (served.base for served in servers)
    new_table = {"players": ["Anna", "Ben"]}
    answers = [
        requests.post(base + "/api/tables", json=new_table, headers=_as("198.51.100.1"))
        for base in (a, b, a)
    ]
    assert [answer.status_code for answer in answers] == [201] * TABLES_PER_ADDRESS
    refused = requests.post(b + "/api/tables", json=new_table, headers=_as("198.51.100.1"))
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 3600
    assert requests.post(b + "/api/tables", json=new_table, headers=_as("198.51.100.2")).ok

    # Wrong tokens for one table, from twenty addresses, half to each server: the 21st is
    # refused wherever it lands; the right token still opens the table on both.
    table = answers[0].json()
    url = f"/api/tables/{table['id']}"
    for n in range(20):
        wrong = requests.get(
            (a, b)[n % 2] + url,
            headers={**_as(f"203.0.113.{n + 1}"), "Authorization": "Bearer wrong"},
        )
        assert wrong.status_code == 404, (n, wrong.status_code)
    for base in (a, b):
        guess = requests.get(
            base + url, headers={**_as("203.0.113.99"), "Authorization": "Bearer wrong"}
        )
        assert guess.status_code == 429 and int(guess.headers["Retry-After"]) <= 60
        right = {"Authorization": f"Bearer {table['tokens']['scorekeeper']}"}
        assert requests.get(base + url, headers=right).status_code == 200


def _table_file(servers) -> bytes:
    """A table's file to import: a night of three hands, made and exported through the one
    door, in this process."""
    engine = _engine(servers)
    with Session(engine, expire_on_commit=False) as db:
        table = commands.start_table(db, name="Friday", players=NAMES, preset_name="classic")
        for name in NAMES[:3]:
            commands.enter_hand(db, table, {"kind": "out", "player": name})
        raw = exact_json.dumps(export_table(db, table)).encode()
    engine.dispose()
    return raw


def _imported(servers) -> int:
    engine = _engine(servers)
    with Session(engine) as db:
        count = len(db.exec(select(GameTable.id).where(GameTable.name == "Friday")).all())
    engine.dispose()
    return count


def test_one_import_runs_at_a_time_across_both_servers(servers):
    """The import gate was a lock in each process: server B began an import while A's was
    under way (and, once A's was done, saved its table too). A's import is held mid-write
    here, by a lock on the tables' table, for as long as the test needs."""
    a, b = servers
    raw = _table_file(servers)
    before = _imported(servers)
    phone_a, phone_b = Browser(a.base), Browser(b.base)
    sent = {"files": {"file": ("friday.json", raw, "application/json")}}
    fields_a = {"csrf_token": csrf_token(phone_a.get("/import").text)}
    fields_b = {"csrf_token": csrf_token(phone_b.get("/import").text)}

    holder = psycopg.connect(a.url)
    holder.execute("LOCK TABLE game_table IN EXCLUSIVE MODE")  # reads go on, writes wait
    watcher = psycopg.connect(a.url, autocommit=True)  # a statistics snapshot per query
    answers: dict[str, requests.Response] = {}
    first = threading.Thread(
        target=lambda: answers.update(
            a=phone_a.post("/import", fields_a, headers=_as("192.0.2.1"), **sent)
        )
    )
    try:
        first.start()
        deadline = time.monotonic() + TIMEOUT
        while not watcher.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).fetchone()[0]:
            assert time.monotonic() < deadline, f"A's import never began to write: {answers}"
            time.sleep(0.05)
        try:
            second = phone_b.post("/import", fields_b, headers=_as("192.0.2.2"), timeout=5, **sent)
        except requests.Timeout:
            pytest.fail("server B began a second import while A's was under way")
    finally:
        holder.rollback()
        holder.close()
        watcher.close()
        first.join(TIMEOUT)
    assert second.status_code == 503 and second.headers["Retry-After"] == "5"
    assert "file is being imported right now; send yours again in 5 seconds" in second.text
    assert answers["a"].status_code == 303
    assert _imported(servers) == before + 1

    # The gate is open again: B's phone sends its file again, and A opens the table B saved
    # for B's phone (the grant in the session cookie B signed).
    again = phone_b.post("/import", fields_b, headers=_as("192.0.2.2"), **sent)
    assert again.status_code == 303
    assert _imported(servers) == before + 2
    table_page = phone_b.http.get(a.base + again.headers["Location"], timeout=TIMEOUT)
    assert table_page.status_code == 200 and "Friday" in table_page.text


class Acknowledged:
    """What the clients were told was saved: (table id, key) of each, and what failed."""

    def __init__(self):
        self.lock = threading.Lock()
        self.keys: list[tuple[int, str]] = []
        self.failures: Counter[str] = Counter()

    def saved(self, table_id: int, key: str) -> None:
        with self.lock:
            self.keys.append((table_id, key))

    def failed(self, why: str) -> None:
        with self.lock:
            self.failures[why] += 1


def _until_answered(told: Acknowledged, expected: tuple[int, ...], send) -> requests.Response:
    """send() again (the same request: the same key, the same form) until it answers one of
    `expected`; a request whose server died goes to the other server."""
    for _ in range(TRIES):
        try:
            answer = send()
        except requests.RequestException as error:  # refused, or dropped mid-answer
            told.failed(type(error).__name__)
            continue
        if answer.status_code in expected:
            return answer
        told.failed(f"HTTP {answer.status_code}: {answer.text[:200]}")
        time.sleep(0.1)
    raise AssertionError(f"no answer in {TRIES} tries: {told.failures}")


def _api_client(front, table, running, told: Acknowledged, seat: int) -> None:
    """Hands through the API, each with an Idempotency-Key, sent again with it on failure."""
    http = through(front)
    url = f"{FRONT}/api/tables/{table['id']}/hands"
    auth = {"Authorization": f"Bearer {table['token']}"}
    while running.is_set():
        key = uuid.uuid4().hex
        body = {"outcome": {"kind": "out", "player": NAMES[seat % len(NAMES)]}}
        seat += 1
        headers = {**auth, "Idempotency-Key": key}
        send = partial(http.post, url, json=body, headers=headers, timeout=TIMEOUT)
        _until_answered(told, (200, 201), send)
        told.saved(table["id"], key)
    http.close()


def _phone(front, table, running, told: Acknowledged, seat: int) -> None:
    """A phone sending the hands it kept offline (the queued door: its session's grant, a
    CSRF token asked for at send time, each hand's one-time key), sent again on failure."""
    phone = Browser(FRONT, timeout=TIMEOUT)
    through(front, phone.http)
    _until_answered(told, (303,), partial(phone.get, f"/join/{table['id']}/{table['token']}"))
    door = f"/t/{table['id']}/hands/queued/"
    while running.is_set():
        key = secrets.token_urlsafe(18)
        fields = {"player": str(table["player_ids"][seat % len(NAMES)]), "entry_key": key}
        seat += 1
        token = _until_answered(told, (200,), partial(phone.get, door)).json()["csrf_token"]
        _until_answered(
            told, (200,), partial(phone.post, door + "out", fields, headers={"X-CSRFToken": token})
        )
        told.saved(table["id"], key)


def _tables(servers, count: int) -> list[dict]:
    engine = _engine(servers)
    tables = []
    with Session(engine) as db:
        for n in range(count):
            table = commands.start_table(
                db, name=f"Split {n + 1}", players=NAMES, preset_name="classic"
            )
            ids = [p.id for p in players_of(db, table)]
            tables.append({"id": table.id, "token": table.scorekeeper_token, "player_ids": ids})
    engine.dispose()
    return tables


def _stored(servers, tables: list[dict]) -> tuple[Counter[str | None], dict[int, list[int]]]:
    """Each stored hand's key, counted; each table's hand numbers in order."""
    engine = _engine(servers)
    ids = [table["id"] for table in tables]
    with Session(engine) as db:
        rows = db.exec(
            select(Hand.table_id, Hand.no, Hand.entry_key)
            .where(col(Hand.table_id).in_(ids))
            .order_by(col(Hand.table_id), col(Hand.no))
        ).all()
    engine.dispose()
    numbers: dict[int, list[int]] = {table_id: [] for table_id in ids}
    for table_id, no, _ in rows:
        numbers[table_id].append(no)
    return Counter(key for _, _, key in rows), numbers


def test_a_server_killed_mid_run_loses_no_hand_and_doubles_none(servers):
    """Four API clients and two phones, each request to the next server in turn (a front
    such as Caddy), server A killed with SIGKILL mid-run: what it had in hand is sent again
    by the clients, with the same keys, to B. Every hand a client was told was saved is
    stored once, and no other; each table's hands are numbered 1, 2, 3... without a gap."""
    a, b = servers
    tables = _tables(servers, 4)
    front = Front([a.base, b.base])
    told, running = Acknowledged(), threading.Event()
    running.set()
    clients = [
        threading.Thread(target=_api_client, args=(front, table, running, told, n))
        for n, table in enumerate(tables)
    ] + [
        threading.Thread(target=_phone, args=(front, table, running, told, n))
        for n, table in enumerate(tables[:2])
    ]
    for client in clients:
        client.start()
    try:
        time.sleep(RUN_SECONDS)
        before_kill = dict(front.answered)
        a.process.kill()
        time.sleep(RUN_SECONDS)
    finally:
        running.clear()
        for client in clients:
            client.join(TIMEOUT * TRIES)
    assert a.process.wait(TIMEOUT) == -9
    assert before_kill[a.base] > 0 and before_kill[b.base] > 0, before_kill
    assert front.answered[b.base] > before_kill[b.base]  # B served on, alone
    assert front.failed[a.base] >= 1 and not front.failed[b.base]
    # Only A's death failed a request: no answer was an error.
    assert set(told.failures) <= {"ConnectionError", "ChunkedEncodingError"}, told.failures

    stored, numbers = _stored(servers, tables)
    acknowledged = Counter(key for _, key in told.keys)
    assert len(acknowledged) > 20, acknowledged
    assert [key for key, count in acknowledged.items() if count > 1] == []
    assert [key for key, count in stored.items() if count > 1] == []  # nothing doubled
    assert [key for key in acknowledged if key not in stored] == []  # nothing lost
    assert [key for key in stored if key not in acknowledged] == []  # nothing unconfirmed
    for table_id, nos in numbers.items():
        assert nos == list(range(1, len(nos) + 1)), (table_id, nos)
    assert "Traceback" not in b.stderr()
