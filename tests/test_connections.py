"""The bounds `referee serve` keeps on connections (referee/web/connections.py), over real
sockets: a request's deadline, the cap per address, idle connections closed first.

Issue 24: 1,005 sockets from one phone, each sending a byte every 10 s, and no GET was
answered for a minute, nor any of those sockets closed. The servers here have deadlines of
seconds (instance/config.py), so that each bound is seen to hold within a test's time.
Every socket comes from an address of the loopback range (127.0.0.1 to 127.0.0.8), so
that a test is one phone, or several.
"""

import contextlib
import http.client
import resource
import selectors
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from tests.serving import Served, referee_serve

HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: "
"""A head that never ends: a trickler sends it, then a byte of its header at a time."""
BODY = b'{"players": ["Anna", "Ben"], "outcome": {"kind": "out", "player": "Anna"}}'
POST = (
    b"POST /api/settle HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
)
SLACK = 2.5
"""Deadlines are checked once a second; and this machine is shared (2 cores)."""


def _serve(tmp_path_factory: pytest.TempPathFactory, config: str) -> Iterator[Served]:
    logs = tmp_path_factory.mktemp("serve")
    (logs / "instance").mkdir()
    (logs / "instance" / "config.py").write_text(config)
    with referee_serve(logs, "") as served:
        yield served


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """Deadlines of seconds; the cap per address and the total as they ship."""
    yield from _serve(tmp_path_factory, "HEAD_SECONDS = 2\nREQUEST_SECONDS = 3\n")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """Caps small enough to fill in a test (8 a phone, 20 in all), deadlines out of sight."""
    yield from _serve(
        tmp_path_factory,
        "HEAD_SECONDS = 60\nREQUEST_SECONDS = 60\n"
        "CONNECTIONS_PER_ADDRESS = 8\nMAX_CONNECTIONS = 20\n",
    )


def _connect(served: Served, source: str) -> socket.socket:
    return socket.create_connection(
        ("127.0.0.1", served.port), timeout=5, source_address=(source, 0)
    )


class Tricklers:
    """Sockets that each send HEAD, then a byte every half second, from a thread, until
    the block ends (then they are closed)."""

    def __init__(self, served: Served):
        self.served = served
        self.sockets: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._trickle, daemon=True)

    def open(self, source: str, count: int = 1, head: bytes = HEAD) -> list[socket.socket]:
        opened = []
        for _ in range(count):
            sock = _connect(self.served, source)
            sock.sendall(head)
            sock.setblocking(False)
            opened.append(sock)
        self.sockets += opened
        return opened

    def _trickle(self) -> None:
        while not self.stopping.wait(0.5):
            for sock in list(self.sockets):
                with contextlib.suppress(OSError):
                    sock.send(b"a")

    def __enter__(self) -> "Tricklers":
        self.thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self.stopping.set()
        self.thread.join()
        for sock in self.sockets:
            sock.close()
        time.sleep(0.5)  # the server sees them go before the next test counts


def _closed(sock: socket.socket) -> bool:
    """Whether the server has closed this socket (or answered on it)."""
    with selectors.DefaultSelector() as selector:
        selector.register(sock, selectors.EVENT_READ)
        return bool(selector.select(timeout=0))


def _closed_when(
    sockets: list[socket.socket], seconds: float, since: float | None = None
) -> list[float | None]:
    """Seconds from `since` (else from now) until the server closed each socket; None if
    still open after `seconds` more."""
    started = time.monotonic()
    since = started if since is None else since
    when: dict[int, float] = {}
    with selectors.DefaultSelector() as selector:
        for index, sock in enumerate(sockets):
            selector.register(sock, selectors.EVENT_READ, index)
        while len(when) < len(sockets) and (left := seconds - (time.monotonic() - started)) > 0:
            for key, _ in selector.select(timeout=left):
                selector.unregister(key.fileobj)
                when[key.data] = time.monotonic() - since
    return [when.get(index) for index in range(len(sockets))]


def _get(served: Served, source: str, keep: bool = False) -> tuple[int, float, socket.socket]:
    """GET / from `source`: the status, the seconds it took, and its socket (kept open
    after the answer when `keep`, as a browser keeps a connection for its next request)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(
        "127.0.0.1", served.port, timeout=5, source_address=(source, 0)
    )
    connection.request("GET", "/", headers={} if keep else {"Connection": "close"})
    answer = connection.getresponse()
    answer.read()
    assert connection.sock is not None or not keep
    return answer.status, time.monotonic() - started, connection.sock


@pytest.fixture(autouse=True)
def enough_files():
    """1,005 sockets and this test's own files: more than a default limit of 1,024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))


def test_a_thousand_sockets_trickling_from_one_phone_leave_its_own_gets_answered(quick):
    """Issue 24: the phone's 1,005 sockets filled waitress's cap of 1,000 and every GET
    waited. Now its sockets make room for each other: a GET from the same address (as from
    behind the same router) is answered within 2 s all along, and every trickler is closed
    by its deadline, however steadily its bytes come."""
    with Tricklers(quick) as tricklers:
        tricklers.open("127.0.0.1", 1005)
        started = time.monotonic()
        took = []
        while time.monotonic() - started < 3:
            status, seconds, _ = _get(quick, "127.0.0.1")
            assert status == 200
            took.append(seconds)
            time.sleep(0.25)
        assert max(took) < 2, took
        still_open = _closed_when(tricklers.sockets, SLACK).count(None)
        assert still_open == 0, f"{still_open} of 1,005 tricklers still open after 3 s"


def test_a_request_is_closed_at_its_deadline_however_steadily_its_bytes_come(quick):
    """Waitress's timeout restarted with every byte: a head or a body sent a byte every half
    second was never closed. The head has HEAD_SECONDS (2 here) from its first byte, head
    and body REQUEST_SECONDS (3 here); a request sent slowly within them is answered."""
    with Tricklers(quick) as tricklers:
        began = time.monotonic()
        (head,) = tricklers.open("127.0.0.2")
        (body,) = tricklers.open("127.0.0.2", head=POST % 100_000 + b"{")  # its body trickles
        with _connect(quick, "127.0.0.2") as slow_but_steady:
            request = POST % len(BODY) + BODY
            for start in range(0, len(request), 60):  # 60 bytes every half second
                slow_but_steady.sendall(request[start : start + 60])
                time.sleep(0.5)
            assert slow_but_steady.recv(100).startswith(b"HTTP/1.1 200 OK")
        assert time.monotonic() - began > 1.5
        head_closed, body_closed = _closed_when([head, body], 3 + SLACK, since=began)
    assert head_closed is not None and 2 <= head_closed <= 2 + SLACK, head_closed
    assert body_closed is not None and 3 <= body_closed <= 3 + SLACK, body_closed


def test_a_phone_over_its_cap_closes_its_idle_connection_first_then_its_oldest(small):
    """Eight connections a phone here: its ninth closes its connection idle the longest (a
    browser opens another when it needs one), else the one whose request has been coming
    the longest. The cap refuses no one, and another phone's connections are not touched."""
    with Tricklers(small) as tricklers:
        oldest, *mine = tricklers.open("127.0.0.3", 7)
        other_phone = tricklers.open("127.0.0.4", 5)
        status, _, idle = _get(small, "127.0.0.3", keep=True)  # its eighth, the newest
        assert status == 200
        time.sleep(1.2)  # none is closed to make room within a second of its last answer
        status, took, kept = _get(small, "127.0.0.3", keep=True)  # the ninth
        assert status == 200 and took < 2
        assert _closed_when([idle], 1) != [None]
        assert not _closed(oldest)
        status, took, _ = _get(small, "127.0.0.3")  # the ninth again: the idle one is fresh
        assert status == 200 and took < 2
        assert _closed_when([oldest], 1) != [None]
        assert not any(_closed(sock) for sock in [*mine, *other_phone, kept])
        for sock in (idle, kept):
            sock.close()


def test_idle_connections_go_first_as_the_server_fills(small):
    """From 90% of MAX_CONNECTIONS (18 of 20 here), each new connection closes the one idle
    the longest, anywhere; the requests still coming stay."""
    with Tricklers(small) as tricklers:
        sending = tricklers.open("127.0.0.5", 7) + tricklers.open("127.0.0.6", 7)
        idle = [_get(small, "127.0.0.7", keep=True)[2] for _ in range(4)]  # 18 in all
        time.sleep(1.2)
        newer = []
        for _ in range(4):
            status, took, sock = _get(small, "127.0.0.8", keep=True)
            assert status == 200 and took < 2
            newer.append(sock)
        assert None not in _closed_when(idle, 1)
        assert not any(_closed(sock) for sock in sending)
        for sock in idle + newer:
            sock.close()


def test_a_full_server_closes_the_oldest_slow_request_of_the_phone_holding_the_most(small):
    """At MAX_CONNECTIONS (20 here) with none idle, a new connection closes the oldest
    request still coming from the address holding the most: a GET from a phone of its own
    is answered within 2 s, not left in the listen backlog."""
    with Tricklers(small) as tricklers:
        oldest, *most = tricklers.open("127.0.0.5", 8)
        others = tricklers.open("127.0.0.6", 7) + tricklers.open("127.0.0.7", 5)  # 20
        time.sleep(1.2)
        status, took, _ = _get(small, "127.0.0.8")
        assert status == 200 and took < 2
        assert _closed_when([oldest], 1) != [None]
        assert not any(_closed(sock) for sock in most + others)
