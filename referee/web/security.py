"""Hardened by default: a strict Content-Security-Policy, no framing, no referrer, and
session cookies that are HttpOnly, SameSite=Lax, and Secure whenever the page is HTTPS;
over HTTPS, HSTS too (never over plain HTTP, where a table's laptop serves its Wi-Fi)."""

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",  # htmx from our own static folder, no inline script, no eval
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
# Once a browser has reached the app over HTTPS, it asks for it over HTTPS only for a year.
# Only the host itself: subdomains of a hosted name may be someone else's.
HSTS = ("Strict-Transport-Security", f"max-age={365 * 24 * 3600}")
# Sent by the service worker on a page it fetches in the background only to keep a copy for
# offline (static/offline/sw.js), never on a page the player opens.
KEEPING = "X-Keep-Copy"


def kept_in_background() -> bool:
    return bool(request.headers.get(KEEPING))


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie is marked Secure when the request came over HTTPS (or a proxy
    says so), so one setting serves a table's local Wi-Fi and a hosted server alike."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Never from a copy kept in the background: it was asked for with the cookie of an
        earlier page, and the last answer's cookie wins, so its answer would put back the
        session from before a save (its "House rules saved" message gone)."""
        return not kept_in_background() and super().should_set_cookie(app, session)


def _headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:  # sent over plain HTTP it would mean nothing (RFC 6797 7.2)
        response.headers.setdefault(*HSTS)
    return response


def init_app(app: Flask) -> None:
    # Flask's defaults hold these keys already (SameSite None), so set, don't setdefault.
    app.config["SESSION_COOKIE_SAMESITE"] = app.config["SESSION_COOKIE_SAMESITE"] or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = SessionCookies()
    app.after_request(_headers)
