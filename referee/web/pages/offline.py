"""The service worker that opens the app's pages without a network (static/offline/sw.js),
the page it shows for a page this phone never kept, and the words the scripts say.

A service worker controls only the paths under the one it was served from, so it is served
here, at the root, rather than from /static/: every page of the app is under its scope.
"""

from flask import Blueprint, get_flashed_messages, render_template
from flask.typing import ResponseReturnValue

from referee.web import static_files
from referee.web.script_words import script_words
from referee.web.security import kept_in_background

bp = Blueprint("offline", __name__)
bp.add_app_template_global(script_words)


@bp.app_template_global()
def said_now(category: str) -> list[str]:
    """The messages of what just happened ("House rules saved"), for the page the player
    opens. A copy the worker fetches in the background takes none: it would eat the message
    before the player's own page shows it, and keep it to show again offline."""
    if kept_in_background():
        return []
    return [str(m) for m in get_flashed_messages(category_filter=[category])]


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The worker's script under its plain name, so revalidated on every visit (a new version
    takes over soon), served whole like any static file (referee.static_files)."""
    return static_files.serve("offline/sw.js")


@bp.get("/offline")
def no_copy() -> ResponseReturnValue:
    """What the worker shows offline for a page it holds no copy of. It has no page of its
    own to word this in, so it keeps this one, fetched with the phone's language (its switch
    or Accept-Language) each time a page asks it to keep the pages it links to."""
    return render_template("offline.html")
