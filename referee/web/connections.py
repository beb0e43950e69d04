"""The bounds `referee serve` keeps on connections, so that no client can hold the server:
a deadline for each request, a cap per address, and idle connections closed first.

Waitress (serving.py) closes a connection only after a silence, and every byte restarts
that clock: a socket sending one byte every 10 s is never closed. Its cap on connections
is one count for everyone, so 1,000 such sockets from one phone filled it and no other
phone got in for a minute (bench/trickle.py; figures in the README). On top of waitress,
through the server and channel classes it lets a server name:

- A deadline from a request's first byte, however steadily the bytes come: its head (the
  request line and headers) within HEAD_SECONDS, head and body within REQUEST_SECONDS (as
  Go's net/http does with ReadHeaderTimeout and ReadTimeout). A connection past either is
  closed; a request already received is never cut, however long the app takes.
- An address holds at most CONNECTIONS_PER_ADDRESS connections, and the cap refuses no
  one: a new connection over it closes that address's connection idle the longest, else
  the one whose request has been arriving the longest. A trickler's own sockets make room
  for each other, so a phone behind the same router (and every socket of a test, all from
  127.0.0.1) still gets in, at the cost of the trickler's oldest.
- Idle connections go first: from IDLE_FIRST_SHARE of MAX_CONNECTIONS, each new
  connection closes the one idle the longest, anywhere (a browser opens another when it
  needs one); at MAX_CONNECTIONS, the address holding the most loses its idle or oldest
  still sending. Only when none may go (each has a request in hand, or is under a second
  old) are up to SURPLUS more let in, and after them new ones wait in the listen backlog.

A connection is never closed to make room within FRESH_SECONDS of its opening, its last
answer or its request's first byte: a phone's request may be on its way, or unread yet.
"""

import collections
import dataclasses
import logging
import resource
import socket
import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

logger = logging.getLogger(__name__)

HEAD_SECONDS = 10.0
"""A request's line and headers must all come within this of its first byte. A phone sends
them in one packet (under 2 KB); ten seconds covers a few lost packets on bad Wi-Fi."""
REQUEST_SECONDS = 60.0
"""A request's head and body must all come within this of its first byte: a table's file
(2 MB at most) takes it at 280 kbit/s, and a 16 MB photo picked by mistake (MAX_BODY_BYTES,
answered 413 in words) at 2.2 Mbit/s, a table's Wi-Fi at its worst."""
IDLE_SECONDS = 15
"""A connection with no request in hand and silent this long is closed (waitress's own
channel timeout): an idle keep-alive, or a request that stopped coming."""
CONNECTIONS_PER_ADDRESS = 64
"""A browser opens up to six connections to a server: this is a table of ten phones behind
one router, each at its most."""
MAX_CONNECTIONS = 1000
"""Connections open at once, from everyone (each is a file descriptor)."""
IDLE_FIRST_SHARE = 0.9
"""From this share of MAX_CONNECTIONS, each new connection closes the one idle longest."""
FRESH_SECONDS = 1.0
"""A connection opened or answered this recently, or whose request began this recently, is
never closed to make room."""
CLEANUP_SECONDS = 1
"""How often deadlines and idle connections are checked: each holds to within this."""
SURPLUS = 64
"""When no connection may be closed to make room (each has a request in hand, or is under a
second old), this many more than MAX_CONNECTIONS are let in, then new ones wait in the
listen backlog; the surplus is brought back within a second, as far as it can be."""
ACCEPTS_AT_ONCE = 64
"""Connections accepted in one turn of the event loop, when that many wait."""
LOG_EVERY_SECONDS = 60.0
"""Connections closed by these bounds are logged in one line at most this often."""


@dataclasses.dataclass(frozen=True)
class Bounds:
    """The bounds in force; each may be set in instance/config.py by its name in capitals
    (`HEAD_SECONDS = 2`), as the tests do to see them hold in seconds."""

    head_seconds: float = HEAD_SECONDS
    request_seconds: float = REQUEST_SECONDS
    idle_seconds: int = IDLE_SECONDS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    max_connections: int = MAX_CONNECTIONS

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> "Bounds":
        defaults = dataclasses.asdict(cls())
        return cls(**{k: type(v)(config.get(k.upper(), v)) for k, v in defaults.items()})

    @property
    def idle_first_from(self) -> int:
        return int(self.max_connections * IDLE_FIRST_SHARE)


class BoundedChannel(HTTPChannel):
    """A waitress connection that knows when the request now arriving began."""

    server: "BoundedServer"

    def __init__(
        self,
        server: "BoundedServer",
        sock: socket.socket,
        addr: Any,
        adj: Adjustments,
        map: Any = None,
    ):
        self.address = str(addr[0]) if isinstance(addr, tuple) else str(addr)
        self.request_began = 0.0
        self._timed: HTTPRequestParser | None = None
        super().__init__(server, sock, addr, adj, map)
        server.connections.admit(self)

    def received(self, data: bytes) -> bool:
        """Read as waitress does, noting when a new request's first byte came."""
        done = super().received(data)
        if self.request is not self._timed:
            self._timed, self.request_began = self.request, time.time()
        return done

    def del_channel(self, map: Any = None) -> None:
        self.server.connections.left(self)
        super().del_channel(map)

    def busy(self) -> bool:
        """A request received (being served or waiting for a thread) or an answer going out:
        never closed by these bounds."""
        return bool(self.requests or self.total_outbufs_len or self.close_when_flushed)

    def spare_from(self) -> float | None:
        """When it may be closed to make room: idle, a second after it was opened or last
        answered; sending, a second after its request began (a byte every moment does not
        keep it fresh). None while busy."""
        if self.busy():
            return None
        if self.request is None:
            return self.last_activity + FRESH_SECONDS
        return self.request_began + FRESH_SECONDS

    def past_deadline(self, bounds: Bounds, now: float) -> bool:
        """A request still coming in past HEAD_SECONDS without its whole head, or past
        REQUEST_SECONDS without its whole body."""
        if self.request is None or self.busy():
            return False
        took = now - self.request_began
        return took > bounds.request_seconds or (
            took > bounds.head_seconds and not self.request.headers_finished
        )


class Connections:
    """Every open connection by address (shared by all of one server's listening sockets),
    and which to close when."""

    def __init__(self, bounds: Bounds):
        self.bounds = bounds
        self._by_address: dict[str, dict[BoundedChannel, None]] = {}
        self._count = 0
        # When a look found none to spare (all under a second old, or busy), none can be
        # before this: a burst of a thousand connections is not looked through a thousand
        # times. By address, and for idle ones anywhere ("").
        self._none_spare_until: dict[str, float] = {}
        self._closed: collections.Counter[str] = collections.Counter()
        self._closed_from: collections.Counter[str] = collections.Counter()
        self._logged = time.time()

    def admit(self, channel: BoundedChannel) -> None:
        """Count a new connection in, making room for it: over its address's cap, that
        address's spare connection goes; from IDLE_FIRST_SHARE of the total, the one idle
        the longest anywhere; at the total, the spare one of the address holding the most."""
        theirs = self._by_address.setdefault(channel.address, {})
        if len(theirs) >= self.bounds.connections_per_address:
            self._close([self._spare(channel.address)], "to make room for their address")
        if self._count >= self.bounds.idle_first_from:
            self._close([self._spare("")], "idle, as the server filled")
        if self._count >= self.bounds.max_connections:
            self._close([self._spare(self._most())], "to make room, the server full")
        theirs[channel] = None
        self._count += 1

    def left(self, channel: BoundedChannel) -> None:
        theirs = self._by_address.get(channel.address)
        if theirs is not None and channel in theirs:
            del theirs[channel]
            self._count -= 1
            if not theirs:
                del self._by_address[channel.address]
                self._none_spare_until.pop(channel.address, None)

    def tidy(self) -> None:
        """Close the requests past their deadline; and bring an address over its cap, or
        everyone over the total, back to it as far as their spare connections allow (a
        burst comes in over them when every connection is under a second old)."""
        now = time.time()
        self._close(
            [c for c in self._every() if c.past_deadline(self.bounds, now)],
            "past their request's deadline",
        )
        for theirs in list(self._by_address.values()):
            over = len(theirs) - self.bounds.connections_per_address
            if over > 0:
                self._close(self._spares(theirs, now)[:over], "to make room for their address")
        while self._count > self.bounds.max_connections and (spare := self._spare(self._most())):
            self._close([spare], "to make room, the server full")
        if self._closed and now - self._logged >= LOG_EVERY_SECONDS:
            self._log(now)

    def _spare(self, address: str) -> BoundedChannel | None:
        """The connection of this address (or "": the idle ones of all) to close first to
        make room: the one idle the longest, else the one whose request began first."""
        now = time.time()
        if now < self._none_spare_until.get(address, 0.0):
            return None
        if address:
            channels: Iterable[BoundedChannel] = self._by_address.get(address, {})
        else:
            channels = (c for c in self._every() if c.request is None)
        idle: BoundedChannel | None = None
        arriving: BoundedChannel | None = None
        soonest = now + FRESH_SECONDS  # a busy one, once answered, is idle a second first
        for channel in channels:
            spare_from = channel.spare_from()
            if spare_from is None:
                continue
            if spare_from > now:
                soonest = min(soonest, spare_from)
            elif channel.request is None:
                if idle is None or channel.last_activity < idle.last_activity:
                    idle = channel
            elif arriving is None or channel.request_began < arriving.request_began:
                arriving = channel
        if idle is None and arriving is None:
            self._none_spare_until[address] = soonest
        return idle or arriving

    def _spares(self, channels: Iterable[BoundedChannel], now: float) -> list[BoundedChannel]:
        """All those of these that may be closed to make room, in the order they go."""
        spare = [c for c in channels if (when := c.spare_from()) is not None and when <= now]
        return sorted(spare, key=lambda c: (c.request is not None, c.spare_from()))

    def _most(self) -> str:
        """The address holding the most connections."""
        return max(self._by_address, key=lambda address: len(self._by_address[address]), default="")

    def _every(self) -> Iterator[BoundedChannel]:
        for theirs in self._by_address.values():
            yield from theirs

    def _close(self, channels: Iterable[BoundedChannel | None], why: str) -> None:
        """Close them at the event loop's next turn (as waitress closes an idle one)."""
        for channel in channels:
            if channel is None:
                continue
            self.left(channel)
            channel.will_close = True
            self._closed[why] += 1
            self._closed_from[channel.address] += 1

    def _log(self, now: float) -> None:
        reasons = ", ".join(f"{count} {why}" for why, count in self._closed.most_common())
        address, most = self._closed_from.most_common(1)[0]
        logger.warning(
            "Closed %d connections in %.0f s: %s; %d of them from %s",
            self._closed.total(),
            now - self._logged,
            reasons,
            most,
            address,
        )
        self._closed.clear()
        self._closed_from.clear()
        self._logged = now


class BoundedServer(TcpWSGIServer):
    """Waitress's TCP server, with its connections bounded by a shared Connections."""

    channel_class = BoundedChannel

    def __init__(
        self, application: Any, connections: Connections, socket_map: dict[int, Any], **kw: Any
    ):
        self.connections, self.socket_map = connections, socket_map
        super().__init__(application, map=socket_map, **kw)

    def handle_accept(self) -> None:
        """Accept what waits in the backlog, up to ACCEPTS_AT_ONCE, where waitress accepts
        one a turn of its loop (a turn looks at every connection): 1,000 sockets opened at
        once took it 2 s to accept, and a phone's request opened after them waited as long."""
        for _ in range(ACCEPTS_AT_ONCE):
            open_before = len(self.socket_map)
            if open_before >= self.adj.connection_limit:
                return
            super().handle_accept()
            if len(self.socket_map) == open_before:
                return  # none was waiting

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # type: ignore[arg-type]  # waitress passes time.time()
        self.connections.tidy()


def create_server(
    application: Any, bounds: Bounds, **adjustments: Any
) -> BoundedServer | MultiSocketServer:
    """As waitress.create_server, with the bounds: a server per address listened on (a host
    name may have two, IPv4 and IPv6), sharing one event loop, threads and count."""
    adj = Adjustments(
        **adjustments,
        channel_timeout=bounds.idle_seconds,
        cleanup_interval=CLEANUP_SECONDS,
        connection_limit=bounds.max_connections + SURPLUS,
    )
    socket_map: dict[int, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    connections = Connections(bounds)
    servers = [
        BoundedServer(
            application, connections, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info
        )
        for info in adj.listen
    ]
    if len(servers) == 1:
        return servers[0]
    listened = [(host, int(port)) for host, port in (s.getsockname() for s in servers)]
    return MultiSocketServer(socket_map, adj, listened, dispatcher, servers[-1].log_info)


def allow_files_for(bounds: Bounds) -> None:
    """Raise this process's limit on open files (often 1,024) to what MAX_CONNECTIONS
    needs, as far as the system allows: each connection is one, and so is a spooled body."""
    needed = bounds.max_connections * 2 + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        allowed = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (allowed, hard))
