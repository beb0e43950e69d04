"""The card pickers: count a hand (by the table's game), rule on a Tonk spread or hit.

The cards are checkboxes, one tap each, so a card cannot be picked twice and picking
costs no trip to the server; htmx asks for the ruling after each tap. Counting can
start from a hand being entered ("Count Ben's cards"): the picker then carries what
was typed in the hand form and sends the total back into Ben's box. The counter asks the
table's game for its deck and its count; the spread page is each game's own (Tongits'
meld and sapaw are in referee.views.tongits_referee).
"""

import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from referee.games import TONGITS, TONK
from referee.rules import Refusal
from referee.rules.runs import card_of
from referee.rules.tonk.spreads import rule_on_hit, rule_on_spread
from referee.rules.tonk.wording import SENTENCES
from referee.store.models import GameTable, Player
from referee.store.rules_versions import current_rules, game_of
from referee.store.seating import players_of, seated
from referee.store.storage import session
from referee.web.pages import render, table_or_404, tongits_referee
from referee.web.pages.hands import counted
from referee.web.pages.htmx import htmx
from referee.web.pages.picker import deck, deck_words, picked

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
    _, rules = current_rules(session(), table)
    target = _counting_for(table, rules)
    cards, error = picked()
    total, words = None, None
    if cards and error is None:
        try:
            total, words = game.count_hand(cards, rules)
        except Refusal as refusal:
            error = refusal.words
    if target is not None and "use" in request.form and total is not None:
        return counted(table, *target, total)
    context = {
        "table": table,
        "rules": rules,
        "deck": deck(table, rules),
        "deck_words": deck_words(deck(table, rules)),
        # The rules that decide what to tap, in the sheet's words (none for Tonk).
        "sentences": [s for key, _, s in game.rule_sentences(rules) if key in game.count_rules],
        "picked": set(cards),
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
    page = CARD_PAGES.get(table.game)
    if page is None:
        abort(404)
    return page(table)


def tonk_spread(table: GameTable) -> ResponseReturnValue:
    """Is it a book or a run here, and may a card hit it?"""
    _, rules = current_rules(session(), table)
    cards, error = picked()
    hit_text = request.args.get("hit", "")[:8]
    ruling = None
    if error is None and cards:
        try:
            if hit_text:
                ruling = rule_on_hit(cards, card_of(hit_text), rules)
            else:
                ruling = rule_on_spread(cards, rules)
        except Refusal as refusal:
            error = refusal.words
    context: dict[str, Any] = {
        "table": table,
        "rules": rules,
        "deck": deck(table, rules),
        "picked": set(cards),
        "hit": hit_text,
        "ruling": ruling,
        "sentences": [SENTENCES[key](rules) for key in ("deck", "ace")],
        "error": error,
    }
    if htmx() and htmx().target == "spread-result":
        return render_template("partials/spread_result.html", **context)
    return render("spread.html", **context)


# Each game's page for cards laid down, by game name.
CARD_PAGES: dict[str, Callable[[GameTable], ResponseReturnValue]] = {
    TONK.name: tonk_spread,
    TONGITS.name: tongits_referee.meld,
}
