"""Share links: opening one, showing both as QR codes, and rotating them."""

import segno
from flask import Blueprint, abort, flash, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from referee.store import commands
from referee.store.models import GameTable
from referee.store.storage import session
from referee.web import access, rate_limits
from referee.web.origin import external_url
from referee.web.pages import render, table_or_404
from referee.web.transfer import NO_STORE

bp = Blueprint("links", __name__)


@bp.get("/join/<int:table_id>/<token>")
def join(table_id: int, token: str) -> ResponseReturnValue:
    """Open a share link: remember the table in this browser, then drop the token from the URL.
    The right link always opens (a guesser cannot shut the table out); a wrong one is counted,
    and answered 404, or 429 while someone keeps guessing."""
    found = access.find_by_token(session(), table_id, token[:100])
    if found is None:
        rate_limits.wrong_token(table_id)
        abort(404)
    table, role = found
    access.grant(table, role)
    return redirect(url_for("tables.table", table_id=table.id), 303)


def link(table: GameTable, role: str) -> str:
    """The share link of `role`, at the app's public address (`referee.origin`)."""
    return external_url("links.join", table_id=table.id, token=access.token_of(table, role))


def qr_svg(url: str) -> str:
    """A QR code of the link, drawn as SVG on the server (scan it from the next phone)."""
    return segno.make(url, error="m").svg_inline(scale=5, dark="#10231a", light="#f3f1e7")


@bp.get("/t/<int:table_id>/share")
def share(table_id: int) -> ResponseReturnValue:
    """Both links of the table, as text and as QR codes, for the scorekeeper to hand out."""
    table = table_or_404(table_id, write=True)
    links = [
        {
            "role": role,
            "url": link(table, role),
            "qr": qr_svg(link(table, role)),
        }
        for role in access.ROLES
    ]
    response = make_response(render("share.html", table=table, links=links))
    response.headers.update(NO_STORE)
    return response


@bp.post("/t/<int:table_id>/share/rotate")
def rotate(table_id: int) -> ResponseReturnValue:
    """A new link for a role: the old link and everyone it let in are shut out."""
    table = table_or_404(table_id, write=True)
    role = request.form.get("role", "")
    if role not in access.ROLES:
        abort(400)
    commands.rotate_link(session(), table, role)
    if role == access.SCOREKEEPER:
        access.grant(table, role)  # the phone that rotated keeps its place
    if role == access.SCOREKEEPER:
        flash(gettext("A new scorekeeper link is ready; the old one no longer opens this table."))
    else:
        flash(gettext("A new watch link is ready; the old one no longer opens this table."))
    return redirect(url_for("links.share", table_id=table.id), 303)
