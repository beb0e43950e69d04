"""The scorekeeper's marks during a hand: next turn, X plays now, X laid a spread, X's spread
was hit."""

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from referee.games import Turns
from referee.rules.tonk.waiting import HIT, PLAYS, SPREAD, TURN
from referee.store import commands, turns
from referee.store.models import GameTable
from referee.store.rules_versions import game_of
from referee.store.seating import players_of
from referee.store.storage import session
from referee.web.forms import form_count
from referee.web.language import words
from referee.web.lazy_words import lazy_gettext
from referee.web.pages import table_or_404
from referee.web.pages.htmx import htmx
from referee.web.pages.tables import table_context

bp = Blueprint("turns", __name__, url_prefix="/t/<int:table_id>/turns")

BEHIND = lazy_gettext(
    "That tap was not counted: this screen was behind (another phone marked, or the tap "
    "arrived twice). This is the hand as it is now."
)
FULL = lazy_gettext(
    "This hand has %(most)s marks, the most one hand keeps: save the hand.",
    most=turns.MAX_MARKS,
)


def _seen() -> int:
    """How many marks the tapped screen showed (never a match when garbled)."""
    seen = form_count(request.form.get("seen"), 5)
    return -1 if seen is None else seen


def _apply(table: GameTable) -> str | None:
    """Store the tapped mark, or take the latest back; what to tell the scorekeeper when
    nothing changed."""
    db, seen = session(), _seen()
    what, _, player_id = request.form.get("mark", "").partition("-")
    if what == "undo":
        return None if commands.undo_mark(db, table, seen=seen) else BEHIND
    if what == TURN and not player_id:
        player = None
    elif what in (PLAYS, SPREAD, HIT):
        player = next((p for p in players_of(db, table) if str(p.id) == player_id), None)
        if player is None:
            abort(400)
        if not player.seated:
            return gettext("%(name)s has left the table: nothing was marked.", name=player.name)
    else:
        abort(400)
    if seen >= turns.MAX_MARKS:
        return FULL
    return None if commands.mark_turn(db, table, what, player, seen=seen) else BEHIND


@bp.post("/")
def mark(table_id: int) -> ResponseReturnValue:
    """One tap on the turn panel; then the deal with everyone's waits, as it is now. A
    table of a game without turns has no turn panel (404)."""
    table = table_or_404(table_id, write=True)
    if not isinstance(game_of(table), Turns):
        abort(404)
    notice = _apply(table)
    if htmx():
        return render_template("partials/deal.html", notice=notice, **table_context(table))
    if notice:
        flash(words(notice))
    return redirect(url_for("tables.table", table_id=table.id), 303)
