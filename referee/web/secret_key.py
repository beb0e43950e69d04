"""The app's secret key: made once per install in the instance folder, never in the code."""

import os
import secrets
import tempfile
from pathlib import Path

from referee.store.disk import disk_full

KEY_FILE = "secret_key"
MIN_KEY_LENGTH = 32


def load_or_create(instance_path: str) -> str:
    """Read instance/secret_key, writing a fresh random one (owner-only) on first run.

    The key is written whole to a temporary file and then linked into place, so that
    workers starting together all end up reading the one key that won.
    """
    path = Path(instance_path) / KEY_FILE
    if not path.exists():
        fd, temporary = tempfile.mkstemp(dir=instance_path, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
            os.link(temporary, path)
        except FileExistsError:
            pass  # another worker linked its key first: use that one
        except OSError as error:
            if not disk_full(error):
                raise
            raise RuntimeError(
                f"the disk of {instance_path} is full: the secret key cannot be written there"
            ) from None
        finally:
            os.unlink(temporary)
    return path.read_text().strip()


def check(key: object) -> None:
    """Refuse to start on a missing or short key: sessions and CSRF tokens rest on it."""
    if not isinstance(key, str | bytes) or len(key) < MIN_KEY_LENGTH:
        raise RuntimeError(
            f"SECRET_KEY must be at least {MIN_KEY_LENGTH} characters; remove it from the "
            f"config to have one generated in the instance folder"
        )
