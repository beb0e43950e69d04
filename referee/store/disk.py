"""What a full disk looks like from here: the app answers it as the server's trouble (507
on a request, a sentence from a command) rather than as a crash, having saved nothing."""

import errno
import sqlite3

from sqlalchemy.exc import DBAPIError

PG_DISK_FULL = "53100"  # PostgreSQL's SQLSTATE disk_full


def disk_full(error: BaseException) -> bool:
    """Whether `error` is a full disk: SQLite's "database or disk is full", PostgreSQL's
    disk_full, or ENOSPC from the system (a driver's error as SQLAlchemy wraps it, too)."""
    cause = error.orig if isinstance(error, DBAPIError) else error
    return (
        (isinstance(cause, OSError) and cause.errno == errno.ENOSPC)
        or getattr(cause, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
        or getattr(cause, "sqlstate", None) == PG_DISK_FULL
    )
