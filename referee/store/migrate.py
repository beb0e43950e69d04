"""Schema changes go through Alembic, run by a command (`referee db upgrade`, or `referee
serve` before it serves), never by every worker at start-up; by one server at a time, when
two start at once on one database."""

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, inspect

from referee.store import gates
from referee.store.storage import make_engine

MIGRATIONS = Path(__file__).with_name("migrations")
FIRST = "0001"


def alembic_config(url: str) -> Config:
    """Alembic's settings, without an alembic.ini: the scripts ship inside the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _foreign_keys_off(connection: Connection) -> None:
    """PRAGMA foreign_keys straight to the driver: through SQLAlchemy it would open a
    transaction, inside which SQLite ignores it."""
    driver = connection.connection.driver_connection
    if driver is not None:  # None only once the connection is closed
        driver.execute("PRAGMA foreign_keys = OFF")


def upgrade(url: str, revision: str = "head") -> None:
    """Create or migrate the schema of the database at `url`.

    A database made before migrations existed (the first schema, with no record of
    its revision) is marked as the first revision, then migrated like any other.

    Two servers started at once on one database migrate one after the other: the second
    waits for the first's transaction (the MIGRATING gate on PostgreSQL, SQLite's write lock
    taken as the transaction begins), then finds the schema current. Without it, one of two
    servers started together on an empty database died on a duplicate table (PostgreSQL),
    or on "database is locked" (SQLite, where both read the schema, then both would write).
    """
    config = alembic_config(url)
    engine = make_engine(url)
    sqlite = engine.dialect.name == "sqlite"
    try:
        with engine.connect() as connection:
            if sqlite:
                # SQLite changes a table by copying it, which a foreign key to it refuses:
                # keys are off for the migration (outside any transaction, or it is ignored)
                # and checked whole before the migration commits.
                _foreign_keys_off(connection)
                connection.execution_options(immediate=True)  # BEGIN IMMEDIATE (storage.py)
            with connection.begin():
                gates.wait_for(connection, gates.MIGRATING)
                tables = set(inspect(connection).get_table_names())
                config.attributes["connection"] = connection
                if "game_table" in tables and "alembic_version" not in tables:
                    command.stamp(config, FIRST)
                command.upgrade(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("the migration left a row pointing at nothing")
    finally:
        engine.dispose()
