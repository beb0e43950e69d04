"""Alembic's entry point: migrate the database the app uses (see referee.store.migrate)."""

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from referee.store import models  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=True,  # SQLite changes a table by copying it
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:  # the alembic command line, for making a new revision
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise SystemExit("set sqlalchemy.url to the database to compare the models with")
    engine = create_engine(url)
    with engine.begin() as connection:
        run(connection)
    engine.dispose()
