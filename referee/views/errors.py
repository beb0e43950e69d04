"""Pages for what went wrong, in words a player can act on; never a traceback."""

from flask import Flask, make_response, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from referee.rate_limits import TooFast
from referee.views.htmx import htmx

MESSAGES = {
    403: (
        "Watching only",
        "Your link lets you watch this table; ask the scorekeeper to change it.",
    ),
    404: ("Not here", "There is no such table or hand, or this phone has not opened its link."),
    405: ("Not like that", "This page cannot be used that way."),
    413: ("Too much", "That was more than any hand needs."),
    429: ("Slow down", "Too many tries; wait a minute, then try again."),
}


def _page(title: str, message: str, status: int) -> ResponseReturnValue:
    body = render_template("error.html", title=title, message=message, back=request.referrer)
    if htmx():
        # htmx does not swap error answers: show the message in place of the page.
        return body, 200, {"HX-Retarget": "body", "HX-Reswap": "innerHTML"}
    return body, status


def _retry_after(error: HTTPException) -> dict[str, str]:
    """A 429's wait (`referee.rate_limits`), kept when the answer is made here."""
    return {k: v for k, v in error.get_headers() if k == "Retry-After"}


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_expired(_error: CSRFError) -> ResponseReturnValue:
        return _page(
            "Please tap again",
            "This page was open too long and its safety token ran out, so nothing was saved. "
            "Go back, reload the page and enter it again.",
            400,
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            answer = make_response({"error": error.description or error.name}, error.code or 400)
        else:
            title, message = MESSAGES.get(error.code or 500, (error.name, error.description or ""))
            if isinstance(error, TooFast):
                message = error.description  # what was counted, and how long to wait
            answer = make_response(_page(title, message, error.code or 400))
        answer.headers.update(_retry_after(error))
        return answer
