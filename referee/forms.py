"""The forms of the app: Flask-WTF (so CSRF is on every one), built from the rules' own shape.

The house-rules form is generated from the option declarations in
`referee.rules.house_rules`, and the hand form asks only what the table's rules
need for the chosen outcome; neither decides a rule: they only turn what was
typed into the JSON the engine takes. So no form carries WTForms validators: the
core refuses what cannot be, with the field to show it beside, and the boxes only
carry the declared limits as HTML attributes (maxlength, min, max, required).
"""

import re
import secrets
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
)

# WTForms 3.2 added SelectChoice; its typeshed stubs do not list it yet.
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]

from referee.models import Player
from referee.rules import HouseRules, Refusal, check_players
from referee.rules.game import DEFAULT_GAME, GAMES, table_games
from referee.rules.house_rules import (
    MAX_BANDS,
    MAX_DEALT_TOTAL,
    check_of,
    option_group,
    option_keys,
)
from referee.rules.limits import (
    DEFAULT_TABLE_NAME,
    MAX_ENTRY_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    TABLE_NAME_LENGTH,
)
from referee.rules.outcome import asks_last_draw, needs_spread_six
from referee.rules.waiting import drop_can_be_refused
from referee.rules.wording import option_label, value_in_words

NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
NOT_WHOLE = "type a whole number"


def _options(pairs: Sequence[tuple[str, str]]) -> list[SelectChoice]:
    """Choices for a radio group or a select: (value sent, words shown)."""
    return [SelectChoice(value, label) for value, label in pairs]


def _whole_field(
    label: str, *, required: bool, low: int | None = 0, high: int | None = 200
) -> IntegerField:
    bounds = {key: bound for key, bound in (("min", low), ("max", high)) if bound is not None}
    required_kw = {"required": True} if required else {}
    return IntegerField(label, render_kw={**NUMERIC, **bounds, **required_kw})


def _preset_words(name: str) -> str:
    """A preset's name as the start page shows it: "Black Company", "Three Hits", "1-3-5"."""
    return name.replace("-", " ").title() if not name[0].isdigit() else name


class StartTableForm(FlaskForm):
    """A new table: its name, its game, 2 to 6 players in seating order, a preset and the
    first dealer."""

    name = StringField(
        "Table name", render_kw={"maxlength": TABLE_NAME_LENGTH}, default=DEFAULT_TABLE_NAME
    )
    # Asked only when there is a choice (see asks_game); left out, the default game.
    game = RadioField("Game", default=DEFAULT_GAME)
    # Every game's presets, each named with its game; a preset of another game than the one
    # chosen starts that game's own default (see `preset_for`).
    preset = RadioField("Start from the rules of", default="classic")
    first_dealer = SelectField(
        "First dealer",
        choices=_options(
            [("cut", "Cut for the deal")]
            + [(str(i), f"Player {i + 1}") for i in range(MAX_PLAYERS)]
        ),
        default="cut",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The games a table can play when the page is asked for, in the registry's order
        # (Tonk first).
        self.games = [(name, name.title()) for name in table_games()]
        self.game.choices = _options(self.games)
        named = len(self.games) > 1
        self.preset.choices = _options(
            [
                (preset, _preset_words(preset) + (f" ({game.title()})" if named else ""))
                for game in table_games()
                for preset in GAMES[game].presets
            ]
        )

    def preset_for(self, game: str) -> str:
        """The preset chosen, or the game's own default when the one chosen is another
        game's (the page's default is Tonk's classic; a table choosing Tongits and no
        preset of it plays the tongits preset)."""
        chosen = self.preset.data or ""
        others = {name for other in GAMES.values() if other.name != game for name in other.presets}
        if game in GAMES and chosen in others:
            return GAMES[game].default_preset
        return chosen

    def asks_game(self) -> bool:
        """Whether the page asks which game: only when a table can play more than one."""
        return len(self.games) > 1


for _seat in range(MAX_PLAYERS):
    setattr(
        StartTableForm,
        f"player_{_seat}",
        StringField(
            f"Player {_seat + 1}",
            render_kw={"autocomplete": "off", "maxlength": MAX_NAME_LENGTH},
        ),
    )


def seating(form: StartTableForm) -> tuple[list[str], int | None]:
    """The names typed in seating order (empty boxes skipped) and the seat of the chosen
    first dealer, or None to cut for the deal. The dealer is chosen by box, so an empty
    box cannot deal."""
    boxes = [(form[f"player_{box}"].data or "").strip() for box in range(MAX_PLAYERS)]
    names = list(check_players([name for name in boxes if name]))
    choice = form.first_dealer.data
    if choice == "cut":
        return names, None
    box = int(choice) if choice in {str(b) for b in range(MAX_PLAYERS)} else None
    if box is None or not boxes[box]:
        number = f" {box + 1}" if box is not None else ""
        raise Refusal(
            f"first_dealer: there is no player{number}; choose a player whose name is filled "
            "in, or cut for the deal",
            field="first_dealer",
        )
    return names, names.index(boxes[box])


# The house-rules form


class RulesForm(FlaskForm):
    """Every option of the house rules; fields are added per option below."""

    preset = HiddenField()


def _rules_field(key: str) -> Field:
    check = check_of(key)
    label = option_label(key)
    if check.kind in ("choice", "flag"):
        choices = _options([(_token(v), value_in_words(key, v)) for v in check.choices])
        return RadioField(label, choices=choices)
    if check.kind == "whole":
        return _whole_field(label, required=not check.optional, low=check.low, high=check.high)
    if check.kind == "money":
        return StringField(label, render_kw={"inputmode": "decimal", "autocomplete": "off"})
    return StringField(label, render_kw={"maxlength": check.high or 40, "autocomplete": "off"})


def _token(value: Any) -> str:
    """How a choice travels in a form: true/false for flags, the value's text otherwise."""
    return str(value).lower() if isinstance(value, bool) else str(value)


for _key in option_keys():
    if check_of(_key).kind != "bands":
        setattr(RulesForm, _key, _rules_field(_key))
for _band in range(MAX_BANDS // 2):
    for _part, _label in (("min", "from"), ("max", "to"), ("pays", "pays")):
        setattr(
            RulesForm,
            f"band_{_band}_{_part}",
            _whole_field(_label, required=False, high=MAX_DEALT_TOTAL),
        )

BAND_ROWS = MAX_BANDS // 2


def rules_groups(form: RulesForm) -> list[tuple[str, list[tuple[Field, str | None]]]]:
    """The form's fields in the spec's groups and order, each with what it allows in words
    (radio buttons show their choices themselves)."""
    groups: dict[str, list[tuple[Field, str | None]]] = {}
    for key in option_keys():
        fields = groups.setdefault(option_group(key), [])
        if check_of(key).kind != "bands":
            fields.append((form[key], allowed_hint(key)))
    return list(groups.items())


def allowed_hint(key: str) -> str | None:
    """'1 to 10', '1 to 20, or empty: not played', for the boxes where a number is typed."""
    check = check_of(key)
    if check.kind == "whole":
        empty = f", or empty: {value_in_words(key, None).lower()}" if check.optional else ""
        return f"{check.low} to {check.high}{empty}"
    if check.kind == "money":
        return "more than 0, at most 2 decimals (0.25)"
    if check.kind == "text":
        return f"up to {check.high} characters"
    return None


def fill_rules_form(form: RulesForm, rules: HouseRules) -> None:
    """Show the table's current rules in the form."""
    for key in option_keys():
        value = getattr(rules, key)
        if check_of(key).kind == "bands":
            for row in range(BAND_ROWS):
                band = value[row] if row < len(value) else None
                for part in ("min", "max", "pays"):
                    form[f"band_{row}_{part}"].data = getattr(band, part) if band else None
        elif check_of(key).kind in ("choice", "flag"):
            form[key].data = _token(value)
        elif check_of(key).kind == "money":
            form[key].data = str(value.normalize()) if value == value.to_integral() else str(value)
        else:
            form[key].data = value


def rules_changes(form: RulesForm) -> tuple[dict[str, Any], dict[str, str]]:
    """The options as typed, in the types the rules take, and the boxes that are not numbers."""
    changes: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for key in option_keys():
        check = check_of(key)
        if check.kind == "bands":
            changes[key] = _bands_typed(form)
            continue
        field = form[key]
        if check.kind in ("choice", "flag"):
            by_token = {_token(v): v for v in check.choices}
            if field.data in by_token:
                changes[key] = by_token[field.data]
            else:
                errors[key] = f"{option_label(key)}: choose one"
        elif check.kind == "whole":
            if field.data is None and field.raw_data and field.raw_data[0]:
                errors[key] = f"{option_label(key)}: {NOT_WHOLE}"
            else:
                changes[key] = field.data
        elif check.kind == "money":
            try:
                changes[key] = Decimal((field.data or "").strip().replace(",", "."))
            except InvalidOperation:
                errors[key] = f"{option_label(key)}: type an amount such as 1 or 0.25"
        else:
            changes[key] = field.data or ""
    return changes, errors


def _bands_typed(form: RulesForm) -> list[dict[str, int | None]]:
    """Band rows with anything typed in them; wholly empty rows are not bands."""
    rows = []
    for row in range(BAND_ROWS):
        parts = {part: form[f"band_{row}_{part}"].data for part in ("min", "max", "pays")}
        if any(value is not None for value in parts.values()):
            rows.append(parts)
    return rows


# The hand form

PLAYER_QUESTION = {
    "tonk_out": "Who tonked out?",
    "double_double": "Who went out second?",
    "out": "Who went out?",
    "drop": "Who dropped?",
}


def player_choices(players: Sequence[Player]) -> list[SelectChoice]:
    """The players as a radio group or a select sends them: by id, shown by name."""
    return _options([(str(p.id), p.name) for p in players])


def hand_form_class(players: Sequence[Player], dealer: Player) -> type[FlaskForm]:
    """What every hand form of every game has: who dealt, the preview's fingerprint, the
    new hand's one-time key and the fixed hand's version; each game adds its questions."""
    dealt_by = str(dealer.id)

    class HandForm(FlaskForm):
        previewed = HiddenField()
        # A new hand's one-time key: the same form saved twice records one hand.
        entry_key = HiddenField(default=lambda: secrets.token_urlsafe(18))
        # An edit's version of the hand: saving over someone else's change is refused.
        version = HiddenField()
        dealer = SelectField("Dealer", choices=player_choices(players), default=dealt_by)

    return HandForm


def whole_field(label: str, *, required: bool, high: int) -> IntegerField:
    """A box for a whole number from 0 to `high`, with the numeric keypad on a phone."""
    return _whole_field(label, required=required, high=high)


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
            "Six cards laid as new spreads in the last turn?",
            choices=_options([("true", "Yes"), ("false", "No")]),
        )
    if asks_last_draw(kind, rules):
        HandForm.last_draw = RadioField(
            "Who drew the last stock card? (only needed on a tie)",
            choices=choices,
        )
    if kind == "drop" and drop_can_be_refused(rules):
        HandForm.override = BooleanField(
            "Record it anyway: the table lets this drop stand (the hand will say so)"
        )
    for player in players:
        setattr(HandForm, f"total_{player.id}", _whole_field(player.name, required=False))
    return HandForm()


def form_count(text: str | None, digits: int) -> int | None:
    """A count one of our forms sent back (a hand's version, how many marks a screen
    showed): ASCII digits only, at most `digits` of them, else None. str.isdigit alone
    lets '²' through, which int() then refuses."""
    text = text or ""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


ENTRY_KEY = re.compile(rf"[A-Za-z0-9_-]{{16,{MAX_ENTRY_KEY_LENGTH}}}")


def entry_key(form: FlaskForm) -> str | None:
    """The form's one-time key if it is one we could have made, else None (no dedup)."""
    key = form.entry_key.data or ""
    return key if ENTRY_KEY.fullmatch(key) else None


class VoidForm(FlaskForm):
    """Void a hand: the version shown, so a void never lands on a hand changed since."""

    version = HiddenField()


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


def not_numbers(form: FlaskForm, players: Sequence[Player]) -> dict[str, str]:
    """The number boxes of a hand form (totals, Tongits' bonus counters: each named
    `..._<player id>`) holding something that is not a whole number, by field name."""
    owner = {str(p.id): p.name for p in players}
    return {
        field.name: f"{owner.get(field.name.rpartition('_')[2], field.label.text)}: {NOT_WHOLE}"
        for field in form
        if isinstance(field, IntegerField)
        and field.raw_data
        and field.raw_data[0].strip()
        and field.data is None
    }
