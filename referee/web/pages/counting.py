"""The card pickers: count a hand (by the table's game), rule on cards laid down.

The cards are checkboxes, one tap each, so a card cannot be picked twice and picking
costs no trip to the server; htmx asks for the ruling after each tap. Counting can
start from a hand being entered ("Count Ben's cards"): the picker then carries what
was typed in the hand form and sends the total back into Ben's box. The counter asks the
table's game for its deck and its count; the spread page is each game's own (its
`GamePages.cards_page`: a Tonk spread or hit, a Tongits meld or sapaw).
"""

import re
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from referee.games import CountsCards
from referee.rules import Refusal
from referee.store.models import GameTable, Player
from referee.store.rules_versions import current_rules, game_of
from referee.store.seating import players_of, seated
from referee.store.storage import session
from referee.web.language import refusal_words
from referee.web.pages import render, table_or_404
from referee.web.pages.game_pages import pages_of
from referee.web.pages.hands import counted
from referee.web.pages.htmx import htmx
from referee.web.pages.picker import deck, deck_words, picked, ticked

bp = Blueprint("counting", __name__, url_prefix="/t/<int:table_id>")

# What a hand form (Tonk's or Tongits') carries through the picker, and back: never its
# preview or Save.
CARRIED = re.compile(
    r"(total|fought|burned|secret|escalera|aces)_\d{1,9}"
    r"|player|winner|dealer|spread_six|last_draw|last_card|sapaw_on_caller|entry_key|inline|override"
)
MAX_CARRIED = 40
MAX_VALUE = 64


def _counting_for(table: GameTable, rules: Any) -> tuple[str, Player] | None:
    """(kind, player) when the picker was opened from a hand form's total box."""
    game = game_of(table)
    kind = request.args.get("kind", "")
    if request.method != "POST" or kind not in game.playable_kinds(rules):
        return None
    if not game.asks_totals(kind, rules):
        return None
    players = seated(players_of(session(), table))
    player = next((p for p in players if str(p.id) == request.form.get("for")), None)
    return (kind, player) if player is not None else None


@bp.route("/count", methods=["GET", "POST"])
def count(table_id: int) -> ResponseReturnValue:
    """Count a hand by the table's game and deck; from a hand form, send the total back."""
    table = table_or_404(table_id, write=request.method == "POST")
    game = game_of(table)
    if not isinstance(game, CountsCards):
        abort(404)
    _, rules = current_rules(session(), table)
    target = _counting_for(table, rules)
    cards, error = picked()
    total, words = None, None
    if cards and error is None:
        try:
            total, words = game.count_hand(cards, rules)
        except Refusal as refusal:
            error = refusal_words(refusal)
    if target is not None and "use" in request.form and total is not None:
        return counted(table, *target, total)
    cards_of_deck = deck(table, rules)
    context = {
        "table": table,
        "rules": rules,
        "deck": cards_of_deck,
        "deck_words": deck_words(cards_of_deck),
        # The rules that decide what to tap, in the sheet's words (none for Tonk).
        "sentences": [s for key, _, s in game.rule_sentences(rules) if key in game.count_rules],
        "picked": ticked(cards_of_deck, cards),
        "words": words,
        "total": total,
        "error": error,
        "target": target[1] if target else None,
        "action": url_for("counting.count", table_id=table.id, kind=target[0])
        if target
        else url_for("counting.count", table_id=table.id),
        "carried": _carried() if target else [],
    }
    if htmx() and htmx().target == "count-result":
        return render_template("partials/count_result.html", **context)
    return render("count.html", "partials/count.html", **context)


def _carried() -> list[tuple[str, str]]:
    """The hand form's boxes, bounded, to hand back after counting."""
    kept = [
        (key, value[:MAX_VALUE])
        for key, value in request.form.items(multi=True)
        if CARRIED.fullmatch(key)
    ]
    return kept[:MAX_CARRIED]


@bp.get("/spread")
def spread(table_id: int) -> ResponseReturnValue:
    """Rule on cards laid down, by the table's game: a Tonk spread or hit, a Tongits meld
    or sapaw. A game with no such page answers 404."""
    table = table_or_404(table_id)
    page = pages_of(table).cards_page
    if page is None:
        abort(404)
    return page(table)
