"""The pages: thin doors that load a table, call the commands or the readers, and render."""

from typing import Any

from flask import g, render_template
from flask.typing import ResponseReturnValue

from referee.store.models import GameTable
from referee.store.seating import load_table, next_deal, players_of
from referee.store.storage import session
from referee.web import access
from referee.web.pages.htmx import htmx


def table_or_404(table_id: int, *, write: bool = False) -> GameTable:
    """The one loader of a table for every page: 404 unless this browser opened one of its
    links, 403 when a watcher tries a page that changes something."""
    table = load_table(session(), table_id)
    g.role = access.role_in_session(table) if table is not None else None
    return access.require(table, g.role, write=write)


def can_write() -> bool:
    """Whether this browser holds the scorekeeper link of the table it opened."""
    role: str | None = g.get("role")
    return role == access.SCOREKEEPER


def render(template: str, partial: str | None = None, **context: Any) -> ResponseReturnValue:
    """The whole page, or only the partial that htmx swaps (never on a history restore)."""
    wants_partial = partial is not None and bool(htmx()) and not htmx().history_restore_request
    chosen = partial if partial is not None and wants_partial else template
    context.setdefault("can_write", can_write())
    table = context.get("table")
    if table is not None and "deal" not in context and not wants_partial:
        # Whose deal it is shows on every table page (the table page has its own card).
        players = players_of(session(), table)
        context["header_deal"] = next_deal(session(), table, players)
    response = render_template(chosen, **context)
    return response, 200, {"Vary": "HX-Request"}
