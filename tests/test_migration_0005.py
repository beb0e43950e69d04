"""Migration 0005: every table recorded before it is a night of Tonk, the only game there
was; a night of revision 0004 comes through as Tonk, plays on, and downgrades again. On
SQLite and on PostgreSQL, like tests/test_migrations.py."""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import command
from sqlmodel import Session, select

from referee import exact_json
from referee.rules.tonk import rules_from
from referee.store import commands
from referee.store.migrate import alembic_config, upgrade
from referee.store.models import GameTable
from referee.store.storage import make_engine
from tests.test_migrations import url  # noqa: F401  (the database fixture, both engines)

AT = datetime(2026, 11, 6, 20, 0, tzinfo=UTC)


def _insert(db, table: str, **values) -> None:
    db.execute(sa.insert(sa.table(table, *map(sa.column, values))).values(**values))


def fill_0004(address: str) -> None:
    """A table as revision 0004 stored it, before tables named their game: Anna and Ben,
    classic rules, no hand yet."""
    engine = make_engine(address)
    try:
        with engine.begin() as db:
            _insert(db, "game_table", id=1, name="Friday", first_dealer_id=1, created_at=AT,
                    version=3, scorekeeper_token="k" * 32, watch_token="w" * 32,
                    scorekeeper_gen=1, watch_gen=1)  # fmt: skip
            for pid, name in enumerate(["Anna", "Ben"], start=1):
                _insert(db, "player", id=pid, table_id=1, name=name, seat=pid - 1, seated=True)
            _insert(db, "rulesversion", id=1, table_id=1, number=1, preset="classic",
                    rules_json=exact_json.dumps(rules_from("classic").to_json()),
                    created_at=AT)  # fmt: skip
            if db.dialect.name == "postgresql":  # rows given their ids leave the counters at 0
                for name in ("game_table", "player", "rulesversion"):
                    db.exec_driver_sql(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"(SELECT max(id) FROM {name}))"
                    )
    finally:
        engine.dispose()


def columns(address: str) -> set[str]:
    engine = make_engine(address)
    try:
        with engine.connect() as db:
            return {c["name"] for c in sa.inspect(db).get_columns("game_table")}
    finally:
        engine.dispose()


def test_a_table_of_0004_reads_as_tonk_and_plays_on(url):  # noqa: F811
    upgrade(url, "0004")
    fill_0004(url)

    upgrade(url)

    engine = make_engine(url)
    try:
        with Session(engine) as db:
            table = db.exec(select(GameTable)).one()
            assert (table.name, table.game) == ("Friday", "tonk")
            entered = commands.enter_hand(db, table, {"kind": "out", "player": "Ben"})
            assert entered.hand.settlement_json == (
                '{"result": "out", "winners": ["2"], "payments": [{"from": "1", "to": "2", '
                '"amount": 1, "why": "out"}], "net": {"1": -1, "2": 1}, "points": null}'
            )
            started = commands.start_table(db, name="Saturday", players=["Cy", "Di"],
                                           preset_name="classic")  # fmt: skip
            assert started.game == "tonk"
        with engine.connect() as db:
            assert db.exec_driver_sql("SELECT id, game FROM game_table ORDER BY id").all() == [
                (1, "tonk"),
                (2, "tonk"),
            ]
    finally:
        engine.dispose()


def test_0005_downgrades_to_tables_without_a_game(url):  # noqa: F811
    upgrade(url, "0004")
    fill_0004(url)
    upgrade(url)
    assert "game" in columns(url)

    command.downgrade(alembic_config(url), "0004")

    assert "game" not in columns(url)
    engine = make_engine(url)
    try:
        with engine.connect() as db:
            assert db.exec_driver_sql("SELECT id, name FROM game_table").all() == [(1, "Friday")]
    finally:
        engine.dispose()
