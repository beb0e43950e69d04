"""The picture of the night: settle-up's payments, balances and chart as one image, which the
settle-up page's button shares to the group chat or saves.

Drawn here as SVG from the figures the settle-up page shows (pages/settling.py, the same
way of settling up) and the chart the table page draws (pages/chart.py): its amounts are
the page's, its words in the page's language, its names escaped as the page escapes them,
and it opens without JavaScript. static/night_picture.js turns it into a PNG, which every
chat app shows as a picture, drawn with the phone's own fonts (a name in any script reads
as it does on the page: no font is shipped for the server to rasterise with). Its colours
are the page's palette (theme.py) written as attributes, since an image reaches no
stylesheet, and the CSP refuses a <style> inside it when it is opened on its own.
"""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from unicodedata import east_asian_width

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from markupsafe import Markup

from referee.store.models import GameTable
from referee.store.rules_versions import game_of
from referee.store.seating import players_of
from referee.store.storage import session
from referee.store.tally import running_tally
from referee.web.pages import table_or_404
from referee.web.pages.chart import HEIGHT as CHART_HEIGHT
from referee.web.pages.chart import MAX_POINTS
from referee.web.pages.chart import WIDTH as CHART_WIDTH
from referee.web.pages.exports import download_name
from referee.web.pages.formatting import money, signed_money
from referee.web.pages.settling import settle_up_figures
from referee.web.pages.tables import chart_context, games_context
from referee.web.theme import drawn_in, palette
from referee.web.transfer import NO_STORE

bp = Blueprint("night_picture", __name__)

# In pixels of the PNG: 1080 wide, a phone screen's width in its own pixels, so the chat
# shows it full width; its height grows with the players. TEXT is 44 px: 16 CSS px at 390.
WIDTH, MARGIN = 1080, 48
ROOM = WIDTH - 2 * MARGIN
TITLE, TEXT, SMALL = 56, 44, 36
KEY = 56  # a tally row's sample of its player's chart line, before the name


@dataclass(frozen=True)
class Words:
    """A line of text: its baseline, its size (shrunk to fit), its colour and weight;
    `end` anchors it at its x from the right (an amount in its column)."""

    x: int
    y: int
    words: str
    size: int
    colour: str
    bold: bool = False
    end: bool = False


@dataclass
class Picture:
    """What the SVG draws, top to bottom; `y` is where the next row starts."""

    colours: dict[str, str]
    title: str
    y: int = MARGIN
    words: list[Words] = field(default_factory=list)
    strokes: list[dict[str, Any]] = field(default_factory=list)
    chart: dict[str, Any] | None = None

    def row(self, size: int) -> int:
        """A new row for text of `size`: its baseline (rows are 1.6 sizes apart)."""
        baseline = self.y + size
        self.y += round(size * 1.6)
        return baseline

    def stroke(self, x1: int, x2: int, y: int, colour: str, width: int, dash: str = "") -> None:
        """A level stroke: a rule under a row, or a sample of a player's chart line."""
        self.strokes.append(
            {"x1": x1, "x2": x2, "y": y, "colour": colour, "width": width, "dash": dash}
        )

    def line(self, words: str, size: int, colour: str, bold: bool = False) -> None:
        """A line of text across the picture, made smaller when it would not fit."""
        size = fitted(words, size, ROOM)
        self.words.append(Words(MARGIN, self.row(size), words, size, colour, bold))


def ems(words: str) -> float:
    """How wide a line is in ems, counted generously (0.6 a character, 1 for a wide East
    Asian one): the server cannot measure the phone's font, so it errs on the wide side."""
    text = Markup(words).striptags() if isinstance(words, Markup) else words
    return sum(1.0 if east_asian_width(c) in "WF" else 0.6 for c in text)


def fitted(words: str, size: int, room: int) -> int:
    """`size`, or the size at which `words` fit in `room` pixels (a long name shrinks its
    line instead of running off the picture or being cut)."""
    return min(size, int(room / max(ems(words), 1)))


def payment(payer: str, payee: str, amount: str) -> Markup:
    """The settle-up page's sentence for a payment ("**Ben** pays **Anna** 2 chips"), the
    names escaped and in bold as the page has them (<b> becomes SVG's bold tspan)."""
    sentence = Markup(gettext("<b>%(payer)s</b> pays <b>%(payee)s</b> %(amount)s")) % {
        "payer": payer,
        "payee": payee,
        "amount": amount,
    }
    bold = str(sentence).replace("<b>", '<tspan font-weight="700">').replace("</b>", "</tspan>")
    return Markup(bold)


def way_words(figures: dict[str, Any]) -> str:
    """Which way of settling up the picture shows, as the page's choices name it."""
    if figures["mode"] == "banker":
        return gettext("Everyone settles with %(banker)s", banker=figures["banker"])
    return gettext("Balances only") if figures["mode"] == "as_is" else gettext("Fewest payments")


def draw(
    table: GameTable, figures: dict[str, Any], chart: dict[str, Any], colours: dict[str, str]
) -> Picture:
    """The picture: the table and the way of settling up, who pays whom, each player's
    balance (beside a sample of their chart line), then the chart."""
    title = gettext("Settle up · %(table)s", table=table.name)
    picture = Picture(colours, title)
    picture.line(title, TITLE, colours["ink"], bold=True)
    picture.line(way_words(figures), SMALL, colours["muted"])
    if figures["in_points"]:
        picture.line(
            gettext("This table plays for points: no money moves."), SMALL, colours["muted"]
        )
    unit = figures["rules"].unit
    picture.y += TEXT // 2
    if figures["mode"] != "as_is":
        for t in figures["transfers"]:
            picture.line(payment(t.payer, t.payee, money(t.amount, unit)), TEXT, colours["ink"])
        if not figures["transfers"]:
            picture.line(gettext("Nobody owes anybody."), TEXT, colours["ink"])
        picture.y += TEXT // 2
    picture.line(gettext("Up and down tonight"), TEXT, colours["gold"], bold=True)
    keys = {line["name"]: line for line in chart["lines"]}
    for row in figures["tally"]:
        balance(picture, row["player"].name, row["amount"], unit, keys.get(row["player"].name))
    if chart["lines"]:
        picture.y += TEXT // 2
        # The chart's own units (pages/chart.py) scaled into a box as wide as the rows.
        box = {
            "x": MARGIN,
            "y": picture.y,
            "width": ROOM,
            "height": ROOM * CHART_HEIGHT // CHART_WIDTH,
        }
        picture.chart = {**chart, "box": box}
        picture.y += box["height"]
    picture.y += MARGIN
    return picture


def balance(
    picture: Picture, name: str, amount: Decimal, unit: str, key: dict[str, Any] | None
) -> None:
    """A tally row: the player's chart line in small, their name, their balance at the
    right in the page's colour for up or down, and a rule under it as the page's table has."""
    colours = picture.colours
    shown = signed_money(amount, unit)
    baseline = picture.row(TEXT)
    right = WIDTH - MARGIN
    room = ROOM - KEY - int(ems(shown) * TEXT) - TEXT // 2  # the balance's, and a gap
    picture.words.append(
        Words(MARGIN + KEY, baseline, name, fitted(name, TEXT, room), colours["ink"])
    )
    sign = "up" if amount > 0 else "down" if amount < 0 else "ink"
    picture.words.append(Words(right, baseline, shown, TEXT, colours[sign], bold=True, end=True))
    if key is not None:
        picture.stroke(
            MARGIN, MARGIN + KEY - 16, baseline - TEXT // 3, colours[key["colour"]], 8, key["dash"]
        )
    picture.stroke(MARGIN, right, picture.y - TEXT // 4, colours["line"], 2)


@bp.get("/t/<int:table_id>/settle-up/picture.svg")
def picture(table_id: int) -> ResponseReturnValue:
    """The picture of the settle-up page as the same link asks it (`mode`, `to`), in the
    palette asked for (`theme`, else this phone's); never kept by a cache or the offline
    copy, so a picture is never older than the night (a hand kept offline counts once sent)."""
    table = table_or_404(table_id)
    figures = settle_up_figures(table)
    if figures["refused"] is not None:
        return str(figures["refused"]), 400, {"Content-Type": "text/plain; charset=utf-8"}
    db = session()
    players = players_of(db, table)
    series = running_tally(db, table, MAX_POINTS)
    games = games_context(db, table, figures["rules"], players)
    chart = chart_context(figures["in_points"], series, games, players, game_of(table).rounds)
    drawing = draw(table, figures, chart, palette(drawn_in(request.args.get("theme"))))
    headers = {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Content-Disposition": f'inline; filename="{download_name(table, "svg")}"',
        **NO_STORE,
    }
    return render_template("settle_up_picture.svg", picture=drawing, width=WIDTH), 200, headers
