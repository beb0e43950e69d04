"""The values a document holds, each a pydantic type with its JSON schema.

Limits come from `referee.rules.limits`; what the core already checks (a player's name,
the seating, the house rules, an outcome, a table's name) is checked by the core's own
function, whose refusal travels inside the validation error (type "refusal", with its
field and player) so that `referee.documents.reading` can give it back whole.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any

from annotated_types import GroupedMetadata
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    PlainValidator,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    create_model,
)
from pydantic_core import PydanticCustomError, core_schema

from referee import exact_json
from referee.games import GAMES, table_game_named, table_games
from referee.rules.limits import (
    MAX_HANDS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE_NAME_LENGTH,
    TONGITS_SEATS,
    check_table_name,
)
from referee.rules.options import MAX_STAKE, Check
from referee.rules.players import check_name, check_players
from referee.rules.refusal import Refusal
from referee.rules.shapes import carried
from referee.rules.tongits import outcome as tongits_outcome
from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.house_rules import check_of as tongits_check_of
from referee.rules.tongits.house_rules import option_keys as tongits_option_keys
from referee.rules.tongits.presets import PRESETS as TONGITS_PRESETS
from referee.rules.tonk import PRESETS, HouseRules, option_keys
from referee.rules.tonk import outcome as played
from referee.rules.tonk.house_rules import MAX_BAND_PAYS, MAX_DEALT_TOTAL, check_of

STRICT = ConfigDict(extra="forbid", strict=True)


class Document(BaseModel):
    """A JSON object of a document: strict types (1 is not true, "1" is not 1), no unknown
    field."""

    model_config = STRICT


def shown(value: Any) -> str:
    """A value as the sender wrote it (null, true, 'text', 0.25), cut short so a message
    stays readable."""
    plain = value is None or isinstance(value, bool | Decimal)
    text = exact_json.dumps(value) if plain else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _refused(message: str, value: Any) -> PydanticCustomError:
    """An error of our own words, which `referee.documents.reading` gives as they are."""
    return PydanticCustomError("not_allowed", "{shown} " + message, {"shown": shown(value)})


def worded(words: str) -> WrapValidator:
    """Whatever is wrong with the value, say `words` (an Idempotency-Key's few rules)."""

    def validate(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            return handler(value)
        except ValidationError:
            raise PydanticCustomError("not_allowed", words) from None

    return WrapValidator(validate)


@dataclass(frozen=True)
class CheckedBy:
    """A value checked by one of the core's checks, whose result it becomes. With `inside`,
    the refusal's field names a spot inside the value (an outcome's kind, a house rule),
    added to its path. `shape` is the model its JSON schema is taken from, if any: the
    core's own types (Outcome, HouseRules) are never looked into by pydantic."""

    check: Callable[[Any], Any]
    inside: bool = False
    shape: type[BaseModel] | None = None

    def validate(self, value: Any) -> Any:
        try:
            return self.check(value)
        except Refusal as refusal:
            raise carried(refusal, inside=self.inside) from None

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        shape = None if self.shape is None else handler.generate_schema(self.shape)
        return core_schema.no_info_plain_validator_function(
            self.validate, json_schema_input_schema=shape
        )


class OneOf(GroupedMetadata):
    """One of a few words (a preset, an action, a result): an enum in the schema."""

    def __init__(self, choices: Sequence[str]):
        self.choices = tuple(choices)

    def __iter__(self) -> Iterator[Any]:
        def validate(value: str) -> str:
            if value not in self.choices:
                raise _refused("is not one of " + ", ".join(self.choices), value)
            return value

        yield AfterValidator(validate)
        yield WithJsonSchema({"type": "string", "enum": list(self.choices)})


def _printable(text: str) -> str:
    """No tab, line break or other control character: a text shown on a page or a sheet."""
    if not text.isprintable():
        raise _refused("holds a tab, a line break or another character that does not print", text)
    return text


def _money(value: Any) -> int | Decimal:
    """An amount as exact_json reads it, int or Decimal, kept as it is: the import compares
    it with the engine's type for type (2.00 is 2, but true is not 1)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Decimal) and value.is_finite():
        return value
    raise _refused("is not an exact amount of money", value)


def _moment(value: Any) -> datetime:
    """An ISO 8601 time with its offset, in UTC: a time without a zone is ambiguous."""
    example = "is not a time such as 2025-01-31T21:05:00+00:00"
    if not isinstance(value, str) or len(value) > 40:
        raise _refused(example, value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _refused(example, value) from None
    if moment.utcoffset() is None:
        raise _refused("has no time zone; write it in UTC, ending +00:00", value)
    return moment.astimezone(UTC)


def _rules_changes(value: Any) -> dict[str, Any]:
    """Changes to a preset, each option checked by its declaration; kept as sent, since the
    preset they change may be the table's (known only when the request is applied)."""
    HouseRules().with_changes(value)
    return dict(value)


Text = Annotated[str, AfterValidator(_printable)]
Money = Annotated[
    int | Decimal,
    PlainValidator(_money),
    WithJsonSchema({"type": "number", "description": "An exact amount, at most 2 decimals."}),
]
Moment = Annotated[
    datetime,
    PlainValidator(_moment),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]
NAME_SCHEMA = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
PlayerName = Annotated[str, CheckedBy(check_name), WithJsonSchema(NAME_SCHEMA)]
Players = Annotated[
    tuple[str, ...],
    CheckedBy(check_players),
    WithJsonSchema(
        {
            "type": "array",
            "minItems": MIN_PLAYERS,
            "maxItems": MAX_PLAYERS,
            "uniqueItems": True,
            "items": NAME_SCHEMA,
            "description": "Distinct names in seating order (no space at either end).",
        }
    ),
]
TableName = Annotated[
    str,
    CheckedBy(check_table_name),
    WithJsonSchema({"type": "string", "minLength": 1, "maxLength": TABLE_NAME_LENGTH}),
]


def _blank_names_it(game: str) -> CheckedBy:
    """A new table's name; left blank (or out), the table is named after `game`."""
    default = GAMES[game].table_name
    return CheckedBy(lambda name: check_table_name(name, blank=default))


def _name_schema(game: str) -> WithJsonSchema:
    default = GAMES[game].table_name
    return WithJsonSchema(
        {
            "type": "string",
            "maxLength": TABLE_NAME_LENGTH,
            "description": f'Defaults to "{default}" (also when blank).',
        }
    )


NewTableName = Annotated[str, _blank_names_it("tonk"), _name_schema("tonk")]
TongitsTableName = Annotated[str, _blank_names_it("tongits"), _name_schema("tongits")]
Preset = Annotated[str, OneOf(list(PRESETS))]
# The game of a table (a new one, a file's), checked by the registry itself, so a game
# there is not, or one no table plays yet, is refused in its words everywhere.
GameName = Annotated[
    str,
    CheckedBy(lambda name: table_game_named(name).name),
    WithJsonSchema({"type": "string", "enum": table_games()}),
]


# What an outcome and the house rules look like: schemas only, the core validates them.


class Band(Document):
    """Dealt totals from min to max (inclusive) are a tonk paying `pays` stakes."""

    min: int = Field(ge=0, le=MAX_DEALT_TOTAL)
    max: int = Field(ge=0, le=MAX_DEALT_TOTAL)
    pays: int = Field(ge=1, le=MAX_BAND_PAYS)


def _option_schema(key: str, check_of: Callable[[str], Check] = check_of) -> dict[str, Any]:
    """The JSON schema of one house rule, from what its check allows (of Tonk's rules unless
    another game's `check_of` is given)."""
    check = check_of(key)
    schema: dict[str, Any]
    if check.kind == "whole":
        schema = {"type": "integer", "minimum": check.low, "maximum": check.high}
    elif check.kind == "choice":
        schema = {"enum": list(check.choices)}
    elif check.kind == "flag":
        schema = {"type": "boolean"}
    elif check.kind == "money":
        schema = {"type": "number", "exclusiveMinimum": 0, "maximum": int(MAX_STAKE)}
    elif check.kind == "text":
        # Trimmed before its length is counted, so only an empty text is refused by shape.
        schema = {"type": "string", "minLength": 1}
    else:  # pragma: no cover - a new kind of option must be described here
        raise ValueError(f"no schema for house rule {key} ({check.kind})")
    if check.optional:
        schema = {"anyOf": [schema, {"type": "null"}]}
    return {**schema, "description": f"{key}: {check.words}"}


def _option(key: str, check_of: Callable[[str], Check]) -> Any:
    """One house rule as a field of the rules' schema; Tonk's bands refer to the Band schema."""
    check = check_of(key)
    if check.kind == "bands":
        words = f"{key}: {check.words}"
        return Annotated[list[Band], Field(max_length=check.high, description=words)]
    return Annotated[Any, WithJsonSchema(_option_schema(key, check_of))]


def _unsaid(schema: dict[str, Any]) -> None:
    """A field that may be left out has no default to show: its absence means something."""
    schema.pop("default", None)


def _rules_model(
    name: str,
    description: str,
    *,
    every_option: bool,
    keys: Callable[[], list[str]] = option_keys,
    check_of: Callable[[str], Check] = check_of,
) -> type[BaseModel]:
    """A game's house rules as an object, one property per declared option (Tonk's unless
    another game's `keys` and `check_of` are given): every option in force, or the changes
    to a preset, each of which may be left out."""
    absent = Field(None, json_schema_extra=_unsaid)  # the preset's value, not null
    fields: dict[str, Any] = {
        key: (_option(key, check_of), ... if every_option else absent) for key in keys()
    }
    return create_model(name, __config__=STRICT, __doc__=description, **fields)


RulesShape = _rules_model(
    "Rules", "Every house rule in force (section 1 of house-rules.md).", every_option=True
)
RulesChangesShape = _rules_model(
    "RulesChanges",
    "House rules that differ from the preset (section 1 of house-rules.md); each key "
    "overrides the preset's value.",
    every_option=False,
)
TongitsRulesShape = _rules_model(
    "TongitsRules",
    "Every Tongits house rule in force (section 1 of tongits.md).",
    every_option=True,
    keys=tongits_option_keys,
    check_of=tongits_check_of,
)
TongitsRulesChangesShape = _rules_model(
    "TongitsRulesChanges",
    "Tongits house rules that differ from the preset (section 1 of tongits.md); each key "
    "overrides the preset's value.",
    every_option=False,
    keys=tongits_option_keys,
    check_of=tongits_check_of,
)


Rules = Annotated[
    HouseRules,
    CheckedBy(HouseRules.from_stored, inside=True, shape=RulesShape),
]
RulesChanges = Annotated[
    dict[str, Any],
    CheckedBy(_rules_changes, inside=True, shape=RulesChangesShape),
]
OutcomeField = played.OUTCOME.type


# Tongits (tongits.md section 3): the settle door reads its request with the core's
# `settle_request`, so these are its schemas; a table's documents (a hand, the rules, a
# file) read them through the core's own parsers, as Tonk's above.


def _tongits_rules_changes(value: Any) -> dict[str, Any]:
    """Changes to a Tongits preset, each checked by its declaration, kept as sent."""
    TongitsRules().with_changes(value)
    return dict(value)


TongitsRulesChanges = Annotated[
    dict[str, Any],
    CheckedBy(_tongits_rules_changes, inside=True, shape=TongitsRulesChangesShape),
]
TongitsRulesField = Annotated[
    TongitsRules,
    CheckedBy(TongitsRules.from_json, inside=True, shape=TongitsRulesShape),
]
TongitsPreset = Annotated[str, OneOf(list(TONGITS_PRESETS))]
TONGITS_PLAYERS_SCHEMA = {
    "type": "array",
    "minItems": min(TONGITS_SEATS),
    "maxItems": max(TONGITS_SEATS),
    "uniqueItems": True,
    "items": NAME_SCHEMA,
    "description": "As many distinct names as the rules seat (3, or 4), in the order of play.",
}
NAMES_SCHEMA = {"type": "array", "items": {"type": "string"}}
# The players of a new Tongits table: names checked as every table's are; how many the
# rules seat is the game's to say (`Game.check_seats`), once the preset is known.
TongitsPlayers = Annotated[
    tuple[str, ...], CheckedBy(check_players), WithJsonSchema(TONGITS_PLAYERS_SCHEMA)
]


class TongitsStreak(Document):
    """`player` won the last `wins` games in a row."""

    player: str
    wins: int = Field(ge=1, le=MAX_HANDS)


class TongitsState(Document):
    """What earlier games left: each player's chips in the pot, the streak, who deals."""

    pot: Annotated[
        dict[str, Money],
        WithJsonSchema(
            {
                "type": "object",
                "additionalProperties": {"type": "number", "minimum": 0},
                "description": "{name: chips put in since the pot was last won}",
            }
        ),
    ] = Field(default_factory=dict)
    streak: TongitsStreak | None = None
    dealer: str | None = None


TongitsOutcomeField = tongits_outcome.OUTCOME.type
