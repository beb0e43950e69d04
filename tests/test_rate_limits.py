"""Rate limits that never shut out the right link (referee.web.rate_limits).

Wrong tokens (share links on /join, API bearer tokens) are counted per table and per address,
then answered 429 with Retry-After; a right token opens its table however many wrong ones
came before, from any address. Tables started or imported are counted per address, at every
door. Rows of windows that have ended are deleted. Counting never answers 500 on SQLite, with
40 wrong guesses at once against a live server.
"""

import io
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
import requests
from sqlmodel import Session, select

from referee.store.models import RateCount
from referee.web import rate_limits
from tests.conftest import csrf_token, form_fields
from tests.live import live_server
from tests.test_access import browser, new_table, text

HOUR_START = 3600.0 * 483_334  # the start of an hour (so of a minute too), as the clock reads
GUESSER, OTHER = "10.0.0.1", "10.0.0.2"
NEW_TABLE = {"players": ["Anna", "Ben", "Carla"]}
WAIT_A_MINUTE = (
    "Too many wrong links were tried, for this table or from this network. "
    "The right link always opens its table. Wait 60 seconds, then try again."
)


@pytest.fixture
def clock(monkeypatch):
    """rate_limits' clock, stopped at the start of an hour, moved by hand."""
    now = SimpleNamespace(value=HOUR_START)
    monkeypatch.setattr(rate_limits, "time", SimpleNamespace(time=lambda: now.value))
    return now


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def api_client(app, address: str):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def counts(app) -> dict[tuple[str, int], int]:
    with Session(app.extensions["db_engine"]) as db:
        return {(r.bucket, r.ends): r.count for r in db.exec(select(RateCount)).all()}


# Share links


def test_100_wrong_links_then_the_right_one_opens_the_table_from_anywhere(app, clock):
    table = new_table(app, hands=0)
    guesser = browser(app, address=GUESSER)
    answers = Counter(guesser.get(f"/join/{table.id}/wrong-{i}").status_code for i in range(100))
    per_table = rate_limits.GUESSES_PER_TABLE.most
    assert answers == {404: per_table, 429: 100 - per_table}

    refused = guesser.get(f"/join/{table.id}/wrong-again")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "60"
    assert "<h1>Slow down</h1>" in refused.get_data(as_text=True)
    assert WAIT_A_MINUTE in text(refused)

    # The right link opens the table, from the guesser's address and from another.
    assert guesser.get(f"/join/{table.id}/{table.keeper}").status_code == 303
    assert guesser.get(f"/t/{table.id}").status_code == 200
    other = browser(app, address=OTHER)
    assert other.get(f"/join/{table.id}/{table.watch}").status_code == 303
    assert other.get(f"/t/{table.id}").status_code == 200
    # Right links are not counted, nor wrong ones past the limit (answered without a write,
    # so that a flood never queues for the lock the table's hands take): 20 are.
    ends = int(HOUR_START) + 60
    assert counts(app) == {
        (f"GUESSES_PER_TABLE:{table.id}", ends): 20,
        (f"GUESSES_PER_ADDRESS:{GUESSER}", ends): 20,
    }


def test_retry_after_is_the_seconds_left_in_the_window_and_then_guessing_starts_again(app, clock):
    table = new_table(app, hands=0)
    guesser = browser(app, address=GUESSER)
    for i in range(rate_limits.GUESSES_PER_TABLE.most):
        assert guesser.get(f"/join/{table.id}/wrong-{i}").status_code == 404
    clock.value += 15.5
    refused = guesser.get(f"/join/{table.id}/wrong")
    assert (refused.status_code, refused.headers["Retry-After"]) == (429, "45")
    assert "Wait 45 seconds, then try again." in text(refused)
    # Another address is refused for this table too, but not for another table.
    other = browser(app, address=OTHER)
    assert other.get(f"/join/{table.id}/wrong").status_code == 429
    assert other.get(f"/join/{new_table(app, hands=0).id}/wrong").status_code == 404
    clock.value += 44
    assert "Wait 1 second, then try again." in text(guesser.get(f"/join/{table.id}/wrong"))
    clock.value += 1
    assert guesser.get(f"/join/{table.id}/wrong").status_code == 404


def test_one_address_guessing_over_many_tables_fills_its_own_bucket(app, clock):
    per_table, per_address = (
        rate_limits.GUESSES_PER_TABLE.most,
        rate_limits.GUESSES_PER_ADDRESS.most,
    )
    tables = [new_table(app, hands=0) for _ in range(per_address // (per_table - 1) + 1)]
    spread = browser(app, address=GUESSER)
    guesses = 0
    for table in tables:  # never a table's limit: the address's
        for i in range(min(per_table - 1, per_address - guesses)):
            assert spread.get(f"/join/{table.id}/wrong-{i}").status_code == 404
            guesses += 1
    fresh = new_table(app, hands=0)
    assert spread.get(f"/join/{fresh.id}/wrong").status_code == 429
    assert spread.get(f"/join/{fresh.id}/{fresh.keeper}").status_code == 303
    assert browser(app, address=OTHER).get(f"/join/{fresh.id}/wrong").status_code == 404


# API bearer tokens


def test_100_wrong_bearer_tokens_then_the_right_one_answers_from_anywhere(app, clock):
    table = new_table(app, hands=1)
    guesser = api_client(app, GUESSER)
    answers = Counter(
        guesser.get(f"/api/tables/{table.id}", headers=bearer(f"wrong-{i}")).status_code
        for i in range(100)
    )
    per_table = rate_limits.GUESSES_PER_TABLE.most
    assert answers == {404: per_table, 429: 100 - per_table}

    refused = guesser.post(
        f"/api/tables/{table.id}/hands",
        json={"outcome": {"kind": "out", "player": "Ben"}},
        headers=bearer("wrong"),
    )
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "60"
    assert refused.get_json() == {"error": WAIT_A_MINUTE}
    # No token at all is a wrong one too.
    assert guesser.get(f"/api/tables/{table.id}").status_code == 429

    assert guesser.get(f"/api/tables/{table.id}", headers=bearer(table.keeper)).status_code == 200
    other = api_client(app, OTHER)
    assert other.get(f"/api/tables/{table.id}", headers=bearer(table.watch)).status_code == 200
    entered = other.post(
        f"/api/tables/{table.id}/hands",
        json={"outcome": {"kind": "out", "player": "Ben"}},
        headers=bearer(table.keeper),
    )
    assert entered.status_code == 201
    # Counted up to the limit; past it, refused without a write.
    assert counts(app)[(f"GUESSES_PER_TABLE:{table.id}", int(HOUR_START) + 60)] == 20


def test_wrong_bearer_tokens_and_wrong_links_count_in_one_bucket(app, clock):
    table = new_table(app, hands=0)
    client = api_client(app, GUESSER)
    half = rate_limits.GUESSES_PER_TABLE.most // 2
    for i in range(half):
        assert client.get(f"/join/{table.id}/wrong-{i}").status_code == 404
        assert client.get(f"/api/tables/{table.id}", headers=bearer("x")).status_code == 404
    assert client.get(f"/api/tables/{table.id}/hands", headers=bearer("x")).status_code == 429
    assert client.get(f"/join/{table.id}/wrong").status_code == 429


# Tables started and imported


def test_an_address_may_start_so_many_tables_an_hour_through_the_api(app, clock):
    most = rate_limits.TABLES_PER_ADDRESS.most
    starter = api_client(app, GUESSER)
    for _ in range(most):
        assert starter.post("/api/tables", json=NEW_TABLE).status_code == 201
    clock.value += 600
    refused = starter.post("/api/tables", json=NEW_TABLE)
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "3000"
    assert refused.get_json() == {
        "error": "Too many tables were started or imported from this network. "
        "Wait 50 minutes, then try again."
    }
    # Another address is not held up; the next hour the first may start tables again.
    assert api_client(app, OTHER).post("/api/tables", json=NEW_TABLE).status_code == 201
    clock.value += 3000
    assert starter.post("/api/tables", json=NEW_TABLE).status_code == 201


def test_16_tables_started_at_once_from_one_address_all_start(app, clock):
    with live_server(app) as base:
        gate = threading.Barrier(16, timeout=30)

        def start(_: int) -> int:
            gate.wait()
            return requests.post(base + "/api/tables", json=NEW_TABLE, timeout=60).status_code

        with ThreadPoolExecutor(16) as pool:
            assert Counter(pool.map(start, range(16))) == {201: 16}


def start_page(client, name: str):
    fields = form_fields(client.get("/").get_data(as_text=True))
    fields |= {"name": name, "first_dealer": "0"}
    fields |= {f"player_{seat}": player for seat, player in enumerate(NEW_TABLE["players"])}
    return client.post("/", data={k: v for k, v in fields.items() if v is not None})


def import_page(client, document: bytes):
    token = csrf_token(client.get("/import").get_data(as_text=True))
    return client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(document), "night.json")},
        content_type="multipart/form-data",
    )


def test_tables_started_on_the_page_imported_and_through_the_api_count_together(app, clock):
    app.config["TABLES_PER_ADDRESS"] = 4  # the app config may change a limit (a bench's)
    table = new_table(app, hands=2)
    page = browser(app, table, "scorekeeper", address=GUESSER)
    document = page.get(f"/t/{table.id}/export.json").get_data()

    assert start_page(page, "Friday").status_code == 302
    assert import_page(page, document).status_code == 303
    refused_whole = import_page(page, b'{"not": "a table"}')
    assert refused_whole.status_code == 422  # refused, but counted: checking it was the cost
    assert api_client(app, GUESSER).post("/api/tables", json=NEW_TABLE).status_code == 201

    api = api_client(app, GUESSER).post("/api/tables", json=NEW_TABLE)
    assert (api.status_code, api.headers["Retry-After"]) == (429, "3600")
    for refused in (start_page(page, "Saturday"), import_page(page, document)):
        assert refused.status_code == 429
        assert refused.headers["Retry-After"] == "3600"
        assert "<h1>Slow down</h1>" in refused.get_data(as_text=True)
        assert (
            "Too many tables were started or imported from this network. "
            "Wait 60 minutes, then try again."
        ) in text(refused)
    assert counts(app)[(f"TABLES_PER_ADDRESS:{GUESSER}", int(HOUR_START) + 3600)] == 4


# Pruning


def test_counts_of_windows_that_have_ended_are_deleted_when_counting(app, clock):
    table = new_table(app, hands=0)
    client = api_client(app, GUESSER)
    client.get(f"/join/{table.id}/wrong")
    client.post("/api/tables", json=NEW_TABLE)
    minute, hour = int(HOUR_START) + 60, int(HOUR_START) + 3600
    assert counts(app) == {
        (f"GUESSES_PER_TABLE:{table.id}", minute): 1,
        (f"GUESSES_PER_ADDRESS:{GUESSER}", minute): 1,
        (f"TABLES_PER_ADDRESS:{GUESSER}", hour): 1,
    }
    clock.value += 59.5  # half a second before the minute ends, its rows are kept
    client.get(f"/join/{table.id}/wrong")
    assert counts(app)[(f"GUESSES_PER_TABLE:{table.id}", minute)] == 2
    clock.value += 0.5  # the minute has ended: its rows go with the next count
    api_client(app, OTHER).get(f"/join/{table.id}/wrong")
    assert counts(app) == {
        (f"GUESSES_PER_TABLE:{table.id}", minute + 60): 1,
        (f"GUESSES_PER_ADDRESS:{OTHER}", minute + 60): 1,
        (f"TABLES_PER_ADDRESS:{GUESSER}", hour): 1,
    }
    clock.value += 3600
    client.get(f"/join/{table.id}/wrong")
    assert counts(app) == {
        (f"GUESSES_PER_TABLE:{table.id}", hour + 120): 1,
        (f"GUESSES_PER_ADDRESS:{GUESSER}", hour + 120): 1,
    }


# Real concurrency


def test_40_wrong_links_at_once_are_each_answered_404_or_429_and_counted(app, clock):
    table = new_table(app, hands=0)
    with live_server(app) as base:
        gate = threading.Barrier(40, timeout=30)

        def guess(i: int) -> int:
            gate.wait()
            url = f"{base}/join/{table.id}/wrong-{i}"
            return requests.get(url, allow_redirects=False, timeout=60).status_code

        with ThreadPoolExecutor(40) as pool:
            answers = Counter(pool.map(guess, range(40)))
        right = requests.get(f"{base}/join/{table.id}/{table.keeper}", allow_redirects=False)
    per_table = rate_limits.GUESSES_PER_TABLE.most
    assert answers == {404: per_table, 429: 40 - per_table}
    assert right.status_code == 303
    # Every guess is counted until one is seen past the limit (a guess that reads the count
    # before the 20th is written is counted too): no count lost to "database is locked".
    table_count, address_count = sorted(counts(app).values())
    assert table_count == address_count and 20 <= table_count <= 40
