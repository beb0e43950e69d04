"""What a phone chooses for itself and keeps: the language its pages speak, their colours.

Each choice is a cookie the phone keeps a year, set by a small form at the foot of every
page (a plain POST with its CSRF token, so it works without JavaScript) that goes back to
the page it came from. Nothing about the table changes: only how this phone shows it.
"""

import string
from urllib.parse import urlsplit

from flask import redirect, request
from flask.typing import ResponseReturnValue

KEPT_FOR = 365 * 24 * 3600  # a choice is remembered a year


def same_site(target: str) -> str:
    """`target` when it is a path of this app ("/t/1?x=2"), else the home page: a switch
    never sends a phone off-site, whatever `next` a crafted form carries."""
    parts = urlsplit(target)
    plain = all(c in string.printable and c not in "\\\t\n\r\x0b\x0c" for c in target)
    if plain and target.startswith("/") and not parts.scheme and not parts.netloc:
        return target
    return "/"


def remember(cookie: str, value: str | None) -> ResponseReturnValue:
    """Back to the page the switch was tapped on, this phone now keeping `value` in
    `cookie` (None: the choice is forgotten, and the phone's own setting rules again)."""
    response = redirect(same_site(request.form.get("next", "")), 303)
    if value is None:
        response.delete_cookie(cookie, secure=request.is_secure, httponly=True, samesite="Lax")
    else:
        response.set_cookie(
            cookie,
            value,
            max_age=KEPT_FOR,
            secure=request.is_secure,
            httponly=True,
            samesite="Lax",
        )
    return response
