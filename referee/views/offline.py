"""The service worker that opens the app's pages without a network (static/offline/sw.js).

A service worker controls only the paths under the one it was served from, so it is served
here, at the root, rather than from /static/: every page of the app is under its scope.
"""

from flask import Blueprint, current_app, send_from_directory
from flask.typing import ResponseReturnValue

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The worker's script, revalidated on every visit so a new version takes over soon."""
    folder = current_app.static_folder or "static"
    response = send_from_directory(folder, "offline/sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
