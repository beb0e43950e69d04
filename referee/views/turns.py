"""The scorekeeper's marks during a hand: next turn, X laid a spread, X's spread was hit."""

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from referee import ledger, turns
from referee.rules.waiting import HIT, SPREAD, TURN
from referee.storage import session
from referee.views import table_or_404
from referee.views.tables import table_context

bp = Blueprint("turns", __name__, url_prefix="/t/<int:table_id>/turns")


def _seen() -> int:
    """How many marks the tapped screen showed (never a match when garbled)."""
    value = request.form.get("seen", "")
    return int(value) if value.isdigit() and len(value) < 6 else -1


@bp.post("/")
def mark(table_id: int) -> ResponseReturnValue:
    """Store one mark, or take the latest back; then show the deal with everyone's waits.
    A tap from a screen that missed a mark changes nothing and shows the hand as it is."""
    table = table_or_404(table_id, write=True)
    db = session()
    what, _, player_id = request.form.get("mark", "").partition("-")
    if what == "undo":
        turns.undo_mark(db, table, seen=_seen())
    elif what == TURN:
        turns.add_mark(db, table, TURN, None, seen=_seen())
    elif what in (SPREAD, HIT):
        players = ledger.seated(ledger.players_of(db, table))
        player = next((p for p in players if str(p.id) == player_id), None)
        if player is None:
            abort(400)
        turns.add_mark(db, table, what, player, seen=_seen())
    else:
        abort(400)
    if request.htmx:
        return render_template("partials/deal.html", **table_context(table))
    return redirect(url_for("tables.table", table_id=table.id), 303)
