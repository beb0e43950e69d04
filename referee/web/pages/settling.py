"""What settle-up shows, worked out in one place for its page and for its picture
(pages/night_picture.py), so the picture a phone shares to the group chat never says other
payments or balances than the page it was made from."""

from typing import Any

from flask import request
from flask_babel import gettext

from referee.games import scores_points
from referee.rules import Refusal
from referee.scoring.settle_up import MODES, transfers_for
from referee.store.models import GameTable
from referee.store.rules_versions import current_rules, game_of
from referee.store.seating import players_of
from referee.store.storage import session
from referee.store.tally import standings, tally


def settle_up_figures(table: GameTable) -> dict[str, Any]:
    """The way of settling up this request asks for (`mode`, and `to` for the banker), the
    night's balances and the payments that clear them; `refused` says why none are shown
    when the request names a way or a banker there is not."""
    db = session()
    _, rules = current_rules(db, table)
    rows = standings(players_of(db, table), tally(db, table))
    balances = {row["player"].name: row["amount"] for row in rows}
    mode = request.args.get("mode", MODES[0])
    banker = request.args.get("to", "")
    try:
        transfers, refused = transfers_for(balances, mode, banker), None
    except Refusal as refusal:  # a link to a way or a banker there is not: say so, offer them
        transfers, refused = [], refusal.words
        if refusal.field == "mode":  # the API names the modes; the page names its choices
            refused = gettext("That is not a way to settle up here: choose one of the ways above.")
    return {
        "rules": rules,
        "in_points": scores_points(game_of(table), rules),
        "tally": rows,
        "mode": mode,
        "banker": banker,
        "transfers": transfers,
        "refused": refused,
    }
