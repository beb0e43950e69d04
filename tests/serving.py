"""`referee serve` as production runs it, for the tests that need the real server: a
subprocess on a free port, on an instance folder of the test's own, stopped after."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

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


@contextlib.contextmanager
def referee_serve(logs: Path, url: str, *args: str) -> Iterator[Served]:
    """`referee serve --workers 4 --instance LOGS/instance ARGS` on the database at `url`."""
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
    served = Served(url, f"http://127.0.0.1:{port}", port, process, logs)
    try:
        _wait_until_up(served, 60)
        yield served
    finally:
        Browser.close_all()
        _stop(process)


def _wait_until_up(served: Served, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if served.process.poll() is not None:
            pytest.fail(
                f"referee serve exited with {served.process.returncode}:\n"
                + served.stderr()[-3000:]
            )
        with contextlib.suppress(requests.ConnectionError, requests.Timeout):
            if requests.get(served.base + "/", timeout=5).status_code == 200:
                return
        time.sleep(0.1)
    pytest.fail(f"referee serve did not answer within {seconds} s:\n{served.stderr()[-3000:]}")


def _stop(process: subprocess.Popen) -> None:
    """Stop the server: SIGTERM, then SIGKILL its process group if it lingers."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # its own process group: start_new_session
            process.wait(5)
