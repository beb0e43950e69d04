"""The Tongits referee's own parts of the referee pages: is it a meld, may a card be laid
off on it (sapaw) (the spread page of a Tongits table), and may a player call a draw,
fight one, or are they burned (asked on the ask page, below the section 5 answers).

The pages' doors stay the same for every game (referee.web.pages.counting, .tables); they
reach this module through the pages of a Tongits table (referee.web.tongits.PAGES). The
rulings are the core's (referee.rules.tongits.rulings): a page only reads what was tapped
and shows the ruling with the house rule it cites, linked to that rule on the rules sheet.
"""

from typing import Any

from flask import render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from referee.games import TONGITS
from referee.rules import Refusal
from referee.rules.runs import card_of
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.rulings import (
    Ruling,
    is_burned,
    may_call_draw,
    may_fight,
    rule_on_meld,
    rule_on_sapaw,
)
from referee.store.models import GameTable, Player
from referee.store.rules_versions import current_rules
from referee.store.seating import players_of, seated
from referee.store.storage import session
from referee.web.language import refusal_words
from referee.web.lazy_words import lazy_gettext
from referee.web.pages import render
from referee.web.pages.htmx import htmx
from referee.web.pages.picker import deck, picked, ticked
from referee.web.tongits.call_form import CALL_QUESTIONS, CallForm

# The facts each question may need, as the page asks for a missing one: "%(player)s" is
# the player, or "this player" when none is chosen.
FACT_QUESTIONS = {
    "exposed_meld": lazy_gettext("Choose yes or no: does %(player)s have an exposed meld?"),
    "secret": lazy_gettext("Choose yes or no: does %(player)s hold a Secret in hand?"),
    "sapaw": lazy_gettext(
        "Choose yes or no: has an opponent laid off (sapaw) on a meld of %(player)s since "
        "their last turn?"
    ),
    "caller": lazy_gettext("Choose yes or no: did %(player)s call this draw?"),
}
# The options whose sentences a page shows beside its cards: they decide the ruling.
MELD_RULES = ("ace_low_only", "jokers")


def cited(table: GameTable, ruling: Ruling) -> list[tuple[str, str]]:
    """(rule name, link to it on the rules sheet) for each house rule a ruling cites."""
    sheet = url_for("tables.rules_sheet", table_id=table.id)
    return [(TONGITS.options.label(key), f"{sheet}#rule-{key}") for key in ruling.options]


def _sentences(rules: TongitsRules, keys: tuple[str, ...]) -> list[str]:
    """The rules sheet's sentences of some options, in the sheet's order."""
    return [sentence for key, _, sentence in TONGITS.rule_sentences(rules) if key in keys]


def meld(table: GameTable) -> ResponseReturnValue:
    """Is it a meld (bahay), and may this card be laid off (sapaw) on it?"""
    _, rules = current_rules(session(), table)
    cards, error = picked()
    errors = {"cards": error} if error else {}
    sapaw = request.args.get("sapaw", "")[:8]
    own = request.args.get("whose") == "own"
    ruling = None
    if not errors and cards:
        try:
            if sapaw:
                ruling = rule_on_sapaw(cards, card_of(sapaw, "card"), rules, own_meld=own)
            else:
                ruling = rule_on_meld(cards, rules)
        except Refusal as refusal:
            errors["sapaw" if refusal.field == "card" else "cards"] = refusal_words(refusal)
    cards_of_deck = deck(table, rules)
    context: dict[str, Any] = {
        "table": table,
        "deck": cards_of_deck,
        "picked": ticked(cards_of_deck, cards),
        # One choice per card to lay off: the two jokers are one choice, "Joker".
        "sapaw_cards": list(dict.fromkeys(cards_of_deck)),
        "jokers": rules.jokers,
        "sapaw": sapaw,
        "own": own,
        "ruling": ruling,
        "cited": cited(table, ruling) if ruling else [],
        "sentences": _sentences(rules, MELD_RULES),
        "errors": errors,
    }
    if htmx() and htmx().target == "meld-result":
        return render_template("tongits/meld_result.html", **context)
    return render("tongits/meld.html", **context)


def calls(table: GameTable, rules: TongitsRules) -> dict[str, Any]:
    """What the ask page adds at a Tongits table: may a player call a draw now, may they
    fight one, are they burned, each answered from the facts tapped as yes or no, with the
    reason and the rule it cites; the form again with each missing answer marked."""
    players = seated(players_of(session(), table))
    form = CallForm(players, request.args)
    errors: dict[str, str] = {}
    asked, ruling = None, None
    if "ask" in request.args:
        player = next((p for p in players if str(p.id) == form.player.data), None)
        facts, errors = _facts(form, player, players)
        if not errors and player is not None:
            asked = str(CALL_QUESTIONS[form.question.data]) % {"player": player.name}
            try:
                ruling = _rule(form.question.data, facts, rules)
            except Refusal as refusal:
                # The one fact the core can refuse: a caller with no exposed meld.
                field = "caller" if refusal.field == "is_caller" else "question"
                errors[field] = gettext(
                    "%(player)s: %(refusal)s",
                    player=player.name,
                    refusal=refusal_words(refusal),
                )
                asked = None
    return {
        "player_questions": "tongits/calls.html",
        "call_form": form,
        "call_errors": errors,
        "asked": asked,
        "ruling": ruling,
        "cited": cited(table, ruling) if ruling else [],
    }


def _facts(
    form: CallForm, player: Player | None, players: list[Player]
) -> tuple[dict[str, bool], dict[str, str]]:
    """The yes/no facts the chosen question needs, and a message beside each box that
    needs an answer (naming the player), or who is asking and the question when not chosen."""
    errors: dict[str, str] = {}
    if player is None:
        names = [p.name for p in players]
        errors["player"] = gettext(
            "Choose who is asking: %(names)s or %(last)s.",
            names=", ".join(names[:-1]),
            last=names[-1],
        )
    question = form.question.data
    if question not in CALL_QUESTIONS:
        errors["question"] = gettext("Choose a question: calling a draw, fighting one, or burned.")
        question = None
    facts = {
        key: form[key].data == "yes" for key in FACT_QUESTIONS if form[key].data in ("yes", "no")
    }
    needed = ["exposed_meld"]
    if facts.get("exposed_meld") is False:
        needed.append("secret")
    if question == "call" and facts.get("exposed_meld"):
        needed.append("sapaw")
    if question == "fight":
        needed.append("caller")
    who = player.name if player else gettext("this player")
    for key in needed:
        if key not in facts:
            errors[key] = str(FACT_QUESTIONS[key]) % {"player": who}
    return facts, errors


def _rule(question: str, facts: dict[str, bool], rules: TongitsRules) -> Ruling:
    """The core's ruling on one question. A player with no exposed meld is concealed when
    they hold a Secret, burned when not (tongits.md, words), so the page asks no more."""
    exposed, secret = facts["exposed_meld"], facts.get("secret", False)
    concealed, burned = not exposed and secret, not exposed and not secret
    if question == "call":
        return may_call_draw(exposed, facts.get("sapaw", False), concealed, burned, rules)
    if question == "fight":
        return may_fight(exposed, concealed, burned, facts["caller"], rules)
    return is_burned(exposed, secret)
