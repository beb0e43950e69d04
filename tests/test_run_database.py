"""On PostgreSQL a run of the suite has a database of its own (tests/conftest.py), so two
runs on one server at once do not empty each other's tables (issue 13)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tests.conftest import GIVEN_URL, ON_POSTGRESQL

pytestmark = pytest.mark.skipif(not ON_POSTGRESQL, reason="a SQLite run copies a file per test")
ROOT = Path(__file__).parent.parent


def test_a_run_uses_a_database_of_its_own_on_the_server_given(app):
    url = app.extensions["db_engine"].url
    given = make_url(GIVEN_URL)
    assert (url.host, url.port) == (given.host, given.port)
    assert url.database == f"{given.database}_run_{os.getpid()}"


def test_two_runs_at_once_keep_their_tables_apart():
    env = {**os.environ, "DATABASE_URL": GIVEN_URL}
    command = [sys.executable, "-m", "pytest", "tests/two_runs_probe.py", "-q", "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider"]
    runs = [
        subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
