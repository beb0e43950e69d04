"""Can one phone that trickles its headers shut out every table? N sockets, one byte each
every few seconds, while plain GETs are timed.

Each trickler is a real socket from 127.0.0.1 (the phone; with --addresses K, from K
addresses, 127.0.0.1 and 127.0.1.1 on) that sends the head of a GET one
byte at a time, a byte every EVERY seconds (spread evenly), and never finishes it: a
server whose timeout restarts with every byte keeps it open for good. A trickler the
server closes connects again at its next byte, as a trickling phone would, so N sockets
keep trying all along. Meanwhile, once a second, a GET of the home page is timed from
127.0.0.2 (another phone on the Wi-Fi) and one from 127.0.0.1 itself (a player on the
same phone, or behind the same router); a GET that takes more than 10 s fails.

`serve` is `referee serve --workers 4` as it is; the others are the servers of
bench/served.py, each with 4 workers (or threads), for the README's comparison:

    .venv/bin/python bench/trickle.py [SERVER ...] [--sockets N] [--every S] [--seconds T]
        [--addresses K]
    SERVER: serve (the default), sync, gthread, gevent, waitress

It prints the GETs of every 10 s as they go, then a line per server: the GETs' p50 and
max, how many took over 2 s or failed, and how the tricklers fared (how often the server
closed one, and how long the longest-lived stayed open). A benchmark, not a test: the
figures depend on the machine and on what else runs (2 shared cores here).
"""

import argparse
import contextlib
import http.client
import resource
import selectors
import socket
import threading
import time

from served import CANDIDATES, migrated_first, percentile, serving

# The head a trickler sends, one byte at a time: a header that never ends (it restarts
# after 4 KB, so the head stays within every server's header limit for the whole run).
HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: " + b"a" * 4000
PHONE, OTHER_PHONE = "127.0.0.1", "127.0.0.2"
GET_TIMEOUT = 10.0
SLOW = 2.0
"""A GET that takes longer than this counts as slow: a phone's player is left waiting."""


class Trickler:
    """One socket sending HEAD a byte at a time; connected again when the server closes it."""

    def __init__(self, port: int, source: str, due: float):
        self.port, self.source, self.due = port, source, due
        self.sock: socket.socket | None = None
        self.opened = 0.0
        self.sent = 0

    def connect(self, now: float) -> bool:
        try:
            self.sock = socket.create_connection(
                ("127.0.0.1", self.port), timeout=1, source_address=(self.source, 0)
            )
        except OSError:
            self.sock = None
            return False
        self.sock.setblocking(False)
        self.opened, self.sent = now, 0
        return True

    def send_a_byte(self) -> bool:
        """Send the next byte; False when the server has closed the socket."""
        assert self.sock is not None
        try:
            self.sock.send(HEAD[self.sent % len(HEAD) : self.sent % len(HEAD) + 1])
        except BlockingIOError:
            return True  # the server reads nothing now: the byte waits for the next turn
        except OSError:
            return False
        self.sent += 1
        return True

    def close(self) -> None:
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.close()
            self.sock = None


class Trickling:
    """N tricklers in one thread, until stopped; what the server did to them."""

    def __init__(self, port: int, count: int, every: float, addresses: int):
        started = time.monotonic()
        self.every = every
        sources = trickling_addresses(addresses)
        self.tricklers = [
            Trickler(port, sources[i % addresses], started + every * i / count)
            for i in range(count)
        ]
        self.selector = selectors.DefaultSelector()
        self.closed_by_server = 0
        self.held: list[float] = []  # how long each closed trickler had been open
        self.failed_connects = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        now = time.monotonic()
        for trickler in self.tricklers:
            if self.stopping.is_set():
                return
            self._connect(trickler, now)
        self.thread.start()

    def _connect(self, trickler: Trickler, now: float) -> None:
        if trickler.connect(now):
            assert trickler.sock is not None
            self.selector.register(trickler.sock, selectors.EVENT_READ, trickler)
        else:
            self.failed_connects += 1

    def _closed(self, trickler: Trickler, now: float) -> None:
        """The server closed (or answered) it: it connects again at its next byte."""
        assert trickler.sock is not None
        self.selector.unregister(trickler.sock)
        trickler.close()
        self.closed_by_server += 1
        self.held.append(now - trickler.opened)

    def _run(self) -> None:
        while not self.stopping.is_set():
            for key, _ in self.selector.select(timeout=0.05):
                self._closed(key.data, time.monotonic())
            now = time.monotonic()
            for trickler in self.tricklers:
                if trickler.due > now:
                    continue
                trickler.due += self.every
                if trickler.sock is None:
                    self._connect(trickler, now)
                elif not trickler.send_a_byte():
                    self._closed(trickler, now)

    def stop(self) -> None:
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join()
        for trickler in self.tricklers:
            trickler.close()

    def open_for(self, now: float) -> list[float]:
        """How long each trickler still open has been open."""
        return [now - t.opened for t in self.tricklers if t.sock is not None]


def trickling_addresses(count: int) -> list[str]:
    """127.0.0.1 (the phone the GETs share), then as many more as asked: 127.0.1.1, ..."""
    return [PHONE] + [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(count - 1)]


def timed_get(port: int, source: str) -> tuple[float, bool]:
    """Seconds a GET / from `source` took, and whether it was answered 200."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=GET_TIMEOUT, source_address=(source, 0)
    )
    try:
        connection.request("GET", "/", headers={"Connection": "close"})
        answer = connection.getresponse()
        answer.read()
        ok = answer.status == 200
    except OSError:
        ok = False
    finally:
        connection.close()
    return time.monotonic() - started, ok


def raise_file_limit(needed: int) -> None:
    """Tricklers and the server's ends of them are file descriptors: allow enough (the
    server started after this inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


def run(name: str, count: int, every: float, seconds: float, addresses: int) -> None:
    raise_file_limit(2 * count + 512)
    took: dict[str, list[float]] = {PHONE: [], OTHER_PHONE: []}
    failed = {PHONE: 0, OTHER_PHONE: 0}
    with serving(migrated_first(CANDIDATES[name])) as server:
        trickling = Trickling(server.port, count, every, addresses)
        trickling.start()
        started = time.monotonic()
        window: list[float] = []  # the GETs since the last line printed
        reported = 0
        try:
            while (now := time.monotonic()) - started < seconds:
                for source in (OTHER_PHONE, PHONE):
                    get_took, ok = timed_get(server.port, source)
                    took[source].append(get_took)
                    window.append(get_took * 1000)
                    failed[source] += not ok
                if now - started >= reported + 10:
                    reported += 10
                    print(
                        f"  {name} {reported - 10:2d}-{reported:2d} s: {len(window)} GETs, "
                        f"p50 {percentile(window, 0.5):,.0f} ms, max {max(window):,.0f} ms; "
                        f"tricklers closed so far {trickling.closed_by_server}",
                        flush=True,
                    )
                    window = []
                time.sleep(max(0.0, 1 - (time.monotonic() - now)))
            still_open = trickling.open_for(time.monotonic())
        finally:
            trickling.stop()
    everything = [t * 1000 for s in took.values() for t in s]
    over = sum(t > SLOW * 1000 for t in everything)
    longest = max(trickling.held + still_open, default=0.0)
    print(
        f"{name:9} {count} sockets from {addresses} address{'es' * (addresses > 1)}, a byte "
        f"every {every:g} s, {len(everything)} GETs over "
        f"{seconds:.0f} s: p50 {percentile(everything, 0.5):,.0f} ms, "
        f"max {max(everything):,.0f} ms, over {SLOW:g} s {over}, failed "
        f"{sum(failed.values())} (from the trickling address {failed[PHONE]}); "
        f"tricklers closed {trickling.closed_by_server} times, the longest open "
        f"{longest:.0f} s, {len(still_open)} open at the end",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("servers", nargs="*", help=f"of {', '.join(CANDIDATES)}; default serve")
    parser.add_argument("--sockets", type=int, default=1000, help="trickling sockets")
    parser.add_argument("--every", type=float, default=5, help="seconds between their bytes")
    parser.add_argument("--seconds", type=float, default=60, help="how long GETs are timed")
    parser.add_argument(
        "--addresses",
        type=int,
        default=1,
        help="addresses the tricklers come from, 127.0.0.1 first",
    )
    args = parser.parse_args()
    unknown = set(args.servers) - set(CANDIDATES)
    if unknown:
        parser.error(f"no such server: {', '.join(sorted(unknown))}")
    for name in args.servers or ["serve"]:
        run(name, args.sockets, args.every, args.seconds, args.addresses)


if __name__ == "__main__":
    main()
