"""A consistent copy of the live SQLite database, safe to take while hands are being entered.

SQLite's online backup API copies the database as one transaction sees it (the app
writes each hand with its nets and its history in one transaction, so a copy never
holds half a hand); a plain file copy of a database in WAL mode could miss the
committed hands still in the -wal file, or catch a page half written. The copy is
written to a temporary file beside the target, checked, and only then moved into
place, so PATH never holds half a backup.
"""

import os
import sqlite3
import tempfile
from pathlib import Path

BUSY_TIMEOUT_S = 30


class BackupFailed(Exception):
    """The copy could not be made, or did not pass its integrity check."""


def backup_sqlite(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Copy the SQLite database at `source` to `target` (replaced whole if it exists)."""
    source_path, target_path = Path(source), Path(target)
    if not source_path.is_file():
        raise BackupFailed(f"there is no SQLite database at {source_path}")
    if target_path.exists() and target_path.samefile(source_path):
        raise BackupFailed("the backup cannot be written over the live database")
    folder = target_path.parent
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target_path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        live = sqlite3.connect(source_path, timeout=BUSY_TIMEOUT_S)
        try:
            copy = sqlite3.connect(temporary)
            try:
                with copy:
                    live.backup(copy)  # every page in one step: one consistent snapshot
                (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
            finally:
                copy.close()
        finally:
            live.close()
        if verdict != "ok":
            raise BackupFailed(f"the copy failed its integrity check: {verdict}")
        with open(temporary, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, target_path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (not possible on every system: best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
