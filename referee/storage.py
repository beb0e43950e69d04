"""The database: one engine per app, one session per request.

SQLite in the instance folder by default; `DATABASE_URL` selects another database.
SQLModel has no Flask integration, so the engine lives in `app.extensions` and the
session in `g`, closed when the request ends.
"""

import os

from flask import Flask, current_app, g
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel, create_engine

from referee import models  # noqa: F401  (registers the tables on SQLModel.metadata)

DB_FILE = "referee.sqlite3"


def database_url(app: Flask) -> str:
    """DATABASE_URL from the config or the environment, else SQLite in the instance folder."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    return url or f"sqlite:///{os.path.join(app.instance_path, DB_FILE)}"


def make_engine(url: str) -> Engine:
    """An engine; for SQLite, foreign keys on and a busy timeout on every connection."""
    if url == "sqlite://":  # in memory, for tests: one connection shared by all
        engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    elif url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})
    else:
        return create_engine(url, pool_pre_ping=True)

    @event.listens_for(engine, "connect")
    def _pragmas(connection, _record) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    return engine


def init_app(app: Flask) -> None:
    """Open the database and create its tables on first run."""
    engine = make_engine(database_url(app))
    SQLModel.metadata.create_all(engine)
    app.extensions["db_engine"] = engine
    app.teardown_appcontext(_close_session)


def session() -> Session:
    """This request's session, opened on first use."""
    if "db" not in g:
        g.db = Session(current_app.extensions["db_engine"], expire_on_commit=False)
    return g.db


def _close_session(_error: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()
