"""The values a document holds, each a pydantic type with its JSON schema.

Limits come from `referee.rules.limits`; what the core already checks (a player's name,
the seating, the house rules, an outcome, a table's name) is checked by the core's own
function, whose refusal travels inside the validation error (type "refusal", with its
field and player) so that `referee.documents.reading` can give it back whole.
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from threading import Lock
from typing import Annotated, Any, Generic, Literal, TypeVar

from annotated_types import GroupedMetadata
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    create_model,
)
from pydantic_core import PydanticCustomError, core_schema

from referee.games import DEFAULT_GAME, GAMES, Game, table_game_named, table_games
from referee.rules.declared import DeclaredOptions
from referee.rules.limits import MAX_NAME_LENGTH, TABLE_NAME_LENGTH
from referee.rules.names import check_table_name
from referee.rules.options import MAX_STAKE, Check
from referee.rules.players import check_name, check_players
from referee.rules.refusal import Refusal
from referee.rules.shapes import carried, not_allowed
from referee.rules.tonk.house_rules import MAX_BAND_PAYS, MAX_DEALT_TOTAL

STRICT = ConfigDict(extra="forbid", strict=True)


class Document(BaseModel):
    """A JSON object of a document: strict types (1 is not true, "1" is not 1), no unknown
    field."""

    model_config = STRICT


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
    core's own types (a game's house rules) are never looked into by pydantic."""

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
                raise not_allowed("is not one of " + ", ".join(self.choices), value)
            return value

        yield AfterValidator(validate)
        yield WithJsonSchema({"type": "string", "enum": list(self.choices)})


def _printable(text: str) -> str:
    """No tab, line break or other control character: a text shown on a page or a sheet."""
    if not text.isprintable():
        words = "holds a tab, a line break or another character that does not print"
        raise not_allowed(words, text)
    return text


def _moment(value: Any) -> datetime:
    """An ISO 8601 time with its offset, in UTC: a time without a zone is ambiguous."""
    example = "is not a time such as 2025-01-31T21:05:00+00:00"
    if not isinstance(value, str) or len(value) > 40:
        raise not_allowed(example, value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise not_allowed(example, value) from None
    if moment.utcoffset() is None:
        raise not_allowed("has no time zone; write it in UTC, ending +00:00", value)
    return moment.astimezone(UTC)


Text = Annotated[str, AfterValidator(_printable)]
Moment = Annotated[
    datetime,
    PlainValidator(_moment),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]
NAME_SCHEMA = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
PlayerName = Annotated[str, CheckedBy(check_name), WithJsonSchema(NAME_SCHEMA)]
TableName = Annotated[
    str,
    CheckedBy(check_table_name),
    WithJsonSchema({"type": "string", "minLength": 1, "maxLength": TABLE_NAME_LENGTH}),
]


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


def _option_schema(key: str, check: Check) -> dict[str, Any]:
    """The JSON schema of one house rule, from what its check allows."""
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


def _option(key: str, check: Check) -> Any:
    """One house rule as a field of the rules' schema; bands refer to the Band schema."""
    if check.kind == "bands":
        words = f"{key}: {check.words}"
        return Annotated[list[Band], Field(max_length=check.high, description=words)]
    return Annotated[Any, WithJsonSchema(_option_schema(key, check))]


def _unsaid(schema: dict[str, Any]) -> None:
    """A field that may be left out has no default to show: its absence means something."""
    schema.pop("default", None)


def _rules_model(
    name: str,
    description: str,
    *,
    every_option: bool,
    options: DeclaredOptions,
) -> type[BaseModel]:
    """A game's house rules as an object, one property per declared option: every option in
    force, or the changes to a preset, each of which may be left out."""
    absent = Field(None, json_schema_extra=_unsaid)  # the preset's value, not null
    fields: dict[str, Any] = {
        key: (_option(key, options.check(key)), ... if every_option else absent)
        for key in options.in_order()
    }
    return create_model(name, __config__=STRICT, __doc__=description, **fields)


def titled(game: Game, name: str) -> str:
    """A document's name for `game`: the first game's plainly (Hand), as they were named
    before a second game came; another's after the game (TongitsHand, NewTongitsTable)."""
    return name.format("" if game.name == DEFAULT_GAME else game.name.title())


def game_type(game: Game) -> Any:
    """The `game` a document of `game` names: the first game's documents take any game a
    table plays, checked by the registry (they did, before there were two); another's
    names that game."""
    return GameName if game.name == DEFAULT_GAME else Literal[game.name]


@dataclass(frozen=True)
class Values:
    """The values a game's documents hold, each checked by the game's own core: its
    presets, its rules (in force, and the changes to a preset), its players, a new table's
    name, its outcome."""

    preset: Any
    rules: Any
    rules_changes: Any
    players: Any
    table_name: Any
    outcome: Any


def _values(game: Game) -> Values:
    """The values of `game`'s documents, from what the registry hands over."""
    options, documents = game.options, game.documents
    rules = _rules_model(
        titled(game, "{}Rules"),
        f"Every house rule of {game.name.title()} in force.",
        every_option=True,
        options=options,
    )
    changes = _rules_model(
        titled(game, "{}RulesChanges"),
        f"House rules of {game.name.title()} that differ from the preset; each key overrides "
        "the preset's value.",
        every_option=False,
        options=options,
    )

    def kept_as_sent(value: Any) -> dict[str, Any]:
        documents.check_changes(value)
        return dict(value)

    fewest, most = documents.seats
    default = str(game.table_name)  # stored as the table's name: plain text
    return Values(
        preset=Annotated[str, OneOf(list(game.presets))],
        rules=Annotated[
            Any,
            CheckedBy(game.rules_from_json, inside=True, shape=rules),
            PlainSerializer(lambda rules: rules.to_json()),
        ],
        rules_changes=Annotated[
            dict[str, Any], CheckedBy(kept_as_sent, inside=True, shape=changes)
        ],
        # Names checked as every table's are; how many the rules seat is the game's to say
        # (`Game.check_seats`), once the preset is known.
        players=Annotated[
            tuple[str, ...],
            CheckedBy(check_players),
            WithJsonSchema(
                {
                    "type": "array",
                    "minItems": fewest,
                    "maxItems": most,
                    "uniqueItems": True,
                    "items": NAME_SCHEMA,
                    "description": documents.seating,
                }
            ),
        ],
        # Left blank (or out), the table is named after its game.
        table_name=Annotated[
            str,
            CheckedBy(lambda name: check_table_name(name, blank=default)),
            WithJsonSchema(
                {
                    "type": "string",
                    "maxLength": TABLE_NAME_LENGTH,
                    "description": f'Defaults to "{default}" (also when blank).',
                }
            ),
        ],
        outcome=game.outcome.type,
    )


Built = TypeVar("Built")


class PerGame(Mapping[str, Built], Generic[Built]):
    """Each registered game's documents by its name, built from the game the first time
    they are asked for (and again if another game is registered under that name): a game
    plugged in after this module is imported has its documents too, with no change here."""

    def __init__(self, build: Callable[[Game], Built]):
        self._build = build
        self._built: dict[str, tuple[Game, Built]] = {}
        # One build at a time: two requests asking at once get the same models, so a model
        # one of them made is never read by the other's twin.
        self._building = Lock()

    def __getitem__(self, name: str) -> Built:
        game = GAMES[name]
        with self._building:
            held = self._built.get(name)
            if held is None or held[0] is not game:
                held = self._built[name] = (game, self._build(game))
        return held[1]

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


VALUES = PerGame(_values)
