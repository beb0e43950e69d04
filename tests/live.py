"""Helpers for the tests that go beyond the test client: databases of their own, a live
server on a free port, and a browser (requests) that fills in forms as a phone does.

PostgreSQL: the server of DATABASE_URL when it names one, else the CI server
(postgresql://postgres@127.0.0.1:5432/test). Tests that need a database of their own
make `<that database>_<purpose>_<pid>` there, made afresh and dropped after, so they
never touch the suite's database nor another run's going on at the same time.
"""

import contextlib
import os
import re
import socket
import threading
from collections.abc import Iterator

import psycopg
import requests
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

from tests.conftest import csrf_token, form_fields

PG_DEFAULT = "postgresql://postgres@127.0.0.1:5432/test"
_env = os.environ.get("DATABASE_URL") or ""
PG_BASE = _env if _env.startswith("postgresql") else PG_DEFAULT


def pg_url(database: str) -> str:
    """The URL of `database` on the PostgreSQL server the tests use."""
    url = make_url(PG_BASE).set(drivername="postgresql", database=database)
    return url.render_as_string(hide_password=False)


def pg_name(purpose: str) -> str:
    """A database of this run's own, named after the suite's: test_load_4242..."""
    return f"{make_url(PG_BASE).database}_{purpose}_{os.getpid()}"


def _admin() -> psycopg.Connection:
    return psycopg.connect(pg_url("postgres"), autocommit=True)


def fresh_pg_database(purpose: str) -> str:
    """An empty PostgreSQL database for one test (dropped first if a run left it); its URL."""
    name = pg_name(purpose)
    with _admin() as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return pg_url(name)


def drop_pg_database(purpose: str) -> None:
    with _admin() as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{pg_name(purpose)}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def live_server(app) -> Iterator[str]:
    """The app served by a threaded werkzeug server on a free port; its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        Browser.close_all()
        server.shutdown()
        server.server_close()
        thread.join(5)


FLASH = re.compile(r'<div class="flash" role="status">(.*?)</div>', re.S)


def flashes(page: str) -> list[str]:
    match = FLASH.search(page)
    return re.findall(r"<p>(.*?)</p>", match.group(1)) if match else []


class Browser:
    """One phone: its own cookies, pages fetched and forms posted over real HTTP."""

    opened: list["Browser"] = []

    def __init__(self, base: str, timeout: float = 30, http: requests.Session | None = None):
        self.base = base
        self.timeout = timeout
        self.http = http or requests.Session()
        self.statuses: list[tuple[str, str, int]] = []
        Browser.opened.append(self)

    @classmethod
    def close_all(cls) -> None:
        """Close every browser's connections (left open, they would warn when collected)."""
        while cls.opened:
            cls.opened.pop().http.close()

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("allow_redirects", False)
        kwargs.setdefault("timeout", self.timeout)
        response = self.http.request(method, self.base + path, **kwargs)
        self.statuses.append((method, path, response.status_code))
        return response

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict, **kwargs) -> requests.Response:
        return self.request("POST", path, data=data, **kwargs)

    def open_link(self, table_id: int, token: str) -> None:
        """Open a share link, as scanning its QR code does."""
        response = self.get(f"/join/{table_id}/{token}")
        assert response.status_code == 303, (response.status_code, response.text[:300])

    def fields(self, page: str, changes: dict | None = None) -> dict:
        """The last form of a page as a browser would send it, with `changes`."""
        fields = form_fields(page)
        fields.update(changes or {})
        return {key: value for key, value in fields.items() if value is not None}

    def token(self, path: str = "/") -> str:
        return csrf_token(self.get(path).text)

    def cookies(self) -> dict:
        return self.http.cookies.get_dict()

    def server_errors(self) -> list[tuple[str, str, int]]:
        return [entry for entry in self.statuses if entry[2] >= 500]
