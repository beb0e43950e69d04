"""What one server at a time may do among all the servers of one database: migrate the
schema.

On PostgreSQL a gate is an advisory lock of the database (each gate its own number), taken
in a transaction of its own and let go when that transaction ends: when the work is done,
or when the server holding it dies, since a SIGKILL closes its connection and the database
then ends its transaction. So two `referee serve` processes on one database, on one machine
or two, share every gate, and a dead one never leaves a gate shut. On SQLite, whose file one
server serves, a gate is a lock of this process; the migration waits for SQLite's write lock
instead (BEGIN IMMEDIATE, migrate.py).
"""

import threading
from dataclasses import dataclass, field

from sqlalchemy import Connection, func, select


@dataclass(frozen=True)
class Gate:
    """One thing done one at a time: `key` is its PostgreSQL advisory lock (a number per
    database, so two databases on one server never meet), `here` its lock on SQLite."""

    name: str
    key: int
    here: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)


# The key is the bytes of "referee1".
MIGRATING = Gate("migrating", 0x7265_6665_7265_6531)


def wait_for(connection: Connection, gate: Gate) -> None:
    """Wait until no other server holds `gate`, then hold it until `connection`'s transaction
    ends (PostgreSQL; nothing on SQLite, whose transaction begun IMMEDIATE waits instead)."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(gate.key)))
