"""Pages for what went wrong, in words a player can act on; never a traceback."""

from flask import Flask, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from referee.origin import same_origin
from referee.views.htmx import htmx

MESSAGES = {
    403: (
        "Watching only",
        "Your link lets you watch this table; ask the scorekeeper to change it.",
    ),
    404: ("Not here", "There is no such table or hand, or this phone has not opened its link."),
    405: ("Not like that", "This page cannot be used that way."),
    413: ("Too much", "That was more than any hand needs."),
    429: ("Slow down", "Too many wrong links were tried; wait a minute and open yours again."),
}


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
            return {"error": error.description or error.name}, error.code or 400
        title, message = MESSAGES.get(error.code or 500, (error.name, error.description or ""))
        return _page(title, message, error.code or 400)
