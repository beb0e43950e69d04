"""Tonk's page for cards laid down: is it a book or a run, and may a card hit it (the spread
page of a Tonk table). The rulings are the core's (referee.rules.tonk.spreads)."""

from typing import Any

from flask import render_template, request
from flask.typing import ResponseReturnValue

from referee.rules import Refusal
from referee.rules.runs import card_of
from referee.rules.tonk.spreads import rule_on_hit, rule_on_spread
from referee.rules.tonk.wording import SENTENCES
from referee.store.models import GameTable
from referee.store.rules_versions import current_rules
from referee.store.storage import session
from referee.web.language import refusal_words
from referee.web.pages import render
from referee.web.pages.htmx import htmx
from referee.web.pages.picker import deck, picked, ticked


def spread(table: GameTable) -> ResponseReturnValue:
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
            error = refusal_words(refusal)
    cards_of_deck = deck(table, rules)
    context: dict[str, Any] = {
        "table": table,
        "rules": rules,
        "deck": cards_of_deck,
        "picked": ticked(cards_of_deck, cards),
        "hit": hit_text,
        "ruling": ruling,
        "sentences": [SENTENCES[key](rules) for key in ("deck", "ace")],
        "error": error,
    }
    if htmx() and htmx().target == "spread-result":
        return render_template("tonk/spread_result.html", **context)
    return render("tonk/spread.html", **context)
