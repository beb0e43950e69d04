"""One shape per document: an outcome is a pydantic type, refused in the game's words.

A game's outcome is a union of frozen models, one per kind, told apart by `kind`, each with
only the facts its kind has (unknown fields refused). The same type reads a request, a
form, a stored hand and a table's file, and gives the OpenAPI document its schema, so the
shape is declared once. Pydantic finds what is wrong; the game says it in its own words
(`Shape`'s `words`), so a player reads the same refusal at every door.

Money and `shown` are here too, for every game's documents: an exact amount, and a value
as its sender wrote it. A refusal travels inside a validation error as an error of type
"refusal" carrying its message, field and player (`carried`), which
`referee.documents.reading` gives back whole.
"""

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Annotated, Any, Generic, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from referee import exact_json
from referee.rules.limits import echoed
from referee.rules.refusal import Refusal

REFUSAL = "refusal"  # the type of a validation error that carries a Refusal


def shown(value: Any) -> str:
    """A value as the sender wrote it (null, true, 'text', 0.25), cut by `echoed`. An
    infinite Decimal (never from JSON, which refuses it; a caller of the core may send
    one) is shown as Python writes it."""
    if (
        value is None
        or isinstance(value, bool)
        or (isinstance(value, Decimal) and value.is_finite())
    ):
        return exact_json.dumps(value)
    return repr(echoed(value)) if isinstance(value, str) else echoed(repr(value), marked=True)


def not_allowed(message: str, value: Any) -> PydanticCustomError:
    """An error in our own words about `value`, which `referee.documents.reading` gives as
    they are: "'x' is not an exact amount of money"."""
    return PydanticCustomError("not_allowed", "{shown} " + message, {"shown": shown(value)})


def _money(value: Any) -> int | Decimal:
    """An amount as exact_json reads it, int or Decimal, kept as it is: the import compares
    it with the engine's type for type (2.00 is 2, but true is not 1)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Decimal) and value.is_finite():
        return value
    raise not_allowed("is not an exact amount of money", value)


Money = Annotated[
    int | Decimal,
    PlainValidator(_money),
    WithJsonSchema({"type": "number", "description": "An exact amount, at most 2 decimals."}),
]


def carried(refusal: Refusal, *, inside: bool = True) -> PydanticCustomError:
    """`refusal` as a validation error. `inside`: its field names a spot inside the value
    checked (an outcome's kind, a house rule), which a file's path adds to its own."""
    context = {
        "message": refusal.message,
        "field": refusal.field,
        "player": refusal.player,
        "inside": inside,
    }
    return PydanticCustomError(REFUSAL, "{message}", context)


def refusal_in(error: ErrorDetails) -> Refusal | None:
    """The refusal an error carries, if it is one."""
    if error["type"] != REFUSAL:
        return None
    said: dict[str, Any] = dict(error.get("ctx") or {})
    return Refusal(said["message"], field=said["field"], player=said["player"])


def _json_schema(schema: dict[str, Any]) -> None:
    """A kind's `kind` is required in the schema: it is how a reader tells the kinds apart
    (in Python it defaults to the model's own, so a kind is written without it)."""
    schema["required"] = ["kind", *schema.get("required", [])]


class Kind(BaseModel):
    """One kind of ending: frozen, strict types (1 is not true), no field it has not; its
    `kind` is its tag, each kind's own Literal defaulting to itself."""

    model_config = ConfigDict(
        frozen=True, extra="forbid", strict=True, json_schema_extra=_json_schema
    )

    kind: str

    def to_json(self) -> dict[str, Any]:
        """The ending as the contract writes it: its kind, its own facts, then those every
        kind has, leaving out what was not said (a fact left at its default)."""
        said = self.model_dump(mode="json", exclude_defaults=True)
        own = [key for key in type(self).__annotations__ if key in said]
        return {
            "kind": self.kind,
            **{key: said[key] for key in own if key != "kind"},
            **{key: value for key, value in said.items() if key not in own},
        }


def _as_said(ending: Kind) -> dict[str, Any]:
    return ending.to_json()


Words = Callable[[Sequence[ErrorDetails], Any], Refusal]
"""A game's words for what pydantic found wrong in an ending (every error, and the value
read): the refusal a player reads, with its field and player."""

EndingT = TypeVar("EndingT")


class Shape(Generic[EndingT]):
    """A game's outcome as one type: `type` for documents to hold and describe, `read` for
    a door that has the JSON alone; both refuse in the game's words."""

    def __init__(self, union: Any, words: Words) -> None:
        def validate(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            try:
                return handler(value)
            except ValidationError as error:
                errors = error.errors(include_url=False)
                raise carried(words(errors, value)) from None

        # Written as the contract writes it (`Kind.to_json`) by whatever document holds it.
        shape: Any = Annotated[union, WrapValidator(validate), PlainSerializer(_as_said)]
        self.type = shape
        self._adapter: TypeAdapter[EndingT] = TypeAdapter(shape)

    def read(self, data: Any) -> EndingT:
        """An ending from JSON (a request's, a form's, a stored hand's), or the Refusal that
        says what is wrong with it."""
        try:
            return self._adapter.validate_python(data)
        except ValidationError as error:
            refusal = refusal_in(error.errors(include_url=False)[0])
            if refusal is None:  # every error of a shape is worded: this is our mistake
                raise TypeError(f"an error of {self._adapter} has no words") from error
            raise refusal from None


def first(errors: Sequence[ErrorDetails], order: Sequence[str]) -> ErrorDetails:
    """The error a reader is told of first, when there are several: by the field it is
    about, in `order`, where "key!" is a field the kind has not and "key?" a missing one;
    then as pydantic found them (the kind's tag, then the fields in their order)."""

    def rank(error: ErrorDetails) -> int:
        loc = error["loc"]
        mark = {"extra_forbidden": "!", "missing": "?"}.get(error["type"], "")
        about = str(loc[1]) + (mark if len(loc) == 2 else "") if len(loc) > 1 else ""
        return order.index(about) if about in order else len(order)

    return min(errors, key=rank)
