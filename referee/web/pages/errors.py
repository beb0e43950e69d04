"""Pages for what went wrong, in words a player can act on; never a traceback. The API's
errors are answered here too, as {"error": "..."}: one place gives every error its status
and headers, whichever door it came through."""

from flask import Flask, make_response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

from referee.documents.answers import Error, said
from referee.documents.upload import size_in_words
from referee.rules.limits import MAX_REQUEST_BYTES
from referee.store.disk import disk_full
from referee.web.lazy_words import lazy_gettext
from referee.web.origin import same_origin
from referee.web.pages.htmx import htmx
from referee.web.rate_limits import TooFast

# Each error page's (title, message) by status; the API answers in English instead (its
# `error`, from the exception's description, is read by programs).
MESSAGES = {
    403: (
        lazy_gettext("Watching only"),
        lazy_gettext("Your link lets you watch this table; ask the scorekeeper to change it."),
    ),
    404: (
        lazy_gettext("Not here"),
        lazy_gettext("There is no such table or page, or this phone has not opened its link."),
    ),
    405: (lazy_gettext("Not like that"), lazy_gettext("This page cannot be used that way.")),
    413: (lazy_gettext("Too much"), lazy_gettext("That was more than any form needs.")),
    429: (
        lazy_gettext("Slow down"),
        lazy_gettext("Too many tries; wait a minute, then try again."),
    ),
    507: (
        lazy_gettext("The server's disk is full"),
        lazy_gettext(
            "The computer running the score has no room left, so nothing was saved. Ask "
            "whoever runs it to make room, then enter it again."
        ),
    ),
}


class DiskFull(HTTPException):
    """507 Insufficient Storage (RFC 4918): a write found no room on the server's disk. The
    transaction was rolled back, so nothing of it was saved."""

    code = 507
    description = "the server's disk is full, so nothing was saved; try again once it has room"


def too_much(limit: int) -> str:
    """The API's 413, naming the limit it passed."""
    return f"the body is larger than {size_in_words(limit)}, the most a request may send"


def _kept_headers(error: HTTPException) -> dict[str, str]:
    """The headers an error's answer must keep, on a page as in JSON, when the answer is made
    here: a 405 says which methods the URL takes (RFC 9110), a 429 how long to wait
    (`referee.web.rate_limits`)."""
    kept = {k: v for k, v in error.get_headers() if k == "Retry-After"}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        kept["Allow"] = ", ".join(sorted(error.valid_methods))
    return kept


def _page(title: str, message: str, status: int) -> ResponseReturnValue:
    # "Go back" to the page the player came from only when it is one of ours (a Referer
    # is whatever the browser, or anyone, sent: another site, a javascript: address);
    # else the template's home page.
    back = request.referrer if same_origin(request.referrer) else None
    body = render_template("error.html", title=title, message=message, back=back)
    if htmx():
        # htmx does not swap error answers: show the message in place of the page.
        return body, 200, {"HX-Retarget": "body", "HX-Reswap": "innerHTML"}
    return body, status


# Why Flask-WTF refused a form's safety token (its CSRFError's description), in words: a page
# left open too long, a phone that lost its cookie, and a token that is not this phone's
# (forged, from another site, or missing) are each said as what they are.
CSRF_EXPIRED = "The CSRF token has expired."
CSRF_NO_SESSION = "The CSRF session token is missing."


def _csrf_words(reason: str | None) -> str:
    """What a player reads when a form's safety token is refused, by Flask-WTF's reason."""
    if reason == CSRF_EXPIRED:
        return gettext(
            "This page was open too long and its safety token ran out, so nothing was "
            "saved. Go back, reload the page and enter it again."
        )
    if reason == CSRF_NO_SESSION:
        return gettext(
            "This phone no longer holds the cookie this page was made with (cleared, or "
            "blocked), so nothing was saved. Open the table's link again, then enter it again."
        )
    # Invalid, not matching, missing, or (over HTTPS) sent from another site's page.
    return gettext(
        "This form did not come from this app's page on this phone (its safety token is "
        "missing or not this phone's), so nothing was saved. Reload the page and enter it "
        "again."
    )


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_refused(error: CSRFError) -> ResponseReturnValue:
        return _page(gettext("Please tap again"), _csrf_words(error.description), 400)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            words = error.description or error.name
            if isinstance(error, RequestEntityTooLarge):
                words = too_much(request.max_content_length or MAX_REQUEST_BYTES)
            refused = Error(error=words)
            answer = make_response(said(refused), error.code or 400)
        else:
            title, message = MESSAGES.get(error.code or 500, (error.name, error.description or ""))
            if isinstance(error, TooFast):
                message = error.description  # what was counted, and how long to wait
            answer = make_response(_page(title, message, error.code or 400))
        answer.headers.update(_kept_headers(error))
        return answer

    @app.errorhandler(OSError)
    @app.errorhandler(DBAPIError)
    def no_room(error: Exception) -> ResponseReturnValue:
        """A full disk is the server's trouble, said as such (507); any other error of
        the database or the system stays the 500 it is."""
        if not disk_full(error):
            raise error
        return http_error(DiskFull())
