"""The card pickers: count a hand, rule on a spread or a hit.

The cards are checkboxes, one tap each, so a card cannot be picked twice and picking
costs no trip to the server; htmx asks for the ruling after each tap. Counting can
start from a hand being entered ("Count Ben's cards"): the picker then carries what
was typed in the hand form and sends the total back into Ben's box.
"""

import re
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue

from referee.models import GameTable, Player
from referee.rules import HouseRules, Refusal
from referee.rules.cards import ranks
from referee.rules.deal import SUITS, Card
from referee.rules.outcome import asks_totals, playable_kinds
from referee.rules.spreads import card_of, count_hand, rule_on_hit, rule_on_spread
from referee.rules.wording import SENTENCES
from referee.rules_versions import current_rules
from referee.seating import players_of, seated
from referee.storage import session
from referee.views import render, table_or_404
from referee.views.hands import counted
from referee.views.htmx import htmx

bp = Blueprint("counting", __name__, url_prefix="/t/<int:table_id>")

MAX_PICKED = 20  # more than any hand holds; the rules refuse past a hand, this bounds input
# What the hand form carries through the picker, and back: never its preview or Save.
CARRIED = re.compile(r"total_\d{1,9}|player|dealer|spread_six|last_draw|entry_key|inline|override")
MAX_CARRIED = 20
MAX_VALUE = 64


def _picked() -> tuple[list[Card], str | None]:
    """The cards ticked, or none and why they cannot be read."""
    sent = request.form if request.method == "POST" else request.args
    values = sent.getlist("card")[:MAX_PICKED]
    try:
        return [card_of(value) for value in values], None
    except Refusal as refusal:
        return [], refusal.words


def _deck(rules: HouseRules) -> list[Card]:
    """The house deck in the picker's order: rank by rank, the four suits side by side."""
    return [Card(rank, suit) for rank in ranks(rules.deck) for suit in SUITS]


def _counting_for(table: GameTable, rules: HouseRules) -> tuple[str, Player] | None:
    """(kind, player) when the picker was opened from a hand form's total box."""
    kind = request.args.get("kind", "")
    if request.method != "POST" or kind not in playable_kinds(rules):
        return None
    if not asks_totals(kind, rules):
        return None
    players = seated(players_of(session(), table))
    player = next((p for p in players if str(p.id) == request.form.get("for")), None)
    return (kind, player) if player is not None else None


@bp.route("/count", methods=["GET", "POST"])
def count(table_id: int) -> ResponseReturnValue:
    """Count a hand by the house deck; from a hand form, send the total back to it."""
    table = table_or_404(table_id, write=request.method == "POST")
    _, rules = current_rules(session(), table)
    target = _counting_for(table, rules)
    cards, error = _picked()
    total, words = None, None
    if cards and error is None:
        try:
            total, words = count_hand(cards, rules)
        except Refusal as refusal:
            error = refusal.words
    if target is not None and "use" in request.form and total is not None:
        return counted(table, *target, total)
    context = {
        "table": table,
        "rules": rules,
        "deck": _deck(rules),
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
    """Is it a book or a run here, and may a card hit it?"""
    table = table_or_404(table_id)
    _, rules = current_rules(session(), table)
    cards, error = _picked()
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
        "deck": _deck(rules),
        "picked": set(cards),
        "hit": hit_text,
        "ruling": ruling,
        "sentences": [SENTENCES[key](rules) for key in ("deck", "ace")],
        "error": error,
    }
    if htmx() and htmx().target == "spread-result":
        return render_template("partials/spread_result.html", **context)
    return render("spread.html", **context)
