"""How responses travel to a phone on a table's weak Wi-Fi: compressed, brotli where the
browser takes it (every current one does) and gzip otherwise, by Flask-Compress (maintained,
and it compresses pages as well as static files, at run time, so there is no build step and
no pre-compressed copy to go stale); and pages revalidated on every visit, while the static
files they link are kept a year under hashed names (`referee.static_files`)."""

from flask import Flask, Response
from flask_compress import Compress

# Brotli first: the page of a 1,000-hand table is 3.0 KB in it, 3.4 KB gzipped (`make bench`).
# No zstd or deflate: every browser that sends them takes brotli or gzip too.
ALGORITHMS = ["br", "gzip"]
# A page shows a table as it is now: the browser may keep it (for back and forward) but asks
# again before reusing it; `private` keeps it out of any shared cache between phone and server.
PAGE_CACHE = "no-cache, private"
# An answer never kept, by the browser, its service worker (static/offline/sw.js skips it) or
# any proxy: one that holds a share token (the share page, a new table's tokens), a table's
# file, the answer to one send of a hand kept offline.
NO_STORE = {"Cache-Control": "no-store"}


def _pages_revalidate(response: Response) -> Response:
    """A page without a cache policy of its own gets PAGE_CACHE."""
    if response.mimetype == "text/html":
        response.headers.setdefault("Cache-Control", PAGE_CACHE)
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ALGORITHMS)
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ALGORITHMS)
    app.after_request(_pages_revalidate)
    Compress().init_app(app)  # one per app: it keeps the app's settings
