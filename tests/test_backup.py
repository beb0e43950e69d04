"""`referee backup PATH`: a consistent copy of the live SQLite database, even while hands are
being entered.

The backup is of a SQLite file, so these tests always make a SQLite database of their
own in a temporary folder, also when the rest of the suite runs on PostgreSQL.
"""

import errno
import json
import sqlite3
import threading
import time

import pytest
from click.testing import CliRunner
from sqlmodel import Session

from referee import cli
from referee.store import backup, commands
from referee.store.backup import BackupFailed, backup_sqlite
from referee.store.migrate import upgrade
from referee.store.models import GameTable
from referee.store.seating import next_deal, players_of
from referee.store.storage import DB_FILE, make_engine
from referee.store.tally import tally

NAMES = ["Anna", "Ben", "Carla", "Dan"]


@pytest.fixture
def live(tmp_path):
    """A migrated SQLite database with one table: its path and the app's kind of engine."""
    path = tmp_path / DB_FILE
    upgrade(f"sqlite:///{path}")
    engine = make_engine(f"sqlite:///{path}")
    with Session(engine, expire_on_commit=False) as db:
        commands.start_table(db, name="Friday", players=NAMES, preset_name="classic")
    yield path
    engine.dispose()


class Scorekeeper(threading.Thread):
    """Keeps entering hands through the commands, and fixing every third one (which deletes
    and rewrites its nets), until told to stop."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.engine = make_engine(f"sqlite:///{path}")
        self.stop = threading.Event()
        self.entered = 0
        self.error: BaseException | None = None

    def run(self):
        try:
            writes = self.engine.execution_options(immediate=True)  # as a POST's session
            with Session(writes, expire_on_commit=False) as db:
                table = db.get(GameTable, 1)
                while not self.stop.is_set():
                    players = players_of(db, table)
                    deal = next_deal(db, table, players)
                    winner = NAMES[self.entered % len(NAMES)]
                    hand = commands.enter_hand(db, table, out(winner), dealer=deal.dealer).hand
                    self.entered += 1
                    if self.entered % 3 == 0:
                        fixed = out(NAMES[(self.entered + 1) % len(NAMES)])
                        commands.edit_hand(db, table, hand, fixed, deal.dealer, version=1)
        except BaseException as error:  # reported by the test, not lost in the thread
            self.error = error
        finally:
            self.engine.dispose()

    def wait_for(self, hands: int):
        deadline = time.monotonic() + 30
        while self.entered < hands and self.error is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert self.error is None and self.entered >= hands


def out(name: str) -> dict:
    return {"kind": "out", "player": name}


def check_copy(path) -> int:
    """The copy opens, passes SQLite's integrity check, and holds only whole hands (each
    with its nets, one per player of the hand, summing to zero, and its history), numbered
    without a gap; the number of hands in it."""
    copy = sqlite3.connect(path)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert copy.execute("PRAGMA foreign_key_check").fetchall() == []
        hands = copy.execute("SELECT id, no, seats_json, version FROM hand ORDER BY no").fetchall()
        assert [no for _, no, _, _ in hands] == list(range(1, len(hands) + 1))
        for hand_id, no, seats, version in hands:
            nets = copy.execute(
                "SELECT player_id, cents FROM handnet WHERE hand_id = ?", (hand_id,)
            ).fetchall()
            assert sorted(player for player, _ in nets) == sorted(json.loads(seats)), no
            assert sum(cents for _, cents in nets) == 0, no
            (changes,) = copy.execute(
                "SELECT count(*) FROM handchange WHERE hand_id = ?", (hand_id,)
            ).fetchone()
            assert changes == version, no  # entered, then one line per fix
        return len(hands)
    finally:
        copy.close()


def test_a_backup_taken_while_hands_are_entered_holds_only_whole_hands(live, tmp_path):
    scorekeeper = Scorekeeper(live)
    scorekeeper.start()
    copies = []
    try:
        scorekeeper.wait_for(5)
        started = scorekeeper.entered
        for number in range(12):
            copies.append(tmp_path / f"copy-{number}.sqlite3")
            backup_sqlite(live, copies[-1])
            scorekeeper.wait_for(scorekeeper.entered + 2)  # more hands before the next copy
        finished = scorekeeper.entered
    finally:
        scorekeeper.stop.set()
        scorekeeper.join(30)
    assert scorekeeper.error is None
    assert finished > started  # the scorekeeper kept going while the copies were taken

    found = [check_copy(path) for path in copies]

    assert found == sorted(found) and found[0] >= 5
    assert len(set(found)) == len(found)  # each copy caught the night at another moment
    assert found[-1] <= scorekeeper.entered


def test_a_backup_opens_in_the_app_with_the_tally_of_the_night(live, tmp_path):
    engine = make_engine(f"sqlite:///{live}")
    with Session(engine, expire_on_commit=False) as db:
        table = db.get(GameTable, 1)
        for name in ("Ben", "Carla", "Ben"):
            deal = next_deal(db, table, players_of(db, table))
            commands.enter_hand(db, table, out(name), dealer=deal.dealer)
        night = tally(db, table)
    engine.dispose()

    backup_sqlite(live, tmp_path / "copy.sqlite3")

    copy = make_engine(f"sqlite:///{tmp_path / 'copy.sqlite3'}")
    with Session(copy) as db:
        assert tally(db, db.get(GameTable, 1)) == night
    copy.dispose()


def test_a_backup_replaces_the_target_whole_and_leaves_no_temporary_file(live, tmp_path):
    target = tmp_path / "backups" / "friday.sqlite3"
    target.parent.mkdir()
    target.write_bytes(b"last week's backup, to be replaced")

    backup_sqlite(live, target)

    assert check_copy(target) == 0
    assert [p.name for p in target.parent.iterdir()] == ["friday.sqlite3"]


def test_a_missing_database_is_refused_and_not_created(tmp_path):
    with pytest.raises(BackupFailed, match="there is no SQLite database at"):
        backup_sqlite(tmp_path / "nothing.sqlite3", tmp_path / "copy.sqlite3")
    assert list(tmp_path.iterdir()) == []


def test_the_live_database_is_never_written_over(live):
    with pytest.raises(BackupFailed, match="cannot be written over the live database"):
        backup_sqlite(live, live)
    assert check_copy(live) == 0


# The command: it finds the database as the app does (here through DATABASE_URL)


def test_the_command_backs_up_the_apps_sqlite_database(live, tmp_path):
    target = tmp_path / "copy.sqlite3"
    result = CliRunner().invoke(
        cli.main, ["backup", str(target)], env={"DATABASE_URL": f"sqlite:///{live}"}
    )
    assert result.exit_code == 0, result.output
    assert f"Backed up {live} to {target}." in result.output
    assert check_copy(target) == 0


@pytest.mark.parametrize(
    "url", ["postgresql://postgres@127.0.0.1:5432/referee", "sqlite://", "sqlite:///:memory:"]
)
def test_the_command_refuses_a_database_that_is_not_a_sqlite_file(tmp_path, url):
    target = tmp_path / "copy.sqlite3"
    result = CliRunner().invoke(cli.main, ["backup", str(target)], env={"DATABASE_URL": url})
    assert result.exit_code == 2
    assert "back up PostgreSQL with pg_dump" in result.output
    assert not target.exists()


def test_the_command_says_why_a_backup_failed(tmp_path):
    missing = tmp_path / "gone.sqlite3"
    result = CliRunner().invoke(
        cli.main,
        ["backup", str(tmp_path / "copy.sqlite3")],
        env={"DATABASE_URL": f"sqlite:///{missing}"},
    )
    assert result.exit_code == 1
    assert f"The backup failed: there is no SQLite database at {missing}" in result.output


def test_a_backup_on_a_full_disk_says_so_and_leaves_nothing(live, tmp_path, monkeypatch):
    """Issue 13: a full disk was said as "[Errno 28] No space left on device"."""
    folder = tmp_path / "backups"
    folder.mkdir()

    def no_space(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(backup.os, "fsync", no_space)
    target = folder / "copy.sqlite3"
    result = CliRunner().invoke(
        cli.main, ["backup", str(target)], env={"DATABASE_URL": f"sqlite:///{live}"}
    )
    assert result.exit_code == 1
    assert result.output == (
        f"The backup failed: the disk of {target} is full; nothing was written\n"
    )
    assert list(folder.iterdir()) == []
