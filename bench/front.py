"""A front for two servers (or more), inside the client: the clients of bench/two_servers.py
and tests/test_two_servers.py send every request to FRONT, and it goes to the servers in
turn, as a round-robin proxy sends it (Caddy's `reverse_proxy a b` with
`lb_policy round_robin`). A server that failed a request (refused or dropped the
connection) is left out for a few seconds, as the proxy's passive health check leaves it
(`fail_duration`). The clients keep their own retries: a request whose server died is sent
again by them, with its key, and then it goes to another server.

    http = requests.Session()
    http.mount(FRONT, Front([server_a, server_b]))
    http.get(FRONT + "/")  # server_a's answer; the next request goes to server_b

A phone's cookies are kept for FRONT, so the same session cookie (and the CSRF token in it)
goes to whichever server answers: both must share the secret key that signs it.
"""

import itertools
import threading
import time
from collections import Counter
from typing import Any

import requests
from requests.adapters import HTTPAdapter

FRONT = "http://front"
DOWN_SECONDS = 5.0


class Front(HTTPAdapter):
    """Round robin over `servers` (base URLs); `answered` counts the answers from each, and
    `failed` the requests each dropped or refused."""

    def __init__(self, servers: list[str], down_seconds: float = DOWN_SECONDS):
        super().__init__(pool_connections=len(servers), pool_maxsize=64)
        self.servers = list(servers)
        self.down_seconds = down_seconds
        self.down_until = dict.fromkeys(self.servers, 0.0)
        self.turn = itertools.count()
        self.lock = threading.Lock()
        self.answered: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()

    def _next(self) -> str:
        """The next server in turn that has not failed lately (when all have, the next)."""
        with self.lock:
            now = time.monotonic()
            for _ in self.servers:
                server = self.servers[next(self.turn) % len(self.servers)]
                if self.down_until[server] <= now:
                    return server
            return server

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        server = self._next()
        routed = request.copy()  # the session keeps its cookies for FRONT, as a browser would
        routed.url = server + str(request.url).removeprefix(FRONT)
        try:
            response = super().send(routed, **kwargs)
        except requests.ConnectionError:
            with self.lock:
                self.failed[server] += 1
                self.down_until[server] = time.monotonic() + self.down_seconds
            raise
        with self.lock:
            self.answered[server] += 1
        return response


def through(front: Front, http: requests.Session | None = None) -> requests.Session:
    """`http` (a new session by default) sending FRONT's requests through `front`."""
    http = http or requests.Session()
    http.mount(FRONT, front)
    return http
