"""The service worker that opens the app's pages without a network (static/offline/sw.js).

A service worker controls only the paths under the one it was served from, so it is served
here, at the root, rather than from /static/: every page of the app is under its scope.
"""

from flask import Blueprint
from flask.typing import ResponseReturnValue

from referee.web import static_files

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The worker's script under its plain name, so revalidated on every visit (a new version
    takes over soon), served whole like any static file (referee.static_files)."""
    return static_files.serve("offline/sw.js")
