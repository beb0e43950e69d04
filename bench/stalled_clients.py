"""Can a slow client stall the server? N connections stalled mid-body, then normal requests.

Each stalled client is a real socket that sends a POST's headers (Content-Length 100000)
and one byte of its body, then nothing: a phone on bad Wi-Fi that stalls mid-upload.
With them all open, plain GETs of the home page are timed one after another. Last, it
watches how long the server keeps the stalled sockets before dropping them.

`serve` is `referee serve --workers 4` as it is; the others are the servers it was chosen
among, each with 4 workers (or threads), for the README's comparison:

    .venv/bin/python bench/stalled_clients.py [SERVER ...] [--stalled N] [--requests K] [--watch S]
    SERVER: serve (the default), sync, gthread, gevent, waitress

A benchmark, not a test: the figures depend on the machine and on what else runs.
"""

import argparse
import contextlib
import selectors
import socket
import time

import requests
from served import CANDIDATES, migrated_first, percentile, serving

STALLED_BODY = (
    b"POST /api/settle HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100000\r\n\r\n{"
)


def stall(port: int, count: int) -> list[socket.socket]:
    stalled = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(STALLED_BODY)
        stalled.append(sock)
    return stalled


def timed_gets(base: str, count: int) -> tuple[list[float], int]:
    """Seconds each GET / took (a failure counts the time it took), and how many failed."""
    took, failed = [], 0
    for _ in range(count):
        started = time.monotonic()
        try:
            answer = requests.get(base + "/", timeout=60)
            failed += answer.status_code != 200
        except requests.RequestException:
            failed += 1
        took.append(time.monotonic() - started)
    return took, failed


def dropped_after(stalled: list[socket.socket], seconds: float) -> list[float]:
    """For each stalled socket the server closed (or answered) within `seconds`, when."""
    started = time.monotonic()
    selector = selectors.DefaultSelector()
    for sock in stalled:
        selector.register(sock, selectors.EVENT_READ)
    when = []
    while len(when) < len(stalled) and time.monotonic() - started < seconds:
        for key, _ in selector.select(timeout=1):
            selector.unregister(key.fileobj)
            when.append(time.monotonic() - started)
    selector.close()
    return when


def run(name: str, stalled_count: int, requests_count: int, watch: float) -> None:
    command = migrated_first(CANDIDATES[name])
    with serving(command) as server:
        stalled = stall(server.port, stalled_count)
        try:
            time.sleep(1)  # let the server hand them to its workers
            took, failed = timed_gets(server.base, requests_count)
            drops = dropped_after(stalled, watch)
        finally:
            for sock in stalled:
                with contextlib.suppress(OSError):
                    sock.close()
    ms = [t * 1000 for t in took]
    dropped = (
        f"{len(drops)} dropped, the last after {max(drops):.0f} s" if drops else "none dropped"
    )
    print(
        f"{name:9} {stalled_count} stalled, {requests_count} GETs: "
        f"p50 {percentile(ms, 0.5):,.0f} ms, max {max(ms):,.0f} ms, {failed} failed; "
        f"stalled bodies: {dropped} (watched {watch:.0f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("servers", nargs="*", help=f"of {', '.join(CANDIDATES)}; default serve")
    parser.add_argument("--stalled", type=int, default=50)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument(
        "--watch", type=float, default=60, help="seconds to watch for stalled sockets dropped"
    )
    args = parser.parse_args()
    unknown = set(args.servers) - set(CANDIDATES)
    if unknown:
        parser.error(f"no such server: {', '.join(sorted(unknown))}")
    for name in args.servers or ["serve"]:
        run(name, args.stalled, args.requests, args.watch)


if __name__ == "__main__":
    main()
