"""The database: one engine per app, one session per request.

SQLite in the instance folder by default; `DATABASE_URL` selects another database
(PostgreSQL through psycopg 3). SQLModel has no Flask integration, so the engine
lives in `app.extensions` and the session in `g`, closed when the request ends.
The schema is made by `referee db upgrade` (Alembic), never by the app at start-up.

SQLite is set up for a table of phones writing at once: WAL so readers never wait,
synchronous=FULL so a confirmed hand survives a power cut, foreign keys on, a busy
timeout, and requests that change data begin their transaction IMMEDIATE, so two
writers queue for the lock instead of failing half way with "database is locked".
"""

import os
import sqlite3

from flask import Flask, current_app, g, request
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, create_engine

DB_FILE = "referee.sqlite3"
BUSY_TIMEOUT_MS = 30_000
READS = ("GET", "HEAD", "OPTIONS")


def database_url(app: Flask) -> str:
    """DATABASE_URL from the config or the environment, else SQLite in the instance folder."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    return url or f"sqlite:///{os.path.join(app.instance_path, DB_FILE)}"


def make_engine(url: str) -> Engine:
    """An engine; for SQLite, the pragmas on every pooled connection and IMMEDIATE writes."""
    if not url.startswith("sqlite"):
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: sqlite3.Connection, _record: object) -> None:
        connection.isolation_level = None  # transactions are begun below, not by pysqlite
        for pragma in (
            "journal_mode = WAL",
            "synchronous = FULL",
            "foreign_keys = ON",
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
        ):
            connection.execute(f"PRAGMA {pragma}")

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get("immediate", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def init_app(app: Flask) -> None:
    """Open the database (its schema comes from `referee db upgrade`)."""
    app.extensions["db_engine"] = make_engine(database_url(app))
    app.teardown_appcontext(_close_session)


def session() -> Session:
    """This request's session, opened on first use; a request that may write takes the
    write lock when it begins (SQLite), so it never has to upgrade a read lock."""
    if "db" not in g:
        engine = current_app.extensions["db_engine"]
        if request and request.method not in READS:
            engine = engine.execution_options(immediate=True)
        g.db = Session(engine, expire_on_commit=False)
    db: Session = g.db
    return db


def _close_session(_error: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()
