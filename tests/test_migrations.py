"""Upgrading a night played under the first schema: nothing lost, share links made.

A database is built at revision 0001 (or as `create_all` made it before migrations,
with no alembic_version), filled with plain SQL as the app of that time wrote it, then
upgraded to the head revision: every hand, net and change must come through intact,
every table must get two distinct share tokens, and the app must serve the table.
On SQLite and on PostgreSQL (a database of the test's own).
"""

import json
import re
import sqlite3
import threading
import time
from contextlib import closing
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from referee import create_app, exact_json
from referee.rules.tonk import parse_outcome, rules_from
from referee.scoring.tonk import settle
from referee.store.migrate import FIRST, alembic_config, upgrade
from referee.store.storage import make_engine
from referee.store.tally import cents
from tests.conftest import csrf_token, form_fields
from tests.live import drop_pg_database, fresh_pg_database

# The first schema, as revision 0001 made it (checked against the database below).
OLD = sa.MetaData()
sa.Table(
    "game_table",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", AutoString(60)),
    sa.Column("first_dealer_id", sa.Integer),
    sa.Column("created_at", UTCDateTime()),
    sa.Column("version", sa.Integer),
)
sa.Table(
    "player",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer),
    sa.Column("name", AutoString(40)),
    sa.Column("seat", sa.Integer),
    sa.Column("seated", sa.Boolean),
)
sa.Table(
    "rulesversion",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer),
    sa.Column("number", sa.Integer),
    sa.Column("preset", AutoString(20)),
    sa.Column("rules_json", AutoString),
    sa.Column("created_at", UTCDateTime()),
)
sa.Table(
    "hand",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Integer),
    sa.Column("no", sa.Integer),
    sa.Column("rules_version_id", sa.Integer),
    sa.Column("dealer_id", sa.Integer),
    sa.Column("seats_json", AutoString),
    sa.Column("outcome_json", AutoString),
    sa.Column("settlement_json", AutoString),
    sa.Column("void", sa.Boolean),
    sa.Column("version", sa.Integer),
    sa.Column("created_at", UTCDateTime()),
    sa.Column("updated_at", UTCDateTime()),
)
sa.Table(
    "handchange",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("hand_id", sa.Integer),
    sa.Column("at", UTCDateTime()),
    sa.Column("action", AutoString(10)),
    sa.Column("names_json", AutoString),
    sa.Column("before_json", AutoString),
    sa.Column("after_json", AutoString),
)
sa.Table(
    "handnet",
    OLD,
    sa.Column("hand_id", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, primary_key=True),
    sa.Column("cents", sa.Integer),
    sa.Column("points", sa.Integer),
)
T = OLD.tables
START = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)

# Two nights: (name, players, [(outcome, rules version no, dealer index, edited to, void)])
NIGHTS = [
    (
        "Friday",
        ["Anna", "Ben", "Carla"],
        [
            ({"kind": "out", "player": "Anna"}, 1, 0, None, False),
            (
                {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}},
                1,
                1,
                {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 8, "Carla": 11}},
                False,
            ),
            ({"kind": "out", "player": "Carla"}, 2, 2, None, True),
            (
                {"kind": "drop", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 20}},
                2,
                0,
                None,
                False,
            ),
        ],
    ),
    (
        "Saturday",
        ["Dan", "Eve"],
        [({"kind": "out", "player": "Eve"}, 1, 1, None, False)],
    ),
]
RULES = {1: ("classic", None), 2: ("classic", {"caught_pays": 3, "stake": Decimal("0.25")})}


def _settled(rule_no: int, names: list[str], outcome: dict) -> tuple[str, str, dict]:
    preset, changes = RULES[rule_no]
    typed = parse_outcome(outcome)
    settlement = settle(rules_from(preset, changes), names, typed)
    return (
        exact_json.dumps(typed.to_json()),
        exact_json.dumps(settlement.to_json()),
        {
            name: (cents(settlement.net[name]), (settlement.points or {}).get(name, 0))
            for name in names
        },
    )


def fill_first_schema(url: str) -> None:
    """A night as the app of revision 0001 stored it: plain inserts, no tokens, no keys."""
    engine = make_engine(url)
    try:
        with engine.begin() as db:
            inspector = sa.inspect(db)
            for table in OLD.sorted_tables:
                found = {column["name"] for column in inspector.get_columns(table.name)}
                assert found == set(table.columns.keys()), table.name
            when = START
            for name, players, hands in NIGHTS:
                table_id = db.execute(
                    T["game_table"].insert().values(name=name, created_at=when, version=0)
                ).inserted_primary_key[0]
                ids = [
                    db.execute(
                        T["player"]
                        .insert()
                        .values(table_id=table_id, name=player, seat=seat, seated=True)
                    ).inserted_primary_key[0]
                    for seat, player in enumerate(players)
                ]
                db.execute(
                    T["game_table"]
                    .update()
                    .where(T["game_table"].c.id == table_id)
                    .values(first_dealer_id=ids[0])
                )
                versions = {}
                for number, (preset, changes) in RULES.items():
                    versions[number] = db.execute(
                        T["rulesversion"]
                        .insert()
                        .values(
                            table_id=table_id,
                            number=number,
                            preset=preset,
                            rules_json=exact_json.dumps(rules_from(preset, changes).to_json()),
                            created_at=when,
                        )
                    ).inserted_primary_key[0]
                for no, (outcome, rule_no, dealer, edited, void) in enumerate(hands, start=1):
                    when += timedelta(minutes=5)
                    outcome_json, settlement_json, nets = _settled(
                        rule_no, players, edited or outcome
                    )
                    hand_id = db.execute(
                        T["hand"]
                        .insert()
                        .values(
                            table_id=table_id,
                            no=no,
                            rules_version_id=versions[rule_no],
                            dealer_id=ids[dealer],
                            seats_json=json.dumps(ids),
                            outcome_json=outcome_json,
                            settlement_json=settlement_json,
                            void=void,
                            version=1 + bool(edited) + void,
                            created_at=when,
                            updated_at=when,
                        )
                    ).inserted_primary_key[0]
                    db.execute(
                        T["handnet"].insert(),
                        [
                            {"hand_id": hand_id, "player_id": pid, "cents": c, "points": p}
                            for pid, (c, p) in zip(ids, nets.values(), strict=True)
                        ],
                    )
                    first_json = _settled(rule_no, players, outcome)[0]
                    changes = [("entered", None, first_json)]
                    if edited:
                        changes.append(("edited", first_json, outcome_json))
                    if void:
                        changes.append(("voided", outcome_json, None))
                    db.execute(
                        T["handchange"].insert(),
                        [
                            {
                                "hand_id": hand_id,
                                "at": when,
                                "action": action,
                                "names_json": json.dumps(players),
                                "before_json": before,
                                "after_json": after,
                            }
                            for action, before, after in changes
                        ],
                    )
    finally:
        engine.dispose()


# Players named as they were then, which revision 0004 turned into ids (or dropped).
NAMED = {"outcome_json", "settlement_json", "names_json", "before_json", "after_json"}


def old_rows(url: str) -> dict[str, list[tuple]]:
    """Every row of the first schema's tables, by the first schema's columns that name no
    player (those are checked by what the app shows, and in test_migration_0004)."""
    engine = make_engine(url)
    try:
        with engine.connect() as db:
            return {
                table.name: [
                    tuple(row)
                    for row in db.execute(
                        sa.select(*(c for c in table.columns if c.name not in NAMED)).order_by(
                            *table.primary_key.columns
                        )
                    ).all()
                ]
                for table in OLD.sorted_tables
            }
    finally:
        engine.dispose()


def head() -> str:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """An empty database of this test's own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'first.sqlite3'}"
        return
    yield fresh_pg_database("migrate")
    drop_pg_database("migrate")


def sent(page: str, changes: dict) -> dict:
    """The last form of a page as a browser sends it, with `changes`."""
    fields = {**form_fields(page), **changes}
    return {key: value for key, value in fields.items() if value is not None}


def check_upgraded(url: str, before: dict, tmp_path) -> None:
    """Everything of the first schema intact, the new columns filled, the app serving it."""
    assert old_rows(url) == before
    engine = make_engine(url)
    try:
        with engine.connect() as db:
            assert db.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
                (head(),)
            ]
            tables = db.exec_driver_sql(
                "SELECT id, scorekeeper_token, watch_token, scorekeeper_gen, watch_gen "
                "FROM game_table ORDER BY id"
            ).all()
            keys = db.exec_driver_sql("SELECT entry_key FROM hand").all()
            bys = db.exec_driver_sql('SELECT "by" FROM handchange').all()
            counted = db.exec_driver_sql("SELECT count(*) FROM ratecount").scalar()
            player_ids = dict(db.exec_driver_sql("SELECT name, id FROM player").all())
    finally:
        engine.dispose()
    assert len(tables) == len(NIGHTS)
    tokens = [token for _, keeper, watch, _, _ in tables for token in (keeper, watch)]
    assert all(isinstance(t, str) and len(t) >= 32 for t in tokens), tokens
    assert len(set(tokens)) == len(tokens)
    assert {(k_gen, w_gen) for *_, k_gen, w_gen in tables} == {(1, 1)}
    assert set(keys) == {(None,)} and set(bys) == {("",)} and counted == 0

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "m" * 40,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "DATABASE_URL": url,
        }
    )
    try:
        (friday, keeper, watch, _, _), (saturday, sat_keeper, _, _, _) = tables
        client = app.test_client()
        assert client.get(f"/join/{friday}/{keeper}").status_code == 303
        page = client.get(f"/t/{friday}").get_data(as_text=True)
        assert "Tally after 3 hands<" in page  # four hands, one void
        history = client.get(f"/t/{friday}/hands/").get_data(as_text=True)
        assert sorted(set(map(int, re.findall(r"/hands/(\d+)\"", history)))) == [1, 2, 3, 4]
        detail = client.get(f"/t/{friday}/hands/2").get_data(as_text=True)
        assert re.findall(r"</time>: (\w+)", detail) == ["entered", "edited"]
        detail = client.get(f"/t/{friday}/hands/3").get_data(as_text=True)
        assert re.findall(r"</time>: (\w+)", detail) == ["entered", "voided"]

        # The night goes on: the next hand is number 5, under the newest rules.
        url_new = f"/t/{friday}/hands/new/out"
        form = client.get(url_new).get_data(as_text=True)
        preview = client.post(url_new, data=sent(form, {"player": str(player_ids["Anna"])}))
        assert preview.status_code == 200
        saved = client.post(url_new, data=sent(preview.get_data(as_text=True), {"save": "1"}))
        assert saved.status_code == 303
        assert "Hand 5 saved." in client.get(f"/t/{friday}").get_data(as_text=True)

        watcher = app.test_client()
        assert watcher.get(f"/join/{friday}/{watch}").status_code == 303
        assert watcher.get(f"/t/{friday}").status_code == 200
        assert watcher.get(f"/t/{friday}/players").status_code == 403
        assert watcher.get(f"/t/{saturday}").status_code == 404
        other = app.test_client()
        assert other.get(f"/join/{saturday}/{sat_keeper}").status_code == 303
        assert "Tally after 1 hand<" in other.get(f"/t/{saturday}").get_data(as_text=True)
        assert csrf_token(other.get(f"/t/{saturday}/players").get_data(as_text=True))
    finally:
        app.extensions["db_engine"].dispose()


def test_a_night_of_the_first_schema_comes_through_the_upgrade_whole(url, tmp_path):
    upgrade(url, FIRST)
    fill_first_schema(url)
    before = old_rows(url)
    assert sum(map(len, before.values())) > 30

    upgrade(url)

    check_upgraded(url, before, tmp_path)
    now = old_rows(url)
    upgrade(url)  # once more: nothing to do, nothing changed
    assert old_rows(url) == now


def test_a_database_made_before_migrations_is_stamped_then_upgraded(url, tmp_path):
    upgrade(url, FIRST)
    fill_first_schema(url)
    engine = make_engine(url)
    try:
        with engine.begin() as db:  # as `create_all` left it: no record of a revision
            db.exec_driver_sql("DROP TABLE alembic_version")
    finally:
        engine.dispose()
    before = old_rows(url)

    upgrade(url)

    check_upgraded(url, before, tmp_path)


def test_a_second_upgrade_on_sqlite_waits_for_the_first_then_finds_it_done(tmp_path):
    """Two servers started at once on one SQLite file: the second's migration read the
    schema while the first's was being written, then failed on "database is locked" (2 of 3
    tries). Its transaction now begins by taking the write lock, so it waits for the first.
    (On PostgreSQL, tests/test_two_servers.py starts two servers at once.)"""
    path = tmp_path / "referee.sqlite3"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("PRAGMA journal_mode = WAL")
    first.execute("BEGIN IMMEDIATE")
    first.execute("CREATE TABLE another_servers_migration (x)")  # under way, not committed
    failed: list[BaseException] = []

    def second() -> None:
        try:
            upgrade(f"sqlite:///{path}")
        except BaseException as error:  # noqa: BLE001 - reported by the test's thread
            failed.append(error)

    waiting = threading.Thread(target=second)
    waiting.start()
    time.sleep(1)
    first.execute("COMMIT")
    first.close()
    waiting.join(60)
    assert failed == []
    heads = ScriptDirectory.from_config(alembic_config("sqlite://")).get_heads()
    with closing(sqlite3.connect(path)) as db:
        assert [row[0] for row in db.execute("SELECT version_num FROM alembic_version")] == heads
