"""The colours a phone shows: dark felt for a dim room, light for daylight.

A phone follows its own setting (`prefers-color-scheme`) until the switch at the foot of
every page says otherwise; the choice is kept in the `theme` cookie (remembered.py). Both
palettes are CSS custom properties: static/referee.css holds the dark felt every browser
gets, static/light.css only the light values, linked so that it applies when the phone
prefers light and nothing was chosen, always when light was chosen, never when dark was.
"""

import re
from functools import cache
from pathlib import Path

from flask import Blueprint, Flask, abort, current_app, has_request_context, request
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
SHEETS = {"dark": ("referee.css",), "light": ("referee.css", "light.css")}
"""Each palette's stylesheets, as base.html links them: light.css only overrides values."""
ROOT_RULE = re.compile(r":root\s*\{([^}]*)\}")
DECLARATION = re.compile(r"--([\w-]+)\s*:\s*([^;]+?)\s*(?:;|$)")

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


def drawn_in(asked: str | None) -> str:
    """The palette an image drawn on the server takes: the one asked for (the page's own,
    which its script reads from the page), else this phone's choice, else the dark felt
    every browser gets first."""
    if asked in SHEETS:
        return asked
    kept = chosen()
    return kept if kept in SHEETS else "dark"


def palette(theme: str) -> dict[str, str]:
    """A palette's colours by their custom property's name ({"felt": "#10231a", ...}), read
    from the stylesheets that declare them: an image drawn on the server (the picture of
    the night) reaches no stylesheet, yet takes the page's colours, declared once."""
    colours: dict[str, str] = {}
    for sheet in SHEETS[theme]:
        colours.update(_declared(Path(current_app.static_folder or "", sheet)))
    return colours


@cache
def _declared(sheet: Path) -> dict[str, str]:
    """The custom properties of a stylesheet's first `:root` rule (read once a process)."""
    found = ROOT_RULE.search(sheet.read_text(encoding="utf-8"))
    return dict(DECLARATION.findall(found.group(1))) if found else {}


def init_app(app: Flask) -> None:
    """The switch's route, and `theme()` and `themes` for the templates."""
    app.jinja_env.globals.update(themes=THEMES, theme=chosen)
    app.register_blueprint(bp)
