"""The end of a hand of Tonk as a form: one screen per outcome, asking only what the house
rules need (who went out or dropped, the totals, who drew last, six cards spread).

Like every hand form it decides no rule: it turns what was tapped and typed into the
outcome JSON the engine takes, and the core refuses what cannot be, on the field to show
it beside.
"""

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField

from referee.rules.tonk import HouseRules
from referee.rules.tonk.outcome import asks_last_draw, most_points, needs_spread_six
from referee.rules.tonk.waiting import drop_can_be_refused
from referee.store.models import Player
from referee.store.turns import Turn
from referee.web.forms import hand_form_class, player_box, player_choices, select_choices
from referee.web.lazy_words import lazy_gettext

PLAYER_QUESTION = {
    "tonk_out": lazy_gettext("Who tonked out?"),
    "double_double": lazy_gettext("Who went out second?"),
    "out": lazy_gettext("Who went out?"),
    "drop": lazy_gettext("Who dropped?"),
}


def hand_form(
    kind: str,
    rules: HouseRules,
    players: Sequence[Player],
    dealer: Player,
) -> FlaskForm:
    """A form asking only what this outcome needs under these rules."""
    HandForm = hand_form_class(players, dealer)
    choices = player_choices(players)
    if kind in PLAYER_QUESTION:
        HandForm.player = RadioField(PLAYER_QUESTION[kind], choices=choices)
    if kind == "tonk_out" and needs_spread_six(rules):
        HandForm.spread_six = RadioField(
            gettext("Six cards laid as new spreads in the last turn?"),
            choices=select_choices([("true", gettext("Yes")), ("false", gettext("No"))]),
        )
    if asks_last_draw(kind, rules):
        HandForm.last_draw = RadioField(
            gettext("Who drew the last stock card? (only needed on a tie)"),
            choices=choices,
        )
    if kind == "drop" and drop_can_be_refused(rules):
        HandForm.override = BooleanField(
            gettext("Record it anyway: the table lets this drop stand (the hand will say so)")
        )
    most = most_points(kind, rules)
    for player in players:
        setattr(HandForm, f"total_{player.id}", player_box(player, players, high=most))
    return HandForm()


def presume(form: FlaskForm, kind: str, turn: Turn) -> str | None:
    """Choose for the table who most likely ended the hand, and say so beside the choice.

    A drop comes on the dropper's own turn, so it is the player whose turn the marks say it
    is, else the one who plays first (a hand is often dropped on its first turn). Going out
    also comes on one's own turn, but only the marks say whose that is: who plays first is
    no guess at who went out, so nothing is chosen then. The choice is made on the form as
    first drawn only, never over an answer sent; its words show while it stands.
    """
    if "player" not in form or kind not in ("drop", "out", "tonk_out"):
        return None
    if kind != "drop" and not turn.marked:
        return None
    chosen = str(turn.player.id)
    if not form.is_submitted():
        form.player.data = chosen
    if form.player.data != chosen:
        return None
    name = turn.player.name
    if kind == "drop" and not turn.marked:
        return gettext(
            "%(name)s plays first: chosen as the dropper. Tap another if someone else dropped.",
            name=name,
        )
    if kind == "drop":
        return gettext(
            "It is %(name)s's turn: chosen as the dropper. Tap another if someone else dropped.",
            name=name,
        )
    return gettext(
        "It is %(name)s's turn: chosen as the winner. Tap another if someone else went out.",
        name=name,
    )


def hand_outcome(kind: str, form: FlaskForm, players: Sequence[Player]) -> dict[str, Any]:
    """The outcome as the engine takes it, from what was typed (blank totals left out)."""
    names = {str(p.id): p.name for p in players}
    outcome: dict[str, Any] = {"kind": kind}
    if "player" in form and form.player.data in names:
        outcome["player"] = names[form.player.data]
    if "spread_six" in form and form.spread_six.data in ("true", "false"):
        outcome["spread_six"] = form.spread_six.data == "true"
    if "last_draw" in form and form.last_draw.data in names:
        outcome["last_draw"] = names[form.last_draw.data]
    totals = {}
    for player in players:
        value = form[f"total_{player.id}"].data
        if value is not None:
            totals[player.name] = value
    if totals:
        outcome["totals"] = totals
    return outcome


def fill(form: FlaskForm, outcome: dict[str, Any], players: Sequence[Player]) -> None:
    """Put a stored outcome back in the form, so an edit starts from what was entered."""
    ids = {p.name: str(p.id) for p in players}
    if "player" in form and outcome.get("player") in ids:
        form.player.data = ids[outcome["player"]]
    if "spread_six" in form and "spread_six" in outcome:
        form.spread_six.data = "true" if outcome["spread_six"] else "false"
    if "last_draw" in form and outcome.get("last_draw") in ids:
        form.last_draw.data = ids[outcome["last_draw"]]
    for name, total in outcome.get("totals", {}).items():
        form[f"total_{ids[name]}"].data = total
