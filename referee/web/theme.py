"""The colours a phone shows: dark felt for a dim room, light for daylight.

A phone follows its own setting (`prefers-color-scheme`) until the switch at the foot of
every page says otherwise; the choice is kept in the `theme` cookie (remembered.py). Both
palettes are CSS custom properties: static/referee.css holds the dark felt every browser
gets, static/light.css only the light values, linked so that it applies when the phone
prefers light and nothing was chosen, always when light was chosen, never when dark was.
"""

from flask import Blueprint, Flask, abort, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext

from referee.web.remembered import remember

COOKIE = "theme"
PHONE = "phone"
"""The switch's value that forgets the choice: the phone's own setting rules."""
THEMES = {
    PHONE: lazy_gettext("As the phone"),
    "dark": lazy_gettext("Dark"),
    "light": lazy_gettext("Light"),
}
"""Each choice of the switch, by its value, with its words."""

bp = Blueprint("theme", __name__)


def chosen() -> str:
    """This phone's choice: "dark", "light", or PHONE when it chose nothing."""
    if not has_request_context():
        return PHONE
    kept = request.cookies.get(COOKIE, "")
    return kept if kept in THEMES else PHONE


@bp.post("/theme")
def switch() -> ResponseReturnValue:
    """The switch on every page: remember the colours on this phone, then go back."""
    theme = request.form.get("theme", "")
    if theme not in THEMES:
        abort(400)
    return remember(COOKIE, None if theme == PHONE else theme)


def init_app(app: Flask) -> None:
    """The switch's route, and `theme()` and `themes` for the templates."""
    app.jinja_env.globals.update(themes=THEMES, theme=chosen)
    app.register_blueprint(bp)
