"""`referee serve` as production runs it, for the tests that need the real server: a
subprocess on a free port, on an instance folder of the test's own, stopped after."""

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.served import stop, wait_until_up
from tests.live import Browser, free_port

REFEREE = Path(sys.executable).with_name("referee")


class Served:
    def __init__(self, url: str, base: str, port: int, process: subprocess.Popen, logs: Path):
        self.url, self.base, self.port, self.process, self.logs = url, base, port, process, logs

    def stdout(self) -> str:
        """The access log: a line per request."""
        return (self.logs / "stdout.txt").read_text(errors="replace")

    def stderr(self) -> str:
        return (self.logs / "stderr.txt").read_text(errors="replace")


def start_serve(logs: Path, url: str, *args: str) -> Served:
    """`referee serve --workers 4 --instance LOGS/instance ARGS` on the database at `url`,
    started and not yet waited for (two servers can start at once)."""
    port = free_port()
    with open(logs / "stdout.txt", "wb") as stdout, open(logs / "stderr.txt", "wb") as stderr:
        process = subprocess.Popen(
            [str(REFEREE), "serve", "--host", "127.0.0.1", "--port", str(port),
             "--workers", "4", "--instance", str(logs / "instance"), *args],
            cwd=logs,
            env={**os.environ, "DATABASE_URL": url},
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )  # fmt: skip
    return Served(url, f"http://127.0.0.1:{port}", port, process, logs)


def wait_until_serving(served: Served) -> None:
    """Fail the test when the server exits, or does not answer within a minute."""
    wait_until_up(served.base, served.process, served.stderr, pytest.fail)


@contextlib.contextmanager
def referee_serve(logs: Path, url: str, *args: str) -> Iterator[Served]:
    """`referee serve --workers 4 --instance LOGS/instance ARGS` on the database at `url`."""
    served = start_serve(logs, url, *args)
    try:
        wait_until_serving(served)
        yield served
    finally:
        Browser.close_all()
        stop(served.process)
