"""Every error a clear answer (issue 13): a number past what the database holds is no table,
hand or page (404) on every route and database; a 405 says Allow, on a page as in JSON; a
full disk says so (507), on a page in a player's words and in JSON, with nothing saved.

Runs on SQLite, and on PostgreSQL when DATABASE_URL says so; SQLite's own full disk is
made for real (the file may not grow by a page), PostgreSQL's is its driver's error."""

import errno
import html
import re
from pathlib import Path
from types import SimpleNamespace

import itsdangerous
import psycopg.errors
import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from referee import exact_json
from referee.documents import upload as uploaded
from referee.rules.limits import MAX_ECHOED, MAX_ID
from referee.store import commands
from referee.store.models import GameTable, Hand, HandChange, HandNet, Player, RulesVersion
from referee.store.storage import DB_FILE
from referee.web.openapi import DOCUMENT
from tests.conftest import DATABASE_URL, csrf_token
from tests.test_api_tables import OUTCOMES, body, enter, new_table, send
from tests.test_export import exported_text, night, upload
from tests.test_hygiene import api_table, hosted_app
from tests.test_pages import start_table, text

JSON = "application/json"
PAST = [MAX_ID + 1, 2**63, 10**20]  # past int4, past int8, past both
MODELS = (GameTable, Player, RulesVersion, Hand, HandNet, HandChange)
FULL_PAGE = (
    "The computer running the score has no room left, so nothing was saved. Ask whoever "
    "runs it to make room, then enter it again."
)
FULL_JSON = {"error": "the server's disk is full, so nothing was saved; try again once it has room"}
only_sqlite = pytest.mark.skipif(DATABASE_URL is not None, reason="SQLite's own full disk")


def counts(rows) -> list[int]:
    return [rows(model) for model in MODELS]


# Numbers past what the database holds


def urls_with(app, number: int, table_id: int) -> list[tuple[str, str]]:
    """Every route and method of the app that has a number in its path, that number
    `number` (the table's `table_id` where there is another, so the other is the one past)."""
    found = []
    for rule in app.url_map.iter_rules():
        numbers = re.findall(r"<int:(\w+)>", rule.rule)
        path = rule.rule
        for name in numbers:
            value = table_id if name == "table_id" and len(numbers) > 1 else number
            path = path.replace(f"<int:{name}>", str(value))
        path = re.sub(r"<(\w+:)?\w+>", "x", path)  # a kind, a token: any word
        if numbers:
            found += [(method, path) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return found


@pytest.mark.parametrize("number", PAST)
def test_every_route_answers_404_to_a_number_past_what_the_database_holds(app, client, web, number):
    table = start_table(web)  # this phone holds its scorekeeper link
    tried = urls_with(app, number, table)
    assert len(tried) > 30 and ("POST", f"/t/{table}/hands/{number}/void") in tried
    answers = {
        (method, path): web.client.open(path, method=method).status_code for method, path in tried
    }
    assert {where: status for where, status in answers.items() if status != 404} == {}


@pytest.mark.parametrize("page", [MAX_ID + 1, 999_999_999_999_999_999])
def test_a_page_of_hands_past_what_the_database_holds_is_404(web, page):
    """Issue 13: ?page=999999999999999999 answered 500 on PostgreSQL, then an empty page."""
    table = start_table(web)
    assert web.get(f"/t/{table}/hands/?page=2").status_code == 200
    assert web.get(f"/t/{table}/hands/?page={page}").status_code == 404


@pytest.mark.parametrize("version", PAST)
@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_a_hand_version_past_what_the_database_holds_is_stale(client, method, version):
    """A version no hand can have is compared, never queried: 409 with the hand as it is."""
    table, keeper, _ = new_table(client)
    enter(client, table, keeper, OUTCOMES[0])
    data = {"version": version} | ({"outcome": OUTCOMES[1]} if method == "PUT" else {})
    answer = send(client, method, f"/api/tables/{table}/hands/1", data, keeper)
    assert answer.status_code == 409
    assert body(answer)["error"] == "hand 1 was changed meanwhile; it is now version 1"


# 405 says Allow


def test_a_page_answering_405_says_which_methods_it_takes(web):
    """Issue 13: the page door's 405 had no Allow header (the API's had)."""
    table = start_table(web)
    answer = web.get(f"/t/{table}/hands/queued/stock_out")
    assert answer.status_code == 405
    assert answer.headers["Allow"] == "OPTIONS, POST"
    assert "This page cannot be used that way." in text(answer)


def test_the_api_answering_405_says_which_methods_it_takes(client):
    answer = client.get("/api/settle")
    assert (answer.status_code, answer.headers["Allow"]) == (405, "OPTIONS, POST")
    assert answer.get_json() == {"error": "The method is not allowed for the requested URL."}


# A full disk


def no_room_to_grow(app) -> None:
    """SQLite's "database or disk is full" for real: from now on, the database file may
    not grow by a single page (max_page_count on every connection)."""
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()

    @event.listens_for(engine, "connect")
    def _full(dbapi_connection, _record) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()  # every connection from now on is a new one


@only_sqlite
def test_an_import_on_a_full_disk_says_so_and_leaves_nothing(app, web, rows):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        raw = exported_text(db, night(db))
    before = counts(rows)
    engine = app.extensions["db_engine"]
    engine.dispose()  # the last connection closed: the WAL written back into the file
    files = {path.name: path.stat().st_size for path in Path(app.instance_path).iterdir()}
    assert list(files) == [DB_FILE]
    no_room_to_grow(app)
    answer = web.post("/import", upload(raw))
    assert answer.status_code == 507
    page = html.unescape(text(answer))
    assert "<h1>The server's disk is full</h1>" in page and FULL_PAGE in page
    assert counts(rows) == before
    engine.dispose()
    assert {path.name: path.stat().st_size for path in Path(app.instance_path).iterdir()} == files


@only_sqlite
def test_hands_entered_on_a_full_disk_are_refused_whole_in_json(app, client, rows):
    table, keeper, _ = new_table(client)
    no_room_to_grow(app)
    answers = [enter(client, table, keeper, OUTCOMES[i % 2]) for i in range(300)]
    statuses = [answer.status_code for answer in answers]
    assert 507 in statuses, "the database never filled up"
    full = statuses.index(507)
    assert set(statuses[:full]) == {201} and set(statuses[full:]) == {507}
    assert body(answers[full]) == FULL_JSON
    assert rows(Hand) == rows(HandChange) == full  # every hand whole, or not at all
    assert rows(HandNet) == 3 * full


def disk_full(db, table) -> None:
    """commands.touch as PostgreSQL answers it on a full disk: the rows are written, the
    commit fails with SQLSTATE 53100 (disk_full)."""
    db.flush()
    cause = psycopg.errors.DiskFull("could not extend file: No space left on device")
    raise OperationalError("COMMIT", {}, cause)


def test_postgresqls_disk_full_is_said_in_json_and_saves_nothing(client, rows, monkeypatch):
    table, keeper, _ = new_table(client)
    monkeypatch.setattr(commands, "touch", disk_full)
    answer = enter(client, table, keeper, OUTCOMES[0])
    assert (answer.status_code, body(answer)) == (507, FULL_JSON)
    assert rows(Hand) == rows(HandNet) == rows(HandChange) == 0
    documented = DOCUMENT["paths"]["/api/tables/{table_id}/hands"]["post"]["responses"]
    assert documented["507"] == {"$ref": "#/components/responses/DiskFull"}


def test_postgresqls_disk_full_is_said_on_the_page(web, rows, monkeypatch):
    table = start_table(web)
    monkeypatch.setattr(commands, "touch", disk_full)
    answer = web.post(f"/t/{table}/players", {"action": "sit_in", "name": "Dan"})
    assert answer.status_code == 507 and FULL_PAGE in text(answer)
    assert rows(Player) == 3


def test_no_space_left_on_the_device_is_said_on_the_page(web, rows, monkeypatch):
    """ENOSPC from the system (an upload spooled to a full temporary folder, say)."""

    def no_space(_raw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(uploaded, "load_document", no_space)
    answer = web.post("/import", upload(b"{}"))
    assert answer.status_code == 507 and FULL_PAGE in text(answer)
    assert rows(GameTable) == 0


def test_another_database_error_stays_the_error_it_is(client, monkeypatch):
    """Only a full disk is said to be one: "database is locked" is not."""

    def locked(db, table):
        raise OperationalError("COMMIT", {}, Exception("database is locked"))

    table, keeper, _ = new_table(client)
    monkeypatch.setattr(commands, "touch", locked)
    with pytest.raises(OperationalError, match="database is locked"):
        enter(client, table, keeper, OUTCOMES[0])


# Text that is no text (issue 24): a lone surrogate


LONE = "\ud800"  # half of an emoji's UTF-16 pair; exact_json writes it as the escape \ud800
HALF = "half of a character sent without its other half (a lone surrogate)"


def body_routes(app) -> list[tuple[str, str]]:
    """Every API route that reads a body, from the app's own routes: a new one is tried too."""
    return [
        (method, re.sub(r"<int:(\w+)>", r"{\1}", rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in sorted(rule.methods & {"POST", "PUT", "PATCH", "DELETE"})
    ]


def with_text(value, text: str):
    """`value` with every string in it (keys left as they are) replaced by `text`."""
    if isinstance(value, str):
        return text
    if isinstance(value, dict):
        return {key: with_text(item, text) for key, item in value.items()}
    if isinstance(value, list):
        return [with_text(item, text) for item in value]
    return value


def first_text(value, where: str = "") -> str | None:
    """Where the first string of `value` is, as the refusal names it (players[0])."""
    if isinstance(value, str):
        return where
    if isinstance(value, dict):
        inside = [(f"{where}.{key}".lstrip("."), item) for key, item in value.items()]
    elif isinstance(value, list):
        inside = [(f"{where}[{index}]", item) for index, item in enumerate(value)]
    else:
        return None
    return next((found for at, item in inside if (found := first_text(item, at))), None)


def test_a_lone_surrogate_is_refused_in_words_at_every_body_route(app, client, rows):
    """Issue 24: "\\ud800" in `players`, `first_dealer` or a rules key was a 500 (pydantic
    failed writing its own message), on both databases. Every body route, found from the
    app's routes and sent the example its OpenAPI operation gives, its text made a lone
    surrogate, then a key: 400 naming where, and nothing stored."""
    table, keeper, _ = new_table(client)
    enter(client, table, keeper, OUTCOMES[0])
    routes = body_routes(app)
    assert ("PUT", "/api/tables/{table_id}/rules") in routes and len(routes) >= 6
    before = counts(rows)
    for method, route in routes:
        operation = DOCUMENT["paths"][route][method.lower()]
        example = operation["requestBody"]["content"]["application/json"]["example"]
        url = route.format(table_id=table, no=1)
        where = first_text(example)
        sent = [(example | {f"note{LONE}": 1}, None)]  # a key: said of the body
        sent += [(with_text(example, f"A{LONE}"), where)] if where else []
        for data, where in sent:
            answer = send(client, method, url, data, keeper)
            said = f"{where or 'the request'}: " + ("the text" if where else "a key")
            assert answer.status_code == 400, (method, route, answer.get_data(as_text=True))
            assert body(answer)["error"] == f"{said} holds \\ud800, {HALF}, which no text can hold"
    assert counts(rows) == before


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"players": ["Anna", LONE, "Carla"]}, "players[1]"),
        ({"players": ["Anna", "Ben", "Carla"], "first_dealer": LONE}, "first_dealer"),
        ({"players": ["Anna", "Ben"], "rules": {f"stake{LONE}": 1}}, "rules"),
        ({"players": ["Anna", "Ben"], "rules": {"stake": f"1{LONE}"}}, "rules.stake"),
        ({"players": ["Anna", "Ben", "Carla"], "name": "\udfff" + "x" * 40}, "name"),
    ],
)
def test_the_findings_lone_surrogates_are_each_named(client, rows, data, where):
    answer = send(client, "POST", "/api/tables", data)
    assert answer.status_code == 400
    assert body(answer)["error"].startswith(f"{where}: "), body(answer)
    assert "lone surrogate" in body(answer)["error"] and rows(GameTable) == 0


def test_a_file_naming_a_player_with_a_lone_surrogate_is_refused_beside_the_file(app, web, rows):
    """Issue 24: names in an imported file were a 500 too."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        document = exact_json.loads(exported_text(db, night(db)))
    document["players"][1]["name"] = f"B{LONE}n"
    before = counts(rows)
    answer = web.post("/import", upload(exact_json.dumps(document).encode()))
    page = html.unescape(text(answer))
    assert f"players[1].name: the text holds \\ud800, {HALF}" in page
    assert counts(rows) == before


# Every error a clear answer (issue 24)


def test_a_forged_token_an_expired_page_and_a_lost_cookie_are_each_said(app, web, client, rows):
    """Issue 24: a forged CSRF token was told "This page was open too long"."""
    start = {"player_0": "Anna", "player_1": "Ben", "preset": "classic", "first_dealer": "0"}
    token = csrf_token(text(web.get("/")))
    words = {}
    for case, sender, sent in [
        ("forged", web.client, "forged"),
        ("missing", web.client, None),
        ("another phone's", app.test_client(), token),  # its own session, another secret
        ("no cookie", app.test_client(use_cookies=False), token),
    ]:
        if case == "another phone's":
            sender.get("/")  # that phone's session holds a CSRF secret of its own
        data = start | ({} if sent is None else {"csrf_token": sent})
        answer = sender.post("/", data=data)
        assert answer.status_code == 400 and "<h1>Please tap again</h1>" in text(answer)
        words[case] = html.unescape(text(answer))
    with_time = pytest.MonkeyPatch()
    earlier = itsdangerous.timed.time.time() - 2 * 3600  # the page was opened two hours ago
    with_time.setattr(itsdangerous.timed, "time", SimpleNamespace(time=lambda: earlier))
    old_token = csrf_token(text(web.get("/")))
    with_time.undo()
    expired = web.client.post("/", data=start | {"csrf_token": old_token})
    words["expired"] = html.unescape(text(expired))

    assert "open too long" in words["expired"]
    for case in ("forged", "missing", "another phone's"):
        assert "did not come from this app's page on this phone" in words[case], case
        assert "open too long" not in words[case]
    assert "no longer holds the cookie" in words["no cookie"]
    assert rows(GameTable) == 0


def test_the_apis_413_names_the_limit(client):
    """Issue 24: "The data value transmitted exceeds the capacity limit." said no limit."""
    answer = client.post("/api/settle", data=b" " * (256 * 1024 + 1), content_type=JSON)
    assert answer.status_code == 413
    assert body(answer) == {"error": "the body is larger than 256 KB, the most a request may send"}


def test_upper_case_hosts_are_the_same_host(tmp_path):
    """Issue 24: `Host: TONK.EXAMPLE.ORG` was refused (400) by the trusted-hosts check."""
    app = hosted_app(tmp_path, REFEREE_ORIGIN="https://tonk.example.org")
    listed = hosted_app(tmp_path / "listed", TRUSTED_HOSTS=["Tonk.Example.ORG"])
    try:
        for each in (app, listed):
            client = each.test_client()
            for host in ("tonk.example.org", "TONK.EXAMPLE.ORG", "Tonk.Example.Org:8000"):
                assert client.get("/", base_url=f"http://{host}").status_code == 200, host
        assert app.test_client().get("/", base_url="http://evil.example.org").status_code == 400
        created = api_table(app.test_client(), base_url="http://TONK.EXAMPLE.ORG")
        assert created.get_json()["links"]["watch"].startswith("https://tonk.example.org/join/")
    finally:
        for each in (app, listed):
            each.extensions["db_engine"].dispose()


# No refusal says back more than MAX_ECHOED characters of what was sent

SENT = "Q" * 5_000


def longest_echo(answer) -> int:
    """The longest run of SENT in what a refusal says (a form's boxes keep what was typed:
    their values are not the refusal's words)."""
    said = re.sub(r'value="[^"]*"|(href|action|hx-\w+)="[^"]*"', "", answer.get_data(as_text=True))
    return max((len(run) for run in re.findall("Q+", said)), default=0)


def each_text_made_long(value, path=()):
    """(where, value) with one string of `value` made SENT, and one key added as SENT."""
    if isinstance(value, str):
        yield path, SENT
    elif isinstance(value, dict):
        for key, item in value.items():
            for where, changed in each_text_made_long(item, (*path, key)):
                yield where, value | {key: changed}
        yield (*path, "<key>"), value | {SENT: 1}
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for where, changed in each_text_made_long(item, (*path, index)):
                yield where, [*value[:index], changed, *value[index + 1 :]]


def test_no_refusal_says_back_more_than_a_few_dozen_characters(app, client, web, rows):
    """Issue 24: `settle-up?mode=banker&to=` said back up to 100 KB of its input. Every body
    route's example, each text and a key made 5,000 characters long, and settle-up's `to`, on
    the API and its page: at most MAX_ECHOED of them are said back."""
    table, keeper, _ = new_table(client)
    enter(client, table, keeper, OUTCOMES[0])
    tried = 0
    for method, route in body_routes(app):
        operation = DOCUMENT["paths"][route][method.lower()]
        example = operation["requestBody"]["content"]["application/json"]["example"]
        for where, data in each_text_made_long(example):
            answer = send(client, method, route.format(table_id=table, no=1), data, keeper)
            assert answer.status_code == 400, (route, where)
            assert longest_echo(answer) <= MAX_ECHOED, (route, where, body(answer))
            tried += 1
    url = f"/api/tables/{table}/settle-up?mode=banker&to={'Q' * 100_000}"
    answer = client.get(url, headers={"Authorization": f"Bearer {keeper}"})
    assert answer.status_code == 400 and longest_echo(answer) == MAX_ECHOED
    page = start_table(web)
    answer = web.get(f"/t/{page}/settle-up?mode=banker&to={'Q' * 100_000}")
    assert "has no balance tonight" in text(answer) and longest_echo(answer) == MAX_ECHOED
    assert tried > 20
