"""The pages: thin doors that load a table, call the ledger and render a template."""

from flask import abort, render_template, request
from flask.typing import ResponseReturnValue

from referee.ledger import load_table
from referee.models import GameTable
from referee.storage import session


def table_or_404(table_id: int) -> GameTable:
    """The one loader of a table for every page: a table that does not exist is a 404."""
    table = load_table(session(), table_id)
    if table is None:
        abort(404)
    return table


def render(template: str, partial: str | None = None, **context) -> ResponseReturnValue:
    """The whole page, or only the partial that htmx swaps (never on a history restore)."""
    wants_partial = (
        partial is not None and request.htmx and not request.htmx.history_restore_request
    )
    response = render_template(partial if wants_partial else template, **context)
    return response, 200, {"Vary": "HX-Request"}
