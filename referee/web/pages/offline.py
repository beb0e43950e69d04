"""The service worker that opens the app's pages without a network (static/offline/sw.js),
the page it shows for a page this phone never kept, and the words the scripts say.

A service worker controls only the paths under the one it was served from, so it is served
here, at the root, rather than from /static/: every page of the app is under its scope.
"""

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

from referee.web import static_files
from referee.web.script_words import script_words

bp = Blueprint("offline", __name__)
bp.add_app_template_global(script_words)


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
