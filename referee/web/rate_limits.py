"""How often one address or one table may fail, or start tables, before the answer is 429.

Only what a table's players never do often is counted: a wrong token (a share link's, or an
API bearer token, or none) counts against its table and against the address it came from; a
table started or imported, from a page or the API, counts against its address (the CLI is
the host's own, and not counted). A right token is neither counted nor refused: it is checked
before any limit, so that no one guessing, from anywhere, can shut a table's players out of it
(behind one NAT a whole table shares an address, and table ids are sequential). Past a limit
the answer is 429 with Retry-After, the seconds until the window ends.

The counts live in the database (`models.RateCount`), so that every worker sees one count, in
fixed windows (a minute for wrong tokens, an hour for new tables). Each count is written in a
transaction of its own, begun IMMEDIATE on SQLite: opening a link is a GET, whose read
transaction would otherwise be upgraded to a write to count the guess, and SQLite answers
"database is locked" to two such upgrades at once. The same transaction deletes the rows of
windows that have ended, so the table holds the current windows only.
"""

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import current_app, request
from sqlalchemy import delete, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select
from werkzeug.exceptions import TooManyRequests

from referee.rules.said import said, said_n, sentences
from referee.store import storage
from referee.store.models import RateCount


@dataclass(frozen=True)
class Limit:
    """At most `most` in each window of `seconds`, per bucket (a table, an address). The app
    config key `name` may change `most`, for a bench that starts many tables from one address."""

    name: str
    most: int
    seconds: int

    def most_allowed(self) -> int:
        return int(current_app.config.get(self.name, self.most))

    def bucket(self, of: str) -> str:
        return f"{self.name}:{of}"

    def window_end(self, now: float) -> int:
        return (int(now) // self.seconds + 1) * self.seconds


# Far above what a night does, far below harm: a phone opens its link once or twice (a typo
# now and then), a night starts a handful of tables, a club behind one router a few dozen.
GUESSES_PER_TABLE = Limit("GUESSES_PER_TABLE", most=20, seconds=60)
GUESSES_PER_ADDRESS = Limit("GUESSES_PER_ADDRESS", most=60, seconds=60)
TABLES_PER_ADDRESS = Limit("TABLES_PER_ADDRESS", most=60, seconds=3600)


def _address() -> str:
    return request.remote_addr or "unknown"


def _wait_in_words(seconds: int) -> str:
    if seconds < 120:
        return said_n("{count} second", "{count} seconds", seconds)
    return said_n("{count} minute", "{count} minutes", math.ceil(seconds / 60))


class TooFast(TooManyRequests):
    """429 past a limit: its description says, in a player's words, what was counted and how
    long to wait (the page shows it, as the API does), and Retry-After the seconds."""

    def __init__(self, wait: int, what: str):
        wait_words = said("Wait {wait}, then try again.", wait=_wait_in_words(wait))
        super().__init__(sentences(what, wait_words), retry_after=wait)


@contextmanager
def _apart(*, write: bool) -> Iterator[Session]:
    """A transaction of its own, committed at the end when `write` (begun IMMEDIATE on
    SQLite), once the request's own transaction is ended. It is called before the request has
    written anything, or after its change was committed, so ending it (a rollback) loses
    nothing; and the request's connection goes back to the pool first, so that many requests
    at once never each hold one while waiting for a second (a pool of 15 ran dry at 40 wrong
    links at once), and never hold the lock a count waits for."""
    storage.session().rollback()
    engine = current_app.extensions["db_engine"]
    with Session(engine.execution_options(immediate=write)) as db:
        yield db
        if write:
            db.commit()


def _prune(db: Session, now: float) -> None:
    """Delete the rows of windows that have ended; rows another worker is counting in (which
    it has locked, on PostgreSQL) are left for the next count rather than waited for."""
    ended = (
        select(col(RateCount.bucket), col(RateCount.ends))
        .where(col(RateCount.ends) <= int(now))  # whole seconds, as the column holds
        .with_for_update(skip_locked=True)
    )
    key = tuple_(col(RateCount.bucket), col(RateCount.ends))
    db.execute(delete(RateCount).where(key.in_(ended)))


def _one_more(db: Session, bucket: str, ends: int) -> int:
    """Add one to a bucket's count in the window ending at `ends`, in one statement (workers
    count at once); the count now."""
    dialect = postgresql if db.get_bind().dialect.name == "postgresql" else sqlite
    counted = (
        dialect.insert(RateCount)
        .values(bucket=bucket, ends=ends, count=1)
        .on_conflict_do_update(
            index_elements=["bucket", "ends"], set_={"count": col(RateCount.count) + 1}
        )
        .returning(col(RateCount.count))
    )
    count: int = db.execute(counted).scalar_one()
    return count


def _count(counted: list[tuple[Limit, str]]) -> int | None:
    """One more in each bucket, written at once; past any limit, the seconds until its window
    ends (the longest such wait), else None."""
    now = time.time()
    waits = []
    with _apart(write=True) as db:
        _prune(db, now)
        # Buckets in one order, so that two workers counting the same two never deadlock.
        for limit, of in sorted(counted, key=lambda pair: pair[0].bucket(pair[1])):
            ends = limit.window_end(now)
            if _one_more(db, limit.bucket(of), ends) > limit.most_allowed():
                waits.append(math.ceil(ends - now))
    return max(waits, default=None)


def _past_limit(counted: list[tuple[Limit, str]]) -> int | None:
    """Read apart, writing nothing: when a bucket is already at its limit, the seconds until
    its window ends, else None. A guesser past the limit is answered without a write, so a
    flood of wrong links never queues for the write lock the table's hands take."""
    now = time.time()
    waits = []
    with _apart(write=False) as db:
        for limit, of in counted:
            ends = limit.window_end(now)
            count = db.exec(
                select(RateCount.count).where(
                    RateCount.bucket == limit.bucket(of), RateCount.ends == ends
                )
            ).first()
            if count is not None and count >= limit.most_allowed():
                waits.append(math.ceil(ends - now))
    return max(waits, default=None)


def wrong_token(table_id: int) -> None:
    """Count a wrong token sent for `table_id` from this address: 429 once the table or the
    address has had too many this window, else the caller answers 404 as for any wrong token.
    Past the limit nothing more is counted."""
    buckets = [(GUESSES_PER_TABLE, str(table_id)), (GUESSES_PER_ADDRESS, _address())]
    wait = _past_limit(buckets) or _count(buckets)
    if wait is not None:
        raise TooFast(
            wait,
            sentences(
                said("Too many wrong links were tried, for this table or from this network."),
                said("The right link always opens its table."),
            ),
        )


TOO_MANY_TABLES = said("Too many tables were started or imported from this network.")


def may_start_table() -> None:
    """429 before a table is started or a file imported from an address that has started as
    many as it may this window."""
    wait = _past_limit([(TABLES_PER_ADDRESS, _address())])
    if wait is not None:
        raise TooFast(wait, TOO_MANY_TABLES)


def table_started() -> None:
    """Count a table started from this address, once it is stored; or a file sent to be
    imported, before it is checked, refused or not (checking it, every hand settled again, is
    the heavy part)."""
    _count([(TABLES_PER_ADDRESS, _address())])
