"""A table of phones at once: hands entered over real HTTP by many clients, double taps,
and two phones fixing the same hand.

The load test serves the app as production does (`referee serve`, 4 workers) on SQLite
and on PostgreSQL; the other tests use a threaded server on the suite's database.
"""

import contextlib
import json
import re
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from referee.store import commands
from referee.store.models import GameTable, Hand, HandChange, HandNet, Player
from referee.store.seating import players_of
from referee.store.storage import make_engine
from referee.web import secret_key
from tests.live import Browser, drop_pg_database, flashes, fresh_pg_database, live_server
from tests.serving import referee_serve

CLIENTS, HANDS_EACH = 8, 50
NAMES = ["Anna", "Ben", "Carla", "Dan"]


# 1a. 8 phones × 50 hands against `referee serve` with 4 workers


def _errors(served) -> str:
    """The server's log from its first traceback on (or its end)."""
    log = served.stderr()
    start = log.find("Traceback")
    return log[max(start - 300, 0) : start + 6000] if start >= 0 else log[-2000:]


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request, tmp_path):
    """`referee serve --workers 4` on a free port, on a database of its own."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    else:
        url = fresh_pg_database("load")
    try:
        with referee_serve(tmp_path, url) as served:
            yield served
    finally:
        if request.param == "postgresql":
            drop_pg_database("load")


def _outcome(client: int, hand: int, ids: list[int]) -> tuple[str, dict]:
    """A hand for the form: out by one player, or a drop with everyone's totals."""
    player = str(ids[(client + hand) % len(ids)])
    if hand % 2 == 0:
        return "out", {"player": player}
    totals = {
        f"total_{pid}": str(2 + (client * 7 + hand * 3 + i * 5) % 40) for i, pid in enumerate(ids)
    }
    return "drop", {"player": player, **totals}


def _phone(base: str, table_id: int, token: str, ids: list[int], client: int) -> Browser:
    """One phone entering its hands: open the link, then form, preview, save, each time."""
    phone = Browser(base, timeout=60)
    phone.open_link(table_id, token)
    for hand in range(HANDS_EACH):
        kind, typed = _outcome(client, hand, ids)
        url = f"/t/{table_id}/hands/new/{kind}"
        form = phone.get(url)
        assert form.status_code == 200, (form.status_code, form.text[-500:])
        preview = phone.post(url, phone.fields(form.text, typed))
        assert preview.status_code == 200, (preview.status_code, preview.text[-500:])
        fields = phone.fields(preview.text, {"save": "1"})
        assert fields.get("previewed"), preview.text[-2000:]
        saved = phone.post(url, fields)
        assert saved.status_code == 303, (saved.status_code, saved.text[-1000:])
        assert saved.headers["Location"].endswith(f"/t/{table_id}")
    return phone


def test_eight_phones_enter_400_hands_at_once_through_referee_serve(served):
    engine = make_engine(served.url)
    try:
        with Session(engine) as db:
            table = commands.start_table(db, name="Load", players=NAMES, preset_name="classic")
            table_id, token, version = table.id, table.scorekeeper_token, table.version
            ids = [p.id for p in players_of(db, table)]

        started = time.monotonic()
        with ThreadPoolExecutor(CLIENTS) as pool:
            futures = [
                pool.submit(_phone, served.base, table_id, token, ids, client)
                for client in range(CLIENTS)
            ]
            failures = [repr(f.exception())[:600] for f in futures if f.exception()]
        took = time.monotonic() - started
        assert failures == [], "\n".join(failures) + "\n--- referee serve:\n" + _errors(served)
        phones = [future.result() for future in futures]

        assert [error for phone in phones for error in phone.server_errors()] == []
        assert sum(len(phone.statuses) for phone in phones) == CLIENTS * (1 + 3 * HANDS_EACH)
        log = served.stderr()
        assert "database is locked" not in log
        assert "Traceback" not in log, _errors(served)

        with Session(engine) as db:
            hands = db.exec(select(Hand).where(Hand.table_id == table_id)).all()
            assert len(hands) == CLIENTS * HANDS_EACH
            assert sorted(h.no for h in hands) == list(range(1, CLIENTS * HANDS_EACH + 1))
            assert len({h.entry_key for h in hands}) == len(hands) and None not in {
                h.entry_key for h in hands
            }
            nets = db.exec(
                select(HandNet.hand_id, func.count(), func.sum(HandNet.cents))
                .join(Hand, Hand.id == HandNet.hand_id)
                .where(Hand.table_id == table_id)
                .group_by(HandNet.hand_id)
            ).all()
            assert {hand_id for hand_id, _, _ in nets} == {h.id for h in hands}
            assert {(count, total) for _, count, total in nets} == {(len(NAMES), 0)}
            entered = db.exec(
                select(HandChange.hand_id).where(
                    HandChange.action == "entered", HandChange.hand_id.in_([h.id for h in hands])
                )
            ).all()
            assert sorted(entered) == sorted(h.id for h in hands)
            # The table's version is bumped once per change: a watching phone polls it (ETag)
            # and must see every hand.
            final = db.get(GameTable, table_id).version
            assert final == version + CLIENTS * HANDS_EACH, (
                f"{CLIENTS * HANDS_EACH} hands saved but the table's version went from "
                f"{version} to {final}"
            )
        assert took < 80, f"400 hands took {took:.0f} s"
    finally:
        engine.dispose()


# The secret key that `referee serve`'s workers share


def test_workers_starting_together_agree_on_one_secret_key(tmp_path, monkeypatch):
    """Two workers that boot at the same moment on a fresh instance folder (gunicorn
    without --preload, each calling create_app()): both must start, with the same key.

    The interleaving is forced: both look for instance/secret_key before either has
    written it, as happens when workers are forked together.
    """
    both_looked = threading.Barrier(2, timeout=5)
    exists = Path.exists

    def exists_then_wait(path: Path) -> bool:
        found = exists(path)
        if path.name == secret_key.KEY_FILE:
            both_looked.wait()
        return found

    monkeypatch.setattr(Path, "exists", exists_then_wait)
    keys: list[str] = []
    failures: list[BaseException] = []

    def boot() -> None:
        try:
            key = secret_key.load_or_create(str(tmp_path))
            secret_key.check(key)
            keys.append(key)
        except BaseException as error:  # a worker that fails to boot
            failures.append(error)

    workers = [threading.Thread(target=boot) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(10)
    assert failures == [] and len(keys) == 2 and len(set(keys)) == 1, (failures, keys)


# 1b. The same hand form saved 10 times at once


def _start_table(phone: Browser, names=("Anna", "Ben", "Carla")) -> int:
    page = phone.get("/")
    fields = phone.fields(
        page.text,
        {f"player_{seat}": name for seat, name in enumerate(names)} | {"first_dealer": "0"},
    )
    response = phone.post("/", fields)
    assert response.status_code == 302, response.text[-1000:]
    return int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))


def _player_ids(app, table_id: int) -> dict[str, int]:
    with Session(app.extensions["db_engine"]) as db:
        players = db.exec(select(Player).where(Player.table_id == table_id)).all()
        return {p.name: p.id for p in players}


def _clone(phone: Browser) -> Browser:
    """The same phone again (its cookies), for a request sent alongside the others."""
    twin = Browser(phone.base)
    twin.http.cookies.update(phone.http.cookies)
    return twin


def _together(count: int, action) -> list:
    """Run action(i) for i in range(count) in threads released at the same moment."""
    gate = threading.Barrier(count, timeout=30)

    def run(i):
        gate.wait()
        return action(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def test_one_hand_saved_ten_times_at_once_is_stored_once(app, rows):
    with live_server(app) as base:
        phone = Browser(base)
        table_id = _start_table(phone)
        ids = _player_ids(app, table_id)
        url = f"/t/{table_id}/hands/new/out"
        form = phone.get(url)
        preview = phone.post(url, phone.fields(form.text, {"player": str(ids["Ben"])}))
        assert preview.status_code == 200
        fields = phone.fields(preview.text, {"save": "1"})
        assert fields["previewed"] and fields["entry_key"]

        taps = [_clone(phone) for _ in range(10)]
        answers = _together(10, lambda i: taps[i].post(url, fields))

        assert [a.status_code for a in answers] == [303] * 10, [a.text[-500:] for a in answers]
        assert {a.headers["Location"] for a in answers} == {f"/t/{table_id}"}
        for tap in taps:
            page = tap.get(f"/t/{table_id}").text
            assert flashes(page) == ["Hand 1 saved."]
            assert "Tally after 1 hand<" in page
        assert (rows(Hand), rows(HandNet), rows(HandChange)) == (1, 3, 1)
        with Session(app.extensions["db_engine"]) as db:
            (hand,) = db.exec(select(Hand)).all()
            assert (hand.no, hand.entry_key) == (1, fields["entry_key"])
            # Stored with the player as their id (referee.store.stored_form).
            assert json.loads(hand.outcome_json) == {"kind": "out", "player": str(ids["Ben"])}


# 1c. Two phones fix the same hand from the same version


def test_two_stale_edits_of_one_hand_save_one_and_show_the_other_the_hand(app, rows):
    with live_server(app) as base:
        first = Browser(base)
        table_id = _start_table(first)
        ids = _player_ids(app, table_id)
        url = f"/t/{table_id}/hands/new/out"
        preview = first.post(url, first.fields(first.get(url).text, {"player": str(ids["Anna"])}))
        assert first.post(url, first.fields(preview.text, {"save": "1"})).status_code == 303

        with Session(app.extensions["db_engine"]) as db:
            token = db.get(GameTable, table_id).scorekeeper_token
        second = Browser(base)
        second.open_link(table_id, token)

        edit = f"/t/{table_id}/hands/1/edit"
        chosen = {0: "Ben", 1: "Carla"}
        saves = []
        for phone, name in ((first, chosen[0]), (second, chosen[1])):
            page = phone.get(edit)
            assert page.status_code == 200
            assert phone.fields(page.text)["version"] == "1"
            preview = phone.post(edit, phone.fields(page.text, {"player": str(ids[name])}))
            assert preview.status_code == 200
            saves.append(phone.fields(preview.text, {"save": "1"}))
        phones = [first, second]

        answers = _together(2, lambda i: phones[i].post(edit, saves[i]))

        assert sorted(a.status_code for a in answers) == [303, 409], [a.text for a in answers]
        won = next(i for i, a in enumerate(answers) if a.status_code == 303)
        stale = answers[1 - won].text
        assert "<h1>Hand 1 was changed meanwhile</h1>" in stale
        assert f": {chosen[won]}." in stale and f": {chosen[1 - won]}." not in stale

        detail = first.get(f"/t/{table_id}/hands/1").text
        assert re.findall(r"</time>: (\w+)", detail) == ["entered", "edited"]
        assert rows(HandChange, HandChange.action == "edited") == 1
        with Session(app.extensions["db_engine"]) as db:
            (hand,) = db.exec(select(Hand)).all()
            assert hand.version == 2
            assert json.loads(hand.outcome_json) == {"kind": "out", "player": str(ids[chosen[won]])}
        statuses = Counter(code for phone in phones for _, _, code in phone.statuses)
        assert not [code for code in statuses if code >= 500]


# A watching phone polls /live with the ETag of the table's version


def test_a_watcher_polling_live_sees_both_of_two_hands_saved_at_once(app, monkeypatch):
    """Two phones save a hand at the same moment; a watcher polls /live between the two
    commits, then again: the second poll must bring the second hand, not a 304.

    The interleaving is forced with two hooks in the commands: the first save waits (up to
    1 s) until the second has loaded the table and queues for the lock (on SQLite it
    cannot: its write begins IMMEDIATE), and the second save waits to commit until the
    watcher has polled.
    """
    lock, touch = commands.lock, commands.touch
    locks, touches = iter(range(10)), iter(range(10))
    second_queued, watcher_polled = threading.Event(), threading.Event()

    def lock_in_turn(db, table):
        if next(locks) == 0:
            second_queued.wait(1)
        else:
            second_queued.set()
        lock(db, table)

    def touch_in_turn(db, table):
        if next(touches) == 1:
            watcher_polled.wait(5)
        touch(db, table)

    monkeypatch.setattr(commands, "lock", lock_in_turn)
    monkeypatch.setattr(commands, "touch", touch_in_turn)

    with live_server(app) as base:
        keeper = Browser(base)
        table_id = _start_table(keeper)
        ids = _player_ids(app, table_id)
        with Session(app.extensions["db_engine"]) as db:
            watch_token = db.get(GameTable, table_id).watch_token
        watcher = Browser(base)
        watcher.open_link(table_id, watch_token)

        url = f"/t/{table_id}/hands/new/out"
        saves = []
        for name in ("Anna", "Ben"):
            phone = _clone(keeper)
            preview = phone.post(url, phone.fields(phone.get(url).text, {"player": str(ids[name])}))
            saves.append((phone, phone.fields(preview.text, {"save": "1"})))

        with ThreadPoolExecutor(2) as pool:
            pending = [pool.submit(phone.post, url, fields) for phone, fields in saves]
            while not any(future.done() for future in pending):
                time.sleep(0.01)
            first = watcher.get(f"/t/{table_id}/live")
            watcher_polled.set()
            answers = [future.result() for future in pending]

        assert [a.status_code for a in answers] == [303, 303]
        assert first.status_code == 200 and "Tally after 1 hand<" in first.text
        again = watcher.get(f"/t/{table_id}/live", headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 200, (
            f"two hands saved, but /live still answers {again.status_code} to the ETag "
            f"{first.headers['ETag']} the watcher saw after the first"
        )
        assert "Tally after 2 hands<" in again.text


# Two phones change the seats at the same moment


def test_two_players_leaving_at_once_leave_two_at_the_table(app, monkeypatch):
    """Ben and Carla leave a table of three from two phones at the same moment: one leaves,
    the other is told the table needs two. The seats are read under the table's lock: two
    reads made before either leave would each count three at the table and let both go.

    The leaves are held (up to 1 s) just before the lock until both have loaded the table;
    on SQLite the second cannot get that far (its write begins IMMEDIATE), so they run one
    after the other there, and the race is really run on PostgreSQL.
    """
    lock = commands.lock
    both_loaded = threading.Barrier(2)

    def lock_together(db, table):
        with contextlib.suppress(threading.BrokenBarrierError):
            both_loaded.wait(1)
        lock(db, table)

    monkeypatch.setattr(commands, "lock", lock_together)
    with live_server(app) as base:
        keeper = Browser(base)
        table_id = _start_table(keeper)
        ids = _player_ids(app, table_id)
        players = f"/t/{table_id}/players"
        csrf = keeper.fields(keeper.get(players).text)["csrf_token"]
        phones = [_clone(keeper), _clone(keeper)]
        leaving = ["Ben", "Carla"]

        answers = _together(
            2,
            lambda i: phones[i].post(
                players, {"csrf_token": csrf, "action": "leave", "player": str(ids[leaving[i]])}
            ),
        )

        assert sorted(a.status_code for a in answers) == [200, 302], [
            a.text[-300:] for a in answers
        ]
        stayed = leaving[[a.status_code for a in answers].index(200)]
        refused = next(a for a in answers if a.status_code == 200).text
        assert f"{stayed} cannot leave: a table needs at least 2 players" in refused
        with Session(app.extensions["db_engine"]) as db:
            at_table = {p.name for p in db.exec(select(Player).where(Player.seated)).all()}
        assert at_table == {"Anna", stayed}
