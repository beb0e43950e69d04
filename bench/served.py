"""A server for the benches that need one: a command (`referee serve`, or another server to
compare it with) on a free port, on a fresh instance folder, stopped when done.

The instance folder holds the SQLite database (unless DATABASE_URL names another) and the
secret key the workers share; a `config.py` written there is read by every worker.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

import requests

REFEREE = str(Path(sys.executable).with_name("referee"))
STARTUP_SECONDS = 60

# `referee serve --workers 4`, and the servers it was chosen among, each with 4 workers
# (gthread: 8 threads in each) or threads (waitress), by name: each a command for a port.
GUNICORN = [sys.executable, "-m", "gunicorn", "--workers", "4", "--no-control-socket"]
CANDIDATES: dict[str, Callable[[int], list[str]]] = {
    "serve": lambda port: [REFEREE, "serve", "--port", str(port), "--workers", "4"],
    "sync": lambda port: [*GUNICORN, "--bind", f"127.0.0.1:{port}", "referee:create_app()"],
    "gthread": lambda port: [
        *GUNICORN, "--worker-class", "gthread", "--threads", "8",
        "--bind", f"127.0.0.1:{port}", "referee:create_app()",
    ],
    "gevent": lambda port: [
        *GUNICORN, "--worker-class", "gevent", "--bind", f"127.0.0.1:{port}",
        "referee:create_app()",
    ],
    "waitress": lambda port: [
        sys.executable, "-m", "waitress", "--threads", "4", "--listen", f"127.0.0.1:{port}",
        "--call", "referee:create_app",
    ],
}  # fmt: skip


def migrated_first(candidate: Callable[[int], list[str]]) -> Callable[[str, int], list[str]]:
    """The candidate's command, after `referee db upgrade` on its instance (the other
    servers do not migrate; `referee serve` does it itself)."""

    def command(instance: str, port: int) -> list[str]:
        if candidate is not CANDIDATES["serve"]:
            subprocess.run(
                [REFEREE, "db", "upgrade"],
                env={**os.environ, "REFEREE_INSTANCE": instance},
                check=True,
                capture_output=True,
            )
        return candidate(port)

    return command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, base: str, port: int, instance: str, log: Path, process: subprocess.Popen):
        self.base, self.port, self.instance, self.log = base, port, instance, log
        self.process = process

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def serving(
    command: Callable[[str, int], list[str]],
    config: str = "",
    env: dict | None = None,
    instance: str | None = None,
) -> Iterator[Server]:
    """Run command(instance, port) until the block ends; its output goes to a log file. The
    instance folder is a fresh one, or `instance` (two servers sharing one: its secret key,
    its config.py)."""
    with contextlib.ExitStack() as stack:
        if instance is None:
            instance = stack.enter_context(tempfile.TemporaryDirectory(prefix="referee-bench-"))
        if config:
            Path(instance, "config.py").write_text(config)
        port = free_port()
        log = Path(instance, f"server-{port}.log")
        environment = {**os.environ, "REFEREE_INSTANCE": instance, **(env or {})}
        with open(log, "wb") as out:
            process = subprocess.Popen(
                command(instance, port),
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        server = Server(f"http://127.0.0.1:{port}", port, instance, log, process)
        try:
            wait_until_up(server.base, process, server.output, sys.exit)
            yield server
        finally:
            stop(process)


def wait_until_up(
    base: str,
    process: subprocess.Popen,
    output: Callable[[], str],
    fail: Callable[[str], NoReturn],
    seconds: float = STARTUP_SECONDS,
) -> None:
    """Wait until the server at `base` answers its home page; `fail` (a bench exits, a test
    fails) with the end of its `output` when it exits first or stays silent `seconds`. The
    tests that start `referee serve` wait with it too (tests/serving.py)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail(f"the server exited with {process.returncode}:\n{output()[-3000:]}")
        with contextlib.suppress(requests.RequestException):
            if requests.get(base + "/", timeout=5).status_code == 200:
                return
        time.sleep(0.1)
    fail(f"the server did not answer within {seconds} s:\n{output()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    """SIGTERM the server (its workers with it), SIGKILL its process group (it was started
    in a session of its own) if it lingers."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]
