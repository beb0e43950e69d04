"""Who may see and change a table: every route checked against the share links.

The routes are read from the app's URL map, so a route added later is checked too: a
watcher changes nothing anywhere, another table's link opens nothing, wrong tokens
are answered 404 (test_rate_limits counts them), a rotated link shuts out whoever it let
in, and the cookie, headers and CSRF refusal are what a phone's browser needs.
"""

import re
from types import SimpleNamespace

import itsdangerous.timed
from sqlmodel import Session, SQLModel, select

from referee.store import commands
from referee.store.models import GameTable, Hand, HandChange
from referee.store.rules_versions import current_rules
from referee.store.seating import players_of
from referee.web import access
from tests.conftest import csrf_token, form_fields

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
HX = {"HX-Request": "true"}
NAMES = ["Anna", "Ben", "Carla"]
# Pages only the scorekeeper may open (a watcher gets 403), and pages anyone at the table sees.
KEEPER_PAGES = [
    "/t/{t}/hands/new/out",
    "/t/{t}/hands/new/drop",
    "/t/{t}/hands/new/tonk_out",
    "/t/{t}/hands/new/stock_out",
    "/t/{t}/hands/new/deal_tonk",
    "/t/{t}/hands/1/edit",
    "/t/{t}/rules/edit",
    "/t/{t}/players",
    "/t/{t}/share",
]
SHARED_PAGES = [
    "/t/{t}",
    "/t/{t}/live",
    "/t/{t}/hands/",
    "/t/{t}/hands/1",
    "/t/{t}/rules",
    "/t/{t}/settle-up",
    "/t/{t}/count",
    "/t/{t}/spread",
    "/t/{t}/ask",
]
# A body for each API route that changes a table, as its scorekeeper would send it.
API_BODIES = {
    "api.change_rules": {"rules": {"caught_pays": 3}},
    "api.enter_hand": {"outcome": {"kind": "out", "player": "Ben"}},
    "api.edit_hand": {"outcome": {"kind": "out", "player": "Anna"}, "version": 1},  # hand 3: Carla
    "api.void_hand": {"version": 1},
}


# Setting up


def new_table(app, hands: int = 2) -> SimpleNamespace:
    """A table made through the commands, with a few hands: its id and both tokens."""
    with Session(app.extensions["db_engine"]) as db:
        table = commands.start_table(db, name="Access", players=NAMES, preset_name="classic")
        players = players_of(db, table)
        for i in range(hands):
            outcome = {"kind": "out", "player": NAMES[i % 3]}
            commands.enter_hand(db, table, outcome, dealer=players[i % 3])
        return SimpleNamespace(id=table.id, keeper=table.scorekeeper_token, watch=table.watch_token)


def browser(app, table=None, role: str | None = None, address: str = "127.0.0.1"):
    """A test client that has opened `table`'s `role` link (or nothing)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if table is not None:
        token = table.keeper if role == access.SCOREKEEPER else table.watch
        assert client.get(f"/join/{table.id}/{token}").status_code == 303
    return client


def snapshot(app) -> dict[str, list]:
    """Every row of every table of the database, to tell whether anything changed."""
    with Session(app.extensions["db_engine"]) as db:
        return {
            table.name: sorted(
                (tuple(row) for row in db.connection().execute(table.select())), key=repr
            )
            for table in SQLModel.metadata.sorted_tables
        }


def text(response) -> str:
    return response.get_data(as_text=True)


def token_of(client) -> str:
    """A valid CSRF token of this browser's session (the home page has a form anyone sees)."""
    return csrf_token(text(client.get("/")))


def table_rules(app) -> list:
    """Every route that concerns one table (its id is in the path), static files aside."""
    return [rule for rule in app.url_map.iter_rules() if "table_id" in rule.arguments]


# The pages whose Save stores a payout checked first.
PREVIEWED = ("hands.new", "hands.edit")
# The hand each route that changes a hand is sent to, so that none finds it changed by another.
# Hand 2 is voided by the page, then restored (version 2 after its void).
HAND_OF = {"hands.void": 2, "hands.restore": 2, "api.edit_hand": 3, "api.void_hand": 4}


def url_of(rule, table_id: int, token: str = "not-the-token") -> str:
    values = {
        "table_id": table_id,
        "no": HAND_OF.get(rule.endpoint, 1),
        "kind": "out",
        "token": token,
    }
    path = rule.rule
    for name in rule.arguments:
        path = re.sub(rf"<(?:[^:<>]+:)?{name}>", str(values.get(name, "x")), path)
    return path


def is_api(rule) -> bool:
    return rule.rule.startswith("/api/")


def keeper_forms(app, keeper, table) -> dict[str, dict]:
    """For each page that changes the table, the form its scorekeeper would send: a hand
    previewed and ready to save, a fix of hand 1, a void of hand 2, a change of rules..."""
    t = table.id
    ids = {p: str(i) for p, i in _player_ids(app, t).items()}

    def previewed(url: str, changes: dict) -> dict:
        preview = keeper.post(url, data={**form_fields(text(keeper.get(url))), **changes})
        assert preview.status_code == 200, text(preview)[-500:]
        fields = {**form_fields(text(preview)), "save": "1"}
        assert fields["previewed"]
        return {k: v for k, v in fields.items() if v is not None}

    rules = {**form_fields(text(keeper.get(f"/t/{t}/rules/edit"))), "caught_pays": "5"}
    return {
        "hands.new": previewed(f"/t/{t}/hands/new/out", {"player": ids["Ben"]}),
        "hands.edit": previewed(f"/t/{t}/hands/1/edit", {"player": ids["Carla"]}),
        "hands.void": {"version": "1"},
        "hands.restore": {"version": "2"},
        "tables.edit_rules": {k: v for k, v in rules.items() if v is not None},
        "tables.players": {"action": "sit_in", "name": "Dan"},
        "tables.cut": {},
        "links.rotate": {"role": access.SCOREKEEPER},
        "turns.mark": {"mark": f"spread-{ids['Ben']}", "seen": "0"},
        "counting.count": {"card": "K♠"},
        # A hand kept offline, sent by the phone with the key it made for it.
        "queued.send": {"player": ids["Ben"], "entry_key": "kept-on-the-phone-access"},
    }


def _player_ids(app, table_id: int) -> dict[str, int]:
    with Session(app.extensions["db_engine"]) as db:
        table = db.get(GameTable, table_id)
        return {p.name: p.id for p in players_of(db, table)}


def attempt(client, rule, method: str, url: str, form: dict, bearer: str):
    """Send what would change the table: the form with this browser's CSRF token, or to
    the API the JSON body with a bearer token."""
    if is_api(rule):
        return client.open(
            url,
            method=method,
            json=API_BODIES.get(rule.endpoint, {}),
            headers={"Authorization": f"Bearer {bearer}"},
        )
    return client.open(url, method=method, data={**form, "csrf_token": token_of(client)})


# A watcher changes nothing


def test_a_watcher_changes_nothing_through_any_route(app):
    table = new_table(app, hands=4)
    keeper = browser(app, table, access.SCOREKEEPER)
    watcher = browser(app, table, access.WATCH)
    forms = keeper_forms(app, keeper, table)
    writes = [
        (rule, method)
        for rule in table_rules(app)
        for method in sorted(rule.methods & WRITES)
        if rule.endpoint != "links.join"
    ]
    assert {rule.endpoint for rule, _ in writes} >= set(forms)

    before = snapshot(app)
    answers = {
        (rule.rule, method): attempt(
            watcher,
            rule,
            method,
            url_of(rule, table.id),
            forms.get(rule.endpoint, {}),
            table.watch,
        ).status_code
        for rule, method in writes
    }
    assert {key: code for key, code in answers.items() if code not in (403, 404)} == {}
    assert snapshot(app) == before

    # The same requests from the scorekeeper do change the table: what the watcher sent
    # would have changed something had it been let through.
    changed = {}
    for rule, method in writes:
        if rule.endpoint == "links.rotate":
            continue  # last: it would end the keeper's other tests' tokens
        ahead = snapshot(app)
        form = forms.get(rule.endpoint, {})
        if rule.endpoint in PREVIEWED:
            # Checked again now: Save stores only the payout it showed, and the writes before
            # this one (a player sitting in) move it.
            form = keeper_forms(app, keeper, table)[rule.endpoint]
        answer = attempt(keeper, rule, method, url_of(rule, table.id), form, table.keeper)
        assert answer.status_code < 400 and answer.status_code not in (403, 404), (
            rule.rule,
            method,
            answer.status_code,
            text(answer)[-500:],
        )
        changed[rule.endpoint] = snapshot(app) != ahead
    expected = {
        "hands.new",
        "hands.edit",
        "hands.void",
        "hands.restore",
        "tables.edit_rules",
        "tables.players",
        "turns.mark",
        "queued.send",
    }
    assert {endpoint for endpoint, did in changed.items() if did} >= expected | (
        set(API_BODIES) & set(changed)
    )


def test_a_watcher_sees_the_table_but_not_the_scorekeepers_pages(app):
    table = new_table(app)
    keeper = browser(app, table, access.SCOREKEEPER)
    watcher = browser(app, table, access.WATCH)
    with Session(app.extensions["db_engine"]) as db:  # every kind has its page
        _, rules = current_rules(db, db.get(GameTable, table.id))
        assert rules.deal_tonks

    for page in KEEPER_PAGES:
        url = page.format(t=table.id)
        assert (url, watcher.get(url).status_code) == (url, 403)
        assert "Watching only" in text(watcher.get(url))
        assert (url, keeper.get(url).status_code) == (url, 200)
    for page in SHARED_PAGES:
        url = page.format(t=table.id)
        assert (url, watcher.get(url).status_code) == (url, 200)

    # Every other page of the table: seen (200) or refused (403), never a crash or a 404.
    for rule in table_rules(app):
        if "GET" in rule.methods and not is_api(rule) and rule.endpoint != "links.join":
            url = url_of(rule, table.id)
            assert (url, watcher.get(url).status_code) in ((url, 200), (url, 403))


# One table's link opens nothing of another


def test_one_tables_link_opens_nothing_of_another_table(app):
    mine, theirs = new_table(app), new_table(app)
    for role in access.ROLES:
        client = browser(app, mine, role)
        bearer = mine.keeper if role == access.SCOREKEEPER else mine.watch
        before = snapshot(app)
        answers = {}
        for rule in table_rules(app):
            for method in sorted(rule.methods & (WRITES | {"GET"})):
                url = url_of(rule, theirs.id, token=bearer)
                if method == "GET":
                    headers = {"Authorization": f"Bearer {bearer}"} if is_api(rule) else {}
                    code = client.get(url, headers=headers).status_code
                else:
                    code = attempt(client, rule, method, url, {}, bearer).status_code
                answers[(method, url)] = code
        assert {key: code for key, code in answers.items() if code != 404} == {}, role
        changed = {name: rows for name, rows in snapshot(app).items() if rows != before[name]}
        assert set(changed) <= {"ratecount"}, changed  # the wrong tokens are counted
        # ...while its own table is open to it
        assert client.get(f"/t/{mine.id}").status_code == 200


# Wrong tokens: 404 (then 429 while someone keeps guessing: test_rate_limits)


def test_a_wrong_token_for_a_table_that_does_not_exist_is_404(app):
    client = browser(app)
    assert client.get("/join/999/whatever").status_code == 404
    table = new_table(app, hands=0)
    assert client.get(f"/join/{table.id}/{table.keeper[:-1]}").status_code == 404
    assert client.get(f"/join/{table.id}/{table.keeper}x").status_code == 404
    assert client.get(f"/t/{table.id}").status_code == 404


# Rotating a link


def test_rotating_the_watch_link_ends_its_sessions_and_the_old_link(app, rows):
    table = new_table(app)
    keeper = browser(app, table, access.SCOREKEEPER)
    watcher = browser(app, table, access.WATCH)
    assert watcher.get(f"/t/{table.id}").status_code == 200

    share = f"/t/{table.id}/share"
    rotate = keeper.post(
        f"/t/{table.id}/share/rotate",
        data={"role": "watch", "csrf_token": csrf_token(text(keeper.get(share)))},
    )
    assert rotate.status_code == 303

    assert watcher.get(f"/t/{table.id}").status_code == 404
    assert watcher.get(f"/t/{table.id}/live").status_code == 404
    assert browser(app).get(f"/join/{table.id}/{table.watch}").status_code == 404
    with Session(app.extensions["db_engine"]) as db:
        new_watch = db.get(GameTable, table.id).watch_token
    assert new_watch != table.watch
    assert (
        browser(app, SimpleNamespace(id=table.id, watch=new_watch))
        .get(f"/t/{table.id}")
        .status_code
        == 200
    )
    assert keeper.get(f"/t/{table.id}").status_code == 200


def test_rotating_the_scorekeeper_link_keeps_only_the_phone_that_rotated(app):
    table = new_table(app)
    keeper, other_keeper = (browser(app, table, access.SCOREKEEPER) for _ in range(2))
    share = f"/t/{table.id}/share"
    rotate = keeper.post(
        f"/t/{table.id}/share/rotate",
        data={"role": "scorekeeper", "csrf_token": csrf_token(text(keeper.get(share)))},
    )
    assert rotate.status_code == 303
    assert keeper.get(f"/t/{table.id}/players").status_code == 200
    assert other_keeper.get(f"/t/{table.id}/players").status_code == 404
    assert browser(app).get(f"/join/{table.id}/{table.keeper}").status_code == 404


# The session cookie and the headers


def cookie_flags(response) -> dict[str, str]:
    """The attributes of the session cookie a response sets: {name in lower case: value}."""
    (cookie,) = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    attributes = [part.strip().partition("=") for part in cookie.split(";")[1:]]
    return {name.lower(): value for name, _, value in attributes}


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(app):
    table = new_table(app, hands=0)
    plain = cookie_flags(app.test_client().get(f"/join/{table.id}/{table.watch}"))
    over_https = cookie_flags(
        app.test_client().get(f"/join/{table.id}/{table.watch}", base_url="https://localhost")
    )
    assert "httponly" in plain and "secure" not in plain
    assert "httponly" in over_https and "secure" in over_https
    assert (plain.get("samesite"), over_https.get("samesite")) == ("Lax", "Lax")


def check_headers(response, what: str) -> None:
    headers = response.headers
    csp = headers.get("Content-Security-Policy", "")
    directives = {part.split()[0]: part.split()[1:] for part in csp.split(";") if part.strip()}
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp, what
    assert directives.get("frame-ancestors") == ["'none'"], what
    assert directives.get("script-src") == ["'self'"], what
    assert "default-src" in directives, what
    assert headers.get("X-Content-Type-Options") == "nosniff", what
    assert headers.get("Referrer-Policy") == "no-referrer", what


def test_every_page_is_sent_with_the_security_headers(app):
    table = new_table(app)
    keeper = browser(app, table, access.SCOREKEEPER)
    watcher = browser(app, table, access.WATCH)
    pages = [
        (keeper, "/", {}),
        (keeper, f"/t/{table.id}", {}),
        (keeper, f"/t/{table.id}", HX),
        (keeper, f"/t/{table.id}/hands/new/out", {}),
        (keeper, f"/t/{table.id}/hands/1", {}),
        (keeper, f"/t/{table.id}/share", {}),
        (watcher, f"/t/{table.id}/players", {}),  # 403
        (browser(app), f"/t/{table.id}", {}),  # 404
        (keeper, "/static/referee.css", {}),
    ]
    for client, url, headers in pages:
        with client.get(url, headers=headers) as response:
            check_headers(response, url)
    check_headers(keeper.post(f"/t/{table.id}/players", data={}), "a refused POST")


# An expired or missing CSRF token


def test_an_expired_or_missing_token_asks_to_tap_again_and_saves_nothing(app, rows, monkeypatch):
    table = new_table(app, hands=0)
    url = f"/t/{table.id}/hands/new/out"
    ben = str(_player_ids(app, table.id)["Ben"])
    with monkeypatch.context() as patch:  # the link and the form were opened two hours ago
        earlier = itsdangerous.timed.time.time() - 2 * 3600
        patch.setattr(itsdangerous.timed, "time", SimpleNamespace(time=lambda: earlier))
        keeper = browser(app, table, access.SCOREKEEPER)
        preview = keeper.post(url, data={**form_fields(text(keeper.get(url))), "player": ben})
        assert preview.status_code == 200
    fields = {k: v for k, v in form_fields(text(preview)).items() if v is not None}
    fields["save"] = "1"

    answer = keeper.post(url, data=fields)
    assert answer.status_code == 400 and "<h1>Please tap again</h1>" in text(answer)
    assert "nothing was saved" in text(answer)
    check_headers(answer, "the CSRF refusal")

    missing = {k: v for k, v in fields.items() if k != "csrf_token"}
    answer = keeper.post(url, data=missing)
    assert answer.status_code == 400 and "<h1>Please tap again</h1>" in text(answer)

    for data in (fields, missing):
        answer = keeper.post(url, data=data, headers=HX)
        assert answer.status_code == 200
        assert answer.headers["HX-Retarget"] == "body"
        assert "Please tap again" in text(answer)
    assert (rows(Hand), rows(HandChange)) == (0, 0)

    # Reloaded, the same form saves the hand (once).
    fresh = {**fields, "csrf_token": csrf_token(text(keeper.get(url)))}
    assert keeper.post(url, data=fresh).status_code == 303
    assert keeper.post(url, data=fresh).status_code == 303
    with Session(app.extensions["db_engine"]) as db:
        assert db.exec(select(Hand.no)).all() == [1]


def test_opening_a_link_fixes_what_the_session_holds_for_the_tables_pages(app):
    """A phone asks for several pages at once (its service worker keeps them), and the
    session is a cookie, the last answer's winning: the CSRF secret and the phone's name are
    made when the link is opened, so no page answered at the same time makes another."""
    table = new_table(app, hands=0)
    client = browser(app, table, access.SCOREKEEPER)
    with client.session_transaction() as held:
        secret, device = held["csrf_token"], held["device"]
    for _ in range(3):
        assert client.get(f"/t/{table.id}").status_code == 200
    with client.session_transaction() as held:
        assert (held["csrf_token"], held["device"]) == (secret, device)
