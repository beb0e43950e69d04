"""What one server at a time may do among all the servers of one database: import a table's
file, migrate the schema.

On PostgreSQL a gate is an advisory lock of the database (each gate its own number), taken
in a transaction of its own and let go when that transaction ends: when the work is done,
or when the server holding it dies, since a SIGKILL closes its connection and the database
then ends its transaction. So two `referee serve` processes on one database, on one machine
or two, share every gate, and a dead one never leaves a gate shut. On SQLite, whose file one
server serves, a gate is a lock of this process; the migration waits for SQLite's write lock
instead (BEGIN IMMEDIATE, migrate.py).
"""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import Connection, Engine, func, select


@dataclass(frozen=True)
class Gate:
    """One thing done one at a time: `key` is its PostgreSQL advisory lock (a number per
    database, so two databases on one server never meet), `here` its lock on SQLite."""

    name: str
    key: int
    here: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)


# The keys are the bytes of "referee1" and "referee2".
MIGRATING = Gate("migrating", 0x7265_6665_7265_6531)
IMPORTING = Gate("importing", 0x7265_6665_7265_6532)


@contextmanager
def passed(engine: Engine, gate: Gate) -> Iterator[bool]:
    """Whether this request is the only one through `gate`, on any server of the database:
    True, and the gate is held until the block ends; False at once, without waiting, while
    another holds it (the caller answers "again in a moment"). On PostgreSQL the gate takes
    a connection of its own for as long as it is held."""
    if engine.dialect.name != "postgresql":
        if not gate.here.acquire(blocking=False):
            yield False
            return
        try:
            yield True
        finally:
            gate.here.release()
        return
    with engine.connect() as connection, connection.begin():
        taken = connection.execute(select(func.pg_try_advisory_xact_lock(gate.key)))
        yield bool(taken.scalar_one())


def wait_for(connection: Connection, gate: Gate) -> None:
    """Wait until no other server holds `gate`, then hold it until `connection`'s transaction
    ends (PostgreSQL; nothing on SQLite, whose transaction begun IMMEDIATE waits instead)."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(gate.key)))
