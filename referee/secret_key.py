"""The app's secret key: made once per install in the instance folder, never in the code."""

import os
import secrets
from pathlib import Path

KEY_FILE = "secret_key"
MIN_KEY_LENGTH = 32


def load_or_create(instance_path: str) -> str:
    """Read instance/secret_key, writing a fresh random one (owner-only) on first run."""
    path = Path(instance_path) / KEY_FILE
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip()


def check(key: object) -> None:
    """Refuse to start on a missing or short key: sessions and CSRF tokens rest on it."""
    if not isinstance(key, str | bytes) or len(key) < MIN_KEY_LENGTH:
        raise RuntimeError(
            f"SECRET_KEY must be at least {MIN_KEY_LENGTH} characters; remove it from the "
            f"config to have one generated in the instance folder"
        )
