"""Run by tests/test_run_database.py, twice at once: the table this run makes is still the
only one there after the other run's tests emptied their database. Not collected by itself
(its name is no test_*.py)."""

import os
import time

from sqlmodel import Session, select

from referee.store import commands
from referee.store.models import GameTable

OVERLAP_SECONDS = 2.0  # long enough for the other run to empty its database meanwhile


def _table_stays_mine(app) -> None:
    mine = f"Run {os.getpid()}"
    with Session(app.extensions["db_engine"]) as db:
        commands.start_table(db, name=mine, players=["Anna", "Ben"], preset_name="classic")
    time.sleep(OVERLAP_SECONDS)
    with Session(app.extensions["db_engine"]) as db:
        assert db.exec(select(GameTable.name)).all() == [mine]


def test_first(app):
    _table_stays_mine(app)


def test_second(app):
    _table_stays_mine(app)


def test_third(app):
    _table_stays_mine(app)
