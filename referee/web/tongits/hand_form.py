"""The end of a game of Tongits as a form: one screen per ending, asking only what the
house rules need (tongits.md 2.1 to 2.6).

Like Tonk's hand form (referee.web.forms), it decides no rule: it asks what the core says an
ending of that kind is asked (`facts_asked`), turns what was tapped and typed into the
outcome JSON the engine takes, and the core refuses what cannot be, on the field to show
it beside. The bonus counters are shown only for the bonuses this house pays.
"""

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from flask_babel import gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField

from referee.rules.limits import ACES_IN_A_DECK, KINGS_IN_A_DECK, MAX_CARD_POINTS
from referee.rules.limits import FOUR_CARD_MELDS_A_PLAYER as FOUR_MELDS
from referee.rules.tongits import TongitsRules
from referee.rules.tongits.outcome import facts_asked
from referee.store.models import Player
from referee.web.forms import hand_form_class, player_box, player_choices
from referee.web.lazy_words import lazy_gettext

# The endings with one player to name: who went tong-its, showed the bisaklat, called the
# draw (a stock-out's winner is the lowest count). The form's template asks it in its
# words (tongits/asks.html), where the ending's own word opens its meaning.
NAMED_WINNER = frozenset({"tongits", "bisaklat", "draw"})


class Bonus(NamedTuple):
    """A bonus counter: its key in the outcome's `bonuses`, the option that pays it, its
    words, the most of it a player can hold under the rules, and the Tongits word whose
    meaning its words open on the form (wording.TERMS; None: a plain word, "aces")."""

    key: str
    option: str
    words: str
    most: Callable[[TongitsRules], int]
    term: str | None = None


# Every count the engine pays on (2.6, 6.2 step 6), each asked only where its option pays.
# The jokers are asked in Joker mode alone (a joker bonus needs the jokers, 6.1), at most
# the jokers the house plays.
BONUSES = (
    Bonus("secret", "secret_bonus", lazy_gettext("Secrets"), lambda _: FOUR_MELDS, "Secret"),
    Bonus(
        "escalera", "escalera_bonus", lazy_gettext("Escaleras"), lambda _: FOUR_MELDS, "Escalera"
    ),
    Bonus("aces", "ace_bonus", lazy_gettext("aces"), lambda _: ACES_IN_A_DECK),
    Bonus("kings", "king_bonus", lazy_gettext("kings"), lambda _: KINGS_IN_A_DECK),
    Bonus("jokers", "joker_bonus", lazy_gettext("jokers"), lambda rules: rules.jokers),
)


def bonuses_paid(rules: TongitsRules) -> list[Bonus]:
    """The bonuses this house pays."""
    return [b for b in BONUSES if getattr(rules, b.option)]


def tongits_form(
    kind: str, rules: TongitsRules, players: Sequence[Player], dealer: Player
) -> FlaskForm:
    """The form of one ending under these rules."""
    HandForm = hand_form_class(players, dealer)
    choices = player_choices(players)
    most = MAX_CARD_POINTS * (rules.most_cards + 1)
    asked = facts_asked(kind, rules)
    if kind in NAMED_WINNER:
        HandForm.winner = RadioField(choices=choices)
    if "sapaw_on_caller" in asked:
        HandForm.sapaw_on_caller = BooleanField(
            gettext("Someone laid off (sapaw) on the caller's melds since the caller's last turn")
        )
    if "last_card" in asked:
        HandForm.last_card = RadioField(choices=choices)  # asked by the template, as `winner`
    for player in players:
        if "fought" in asked:
            setattr(
                HandForm,
                f"fought_{player.id}",
                BooleanField(gettext("%(name)s fought", name=player.name)),
            )
        if "burned" in asked:
            setattr(
                HandForm,
                f"burned_{player.id}",
                BooleanField(gettext("%(name)s is burned", name=player.name)),
            )
        if "totals" in asked:
            box = player_box(player, players, high=most)
            setattr(HandForm, f"total_{player.id}", box)
        for bonus in bonuses_paid(rules):
            box = player_box(player, players, high=bonus.most(rules))
            setattr(HandForm, f"{bonus.key}_{player.id}", box)
    return HandForm()


def tongits_outcome(kind: str, form: FlaskForm, players: Sequence[Player]) -> dict[str, Any]:
    """The ending as the engine takes it, from what was tapped and typed: a winner by kind
    (player, or caller for a draw), who fought, who is burned, the totals typed, who took
    the last card, and each bonus counted above 0."""
    names = {str(p.id): p.name for p in players}
    outcome: dict[str, Any] = {"kind": kind}
    if "winner" in form and form.winner.data in names:
        outcome["caller" if kind == "draw" else "player"] = names[form.winner.data]
    if "sapaw_on_caller" in form and form.sapaw_on_caller.data:
        outcome["sapaw_on_caller"] = True
    if "last_card" in form and form.last_card.data in names:
        outcome["last_card"] = names[form.last_card.data]
    for key in ("fought", "burned"):
        ticked = [p.name for p in players if _ticked(form, f"{key}_{p.id}")]
        if ticked:
            outcome[key] = ticked
    totals = {p.name: _number(form, f"total_{p.id}") for p in players}
    if any(value is not None for value in totals.values()):
        outcome["totals"] = {name: value for name, value in totals.items() if value is not None}
    held = {p.name: _held(form, p) for p in players}
    if any(held.values()):
        outcome["bonuses"] = {name: counts for name, counts in held.items() if counts}
    return outcome


def _ticked(form: FlaskForm, name: str) -> bool:
    return name in form and bool(form[name].data)


def _number(form: FlaskForm, name: str) -> int | None:
    return form[name].data if name in form else None


def _held(form: FlaskForm, player: Player) -> dict[str, int]:
    """A player's bonus counts above 0."""
    counts = {b.key: _number(form, f"{b.key}_{player.id}") for b in BONUSES}
    return {key: n for key, n in counts.items() if n}


def fill_tongits(form: FlaskForm, outcome: dict[str, Any], players: Sequence[Player]) -> None:
    """Put a stored ending back in the form, so a fix starts from what was entered."""
    ids = {p.name: str(p.id) for p in players}
    winner = outcome.get("caller", outcome.get("player"))
    if "winner" in form and winner in ids:
        form.winner.data = ids[winner]
    if "last_card" in form and outcome.get("last_card") in ids:
        form.last_card.data = ids[outcome["last_card"]]
    if "sapaw_on_caller" in form:
        form.sapaw_on_caller.data = bool(outcome.get("sapaw_on_caller"))
    for key in ("fought", "burned"):
        for name in outcome.get(key, []):
            if f"{key}_{ids[name]}" in form:
                form[f"{key}_{ids[name]}"].data = True
    for name, total in outcome.get("totals", {}).items():
        if f"total_{ids[name]}" in form:
            form[f"total_{ids[name]}"].data = total
    for name, counts in outcome.get("bonuses", {}).items():
        for key, count in counts.items():
            if f"{key}_{ids[name]}" in form:
                form[f"{key}_{ids[name]}"].data = count
