"""How `referee serve` serves the app: waitress, which reads every request in full before a
thread is given it, within the bounds of connections.py, and an access log that never shows
a share link's token.

Chosen by measurement (bench/stalled_clients.py and bench/trickle.py, figures in the
README): under gunicorn's sync workers four connections stalled mid-body froze every table
for 30 s; its gthread worker still gives a thread to a request whose body has not come;
gevent keeps slow clients waiting for free, but SQLite's busy wait and any CPU-heavy
request block its whole hub. Waitress's one event loop buffers requests (large bodies spill
to a temporary file), so a phone stalled mid-upload costs a socket, never a thread. Its
threads are real threads, so SQLite and psycopg block only the thread that waits. What it
lacks (a deadline for a whole request, a cap per address) connections.py adds.
"""

import logging
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO
from urllib.parse import unquote

from flask import Flask

from referee.web.connections import Bounds, allow_files_for, create_server

MAX_BODY_BYTES = 16 * 1024 * 1024
"""The most the server buffers of one request body; a body under it reaches the app, which
refuses one over its own limits (MAX_REQUEST_BYTES, or MAX_IMPORT_BYTES for a table's file)
with a 413 in words, on the import page or in the API's JSON. Waitress refuses a body of
this or more itself, before it arrives: a bare 413, then it closes the connection, which a
client still sending sees as a reset (as bodies over 4 MB did when this was twice the file
limit). 16 MB takes in a phone's photo picked by mistake on the import page (2 to 8 MB), so
its player reads why. A body over 512 KB is spooled to a temporary file as it arrives, so a
connection holds at most this much disk, until it is answered or dropped."""

TRUSTED_PROXY = "127.0.0.1"
"""A reverse proxy on this computer that terminates HTTPS may say so with X-Forwarded-Proto
(the session cookie is then Secure), and which phone it passes on with X-Forwarded-For (the
rate limits count per address: without it, every phone would be the proxy); from elsewhere
both headers are ignored. `TRUSTED_PROXY` in instance/config.py names another address: the
proxy's, when it runs on another computer (one front for two servers runs beside one of
them at most)."""

_TOKEN_IN_PATH = re.compile(r"^(/join/[^/]*/).+", re.S | re.I)
TOKEN_SHAPED = 16
"""A run of this many of a token's characters (letters, digits, - and _) is logged as
`[token]` wherever it is: a share link's token is 32 of them (access.TOKEN_BYTES), so half
of one is redacted too, while the app's own words in a path (stock_out, settle-up, a static
file's 12-digit hash) are shorter."""
_TOKEN_SHAPED = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_SHAPED},}}")


def redacted(path: str, query: str = "") -> str:
    """A request's path and query as the logs show them: all that follows a share link's id
    (/join/12/, in any case) and any token-shaped run anywhere (a query's value, another
    path) replaced by `[token]`; the query read with its %-escapes decoded, so an escaped
    token is one too."""
    path = _TOKEN_IN_PATH.sub(r"\1[token]", path)
    target = path + (f"?{unquote(query, errors='replace')}" if query else "")
    return _escaped(_TOKEN_SHAPED.sub("[token]", target))


def redacted_text(text: str) -> str:
    """A log message with every path in it redacted ("Exception on /join/12/<token> [GET]")."""
    return re.sub(r"/\S*", lambda found: redacted(*found.group().partition("?")[::2]), text)


def _escaped(text: str) -> str:
    """Any character that could forge a log line or end the quoted request (a decoded
    %0A, a quote) written as an escape."""
    return "".join(c if c.isprintable() and c not in '"\\' else f"\\x{ord(c):02x}" for c in text)


class TokensRedacted(logging.Filter):
    """The app's error log says which page failed ("Exception on /join/12/<token> [GET]"),
    and waitress's which request ("Exception while serving /t/1?token=..."): every path in
    them redacted, as in the access log."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redacted_text(record.getMessage())
        record.args = ()
        return True


Environ = dict[str, Any]
Headers = list[tuple[str, str]]
WsgiApp = Callable[[Environ, Callable[..., Any]], Iterable[bytes]]


class AccessLog:
    """WSGI middleware writing one line per request, after its answer is sent:
    `address - - [time] "METHOD path?query PROTOCOL" status bytes seconds`.

    Only the request line is logged, with tokens redacted: no header (an API bearer
    token travels in Authorization), no body.
    """

    def __init__(self, app: WsgiApp, stream: TextIO):
        self.app, self.stream = app, stream

    def __call__(self, environ: Environ, start_response: Callable[..., Any]) -> Iterator[bytes]:
        started = time.monotonic()
        status = ["-"]

        def recording_start_response(line: str, headers: Headers, *exc_info: Any) -> Any:
            status[0] = line.split(" ", 1)[0]
            return start_response(line, headers, *exc_info)

        sent = 0
        body = self.app(environ, recording_start_response)
        try:
            for chunk in body:
                sent += len(chunk)
                yield chunk
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
            self._write(environ, status[0], sent, time.monotonic() - started)

    def _write(self, environ: Environ, status: str, sent: int, seconds: float) -> None:
        target = redacted(environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""))
        when = time.strftime("%d/%b/%Y:%H:%M:%S %z")
        self.stream.write(
            f"{environ.get('REMOTE_ADDR', '-')} - - [{when}] "
            f'"{environ.get("REQUEST_METHOD")} {target} {environ.get("SERVER_PROTOCOL")}" '
            f"{status} {sent} {seconds:.3f}\n"
        )
        self.stream.flush()


def serve(app: Flask, host: str, port: int, threads: int) -> None:
    """Serve until stopped (SIGTERM or Ctrl-C), logging each request to standard output,
    within the bounds of connections.py (or those instance/config.py sets)."""
    import signal

    bounds = Bounds.from_config(app.config)
    allow_files_for(bounds)
    logging.basicConfig()  # waitress's own lines ("Serving on", errors) to standard error
    logging.getLogger("waitress").addFilter(TokensRedacted())  # "Exception while serving"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # waitress closes on SystemExit
    server = create_server(
        AccessLog(app, sys.stdout),
        bounds,
        host=host,
        port=port,
        threads=threads,
        asyncore_use_poll=True,  # select() cannot watch more than 1024 sockets
        max_request_body_size=MAX_BODY_BYTES,
        trusted_proxy=str(app.config.get("TRUSTED_PROXY", TRUSTED_PROXY)),
        trusted_proxy_headers={"x-forwarded-proto", "x-forwarded-for"},
        ident="referee",
    )
    server.print_listen("Serving on http://{}:{}")
    server.run()
