"""Static files under content-hashed names, so a phone keeps them for a year and never asks
again: `referee.css` is linked as `referee.<12 hex digits of its SHA-256>.css`, and a new
version of the file is a new name. Every `url_for("static", filename=...)` gets the hashed
name (a URL default, so templates need no helper of their own), and the names are worked
out from the files as they are when asked (a stat per link, the digest cached per version),
so a fresh clone, `flask run`, gunicorn and the test client need no build step, and an edited
file gets a new name at once.

Our own CSS and scripts are sent without their comments and spaces (rcssmin and rjsmin:
maintained, pure Python with a C speed-up, run once per version of a file): a third less to
send on a table's weak Wi-Fi, with the files kept readable here and no build step. The name
still carries the digest of the file as written; the lock pins the minifiers, so one name is
always one set of bytes.

A name without its hash still answers, with `no-cache` (the browser revalidates it): for
what must keep its URL, and for a page cached before a release.
"""

import hashlib
import json
import mimetypes
import os
import posixpath
import re
from functools import lru_cache
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

IMMUTABLE = "public, max-age=31536000, immutable"  # a year: the longest that caches honour
REVALIDATE = "no-cache"
DIGITS = 12  # hex digits of the digest in a name: 48 bits, no two versions of a file collide
HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{DIGITS}}})(?P<suffix>\.[^./]+)?$")
# A web app manifest names its icons: they are rewritten to their hashed names, so the
# manifest's own name changes when an icon does.
MANIFEST_SUFFIX = ".webmanifest"


@lru_cache(maxsize=256)
def _read(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's bytes, read once per version (its mtime and size are part of the key)."""
    with open(path, "rb") as handle:
        return handle.read()


@lru_cache(maxsize=256)
def _shrunk(data: bytes, suffix: str) -> bytes:
    """Our own stylesheet or script without comments and spaces; anything else as it is
    (a vendored `.min.js` is minified by its authors already)."""
    if suffix == ".css":
        return rcssmin.cssmin(data.decode()).encode()
    if suffix == ".js":
        return rjsmin.jsmin(data.decode()).encode()
    return data


@lru_cache(maxsize=256)
def _digest(data: bytes) -> str:
    """The first DIGITS hex digits of the SHA-256 of a file's content (bytes objects keep
    their hash, so a page's links cost a lookup, not a digest, once a file was seen)."""
    return hashlib.sha256(data).hexdigest()[:DIGITS]


def _file(folder: str, filename: str) -> str | None:
    """The path of a file in the static folder, or None (no such file, or outside it)."""
    path = safe_join(folder, filename)
    return path if path is not None and os.path.isfile(path) else None


def _written(folder: str, filename: str) -> bytes | None:
    """A file as named: its bytes, a manifest with its icons' names hashed."""
    path = _file(folder, filename)
    if path is None:
        return None
    stat = os.stat(path)
    data = _read(path, stat.st_mtime_ns, stat.st_size)
    if filename.endswith(MANIFEST_SUFFIX):
        data = _manifest(folder, filename, data)
    return data


def _manifest(folder: str, filename: str, data: bytes) -> bytes:
    """The manifest with each icon's `src` (relative to the manifest) under its hashed name."""
    manifest = json.loads(data)
    here = posixpath.dirname(filename)
    for icon in manifest.get("icons", []):
        src = icon.get("src", "")
        if "/" not in src and ":" not in src:
            icon["src"] = posixpath.basename(hashed_name(folder, posixpath.join(here, src)))
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()


def _content(folder: str, filename: str) -> bytes | None:
    """What is sent for a file: as written, minified where it is our CSS or a script."""
    data = _written(folder, filename)
    if data is None or filename.endswith(".min.js"):
        return data
    return _shrunk(data, posixpath.splitext(filename)[1])


def hashed_name(folder: str, filename: str) -> str:
    """`vendor/htmx/htmx.min.js` -> `vendor/htmx/htmx.min.<digest>.js`; a name that is no
    file is left as it is (it will answer 404)."""
    data = _written(folder, filename)
    if data is None:
        return filename
    digest = _digest(data)
    head, name = posixpath.split(filename)
    stem, dot, suffix = name.rpartition(".")
    hashed = f"{stem}.{digest}.{suffix}" if dot and stem else f"{name}.{digest}"
    return posixpath.join(head, hashed) if head else hashed


def _unhashed(filename: str) -> str | None:
    """The file a hashed name stands for (`referee.<digest>.css` -> `referee.css`), or None."""
    head, name = posixpath.split(filename)
    match = HASHED.match(name)
    if match is None:
        return None
    plain = match["stem"] + (match["suffix"] or "")
    return posixpath.join(head, plain) if head else plain


def _hashed_links(endpoint: str | None, values: dict[str, Any]) -> None:
    """Every link to a static file names its current version."""
    if endpoint == "static" and "filename" in values:
        folder = current_app.static_folder
        assert folder is not None
        values["filename"] = hashed_name(folder, values["filename"])


def serve(filename: str) -> Response:
    """A static file: under its current hashed name, cached for a year and immutable; under
    its plain name, revalidated each time; an old or unknown hash is 404. The body is whole
    (not a file stream), so the compression set up in `referee.web.transfer` brotlis or gzips it
    like a page (a file stream would be compressed as a stream, never gzipped)."""
    folder = current_app.static_folder
    assert folder is not None
    plain = _unhashed(filename)
    if plain is not None and hashed_name(folder, plain) == filename:
        served, cache = plain, IMMUTABLE
    else:
        served, cache = filename, REVALIDATE
    data = _content(folder, served)
    if data is None:
        abort(404)
    mimetype = mimetypes.guess_type(served)[0] or "application/octet-stream"
    response = Response(data, mimetype=mimetype)
    response.headers["Cache-Control"] = cache
    response.set_etag(_digest(data))
    response.make_conditional(request)
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(_hashed_links)
    app.view_functions["static"] = serve
