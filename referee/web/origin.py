"""The address the table's phones reach the app at, for the links and QR codes it hands out.

On a table's own Wi-Fi nothing is configured: the phones reach the laptop by its IP
address, whatever it is tonight, so a link is made from the address the request came to
(its Host header). A hosted server sets `REFEREE_ORIGIN` (in the environment or the
instance's config.py), say https://tonk.example.org: every link and QR code is made from
it, never from a Host header someone else chose, and a request naming another host is
refused (400) before any page is made, by Flask's TRUSTED_HOSTS.
"""

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import SecurityError

from referee.documents.answers import Error, said

SETTING = "REFEREE_ORIGIN"


def _checked(origin: str) -> str:
    """scheme://host[:port] and nothing more, or the app refuses to start."""
    parts = urlsplit(origin.strip())
    try:
        parts.port  # noqa: B018 (a port that is no number raises here)
        whole = not (parts.query or parts.fragment or parts.username or parts.password)
    except ValueError:
        whole = False
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        whole = False
    if not whole:
        raise RuntimeError(
            f"{SETTING} must be the address phones open, as scheme://host[:port] "
            f"(for example https://tonk.example.org), not {origin!r}"
        )
    return f"{parts.scheme}://{parts.netloc.lower()}"


def configured() -> str | None:
    """The public origin when one is configured, else None (links follow the request)."""
    origin: str | None = current_app.config.get(SETTING)
    return origin


def external_url(endpoint: str, **values: Any) -> str:
    """A whole URL of one of the app's pages, to hand out (a share link, its QR code)."""
    origin = configured()
    if origin is None:
        return url_for(endpoint, **values, _external=True)
    return origin + url_for(endpoint, **values)


def this_origin() -> str:
    """scheme://host of the app as this request reaches it: the configured one when set."""
    return configured() or f"{request.scheme}://{request.host}"


def same_origin(url: str | None) -> bool:
    """Whether `url` is a page of this app (same scheme and host): a Referer may be anything."""
    if not url:
        return False
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower() == this_origin().lower()


def _wrong_host(error: SecurityError) -> ResponseReturnValue:
    """A request to a host that is not this app's: answered without any page of the app
    (no URL can be made for it), in words, or in the API's JSON."""
    words = (
        f"This address is not this app's: open {configured()} or the link the scorekeeper shared."
    )
    if request.path.startswith("/api/"):
        return said(Error(error=words)), 400
    return words, 400, {"Content-Type": "text/plain; charset=utf-8"}


def _hosts_without_case(wsgi_app: Callable[..., Any]) -> Callable[..., Any]:
    """The app with every request's host in lower case, as DNS compares names: a phone that
    typed the host in capitals (REFEREE.EXAMPLE.ORG) reaches the same app (Werkzeug's
    TRUSTED_HOSTS check compares names as written), and the links made from it are the same."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        for key in ("HTTP_HOST", "SERVER_NAME", "HTTP_X_FORWARDED_HOST"):
            if key in environ:
                environ[key] = environ[key].lower()
        return wsgi_app(environ, start_response)

    return app


def init_app(app: Flask) -> None:
    app.wsgi_app = _hosts_without_case(app.wsgi_app)  # type: ignore[method-assign]
    if app.config.get("TRUSTED_HOSTS"):  # a config.py may list hosts, in any case
        app.config["TRUSTED_HOSTS"] = [host.lower() for host in app.config["TRUSTED_HOSTS"]]
    origin = app.config.get(SETTING) or os.environ.get(SETTING)
    if not origin:
        app.config[SETTING] = None
        return
    app.config[SETTING] = _checked(origin)
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = [urlsplit(app.config[SETTING]).hostname]
    app.register_error_handler(SecurityError, _wrong_host)
