"""A document read through its model, or refused with one message a person can act on:
where (`hands[3].settlement.net.Ben`), then what is wrong there.

Two kinds of reader. The API's bodies (`root="request"`) pass on the core's refusals of an
outcome or of house rules as the core made them, like the refusals the engine makes once
the hand is settled, and name the body's top-level key as the field. A table's file
(`root="file"`) puts the whole path in the message and in the field, since the import
page shows it beside its one file box.
"""

from types import NoneType, UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from referee.rules.limits import echoed
from referee.rules.refusal import Refusal
from referee.rules.shapes import shown

Model = TypeVar("Model", bound=BaseModel)
Value = TypeVar("Value")


def read(model: type[Model], data: Any, *, root: str) -> Model:
    """`data` as `model`, or a Refusal naming the first thing wrong in it."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise refusal(model, error.errors(include_url=False)[0], root=root) from None


def read_value(adapter: TypeAdapter[Value], value: Any, *, root: str) -> Value:
    """One value sent beside a document (a header), or a Refusal saying what it must be."""
    try:
        return adapter.validate_python(value)
    except ValidationError as error:
        raise refusal(BaseModel, error.errors(include_url=False)[0], root=root) from None


def path_of(loc: tuple[int | str, ...]) -> str:
    """('hands', 3, 'settlement') as hands[3].settlement."""
    path = ""
    for step in loc:
        if isinstance(step, int):
            path += f"[{step}]"
        elif step != "[key]":  # a dict key refused: the path already ends with it
            path += f".{echoed(str(step))}" if path else echoed(str(step))
    return path


def refusal(model: type[BaseModel], error: ErrorDetails, *, root: str) -> Refusal:
    """One validation error as the app's refusal."""
    loc = tuple(error["loc"])
    core = _said_by_core(error)
    if core is not None and root == "request" and core["inside"]:
        return Refusal(core["message"], field=core["field"], player=core["player"])
    if core is not None:
        where, message = _core_words(path_of(loc) or root, loc, core)
        player = core["player"]
    else:
        where, message, player = path_of(loc) or root, _words(model, error, loc), None
    top = str(loc[0]) if loc else root
    return Refusal(f"{where}: {message}", field=where if root == "file" else top, player=player)


def _said_by_core(error: ErrorDetails) -> dict[str, Any] | None:
    """The core's refusal inside a validation error: from a value's check (`CheckedBy`), or
    from a check of an object as a whole, which names the field it is about."""
    context: dict[str, Any] = dict(error.get("ctx") or {})
    if error["type"] == "refusal":
        return context
    said = context.get("error")
    if error["type"] == "value_error" and isinstance(said, Refusal):
        return {"message": said.message, "field": said.field, "player": said.player, "inside": True}
    return None


def _core_words(path: str, loc: tuple[int | str, ...], context: dict[str, Any]) -> tuple[str, str]:
    """Where a core refusal is, and its words: its field added to the path when it names a
    spot inside the value (an outcome's kind, a house rule), and its own leading 'field: '
    left out, since the path says it."""
    message, field = context["message"], context["field"]
    for said in (field, loc[-1] if loc else None):
        if said is not None and message.startswith(f"{said}: "):
            message = message.removeprefix(f"{said}: ")
            break
    if context["inside"] and field is not None and (not loc or field != loc[-1]):
        path = f"{path}.{field}"
    return path, message


def _words(model: type[BaseModel], error: ErrorDetails, loc: tuple[int | str, ...]) -> str:
    """What is wrong, in words; the fields of an object are listed when one is unknown."""
    kind, context = error["type"], error.get("ctx") or {}
    value = error.get("input")
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "there is no such field; the fields here are " + _fields(model, loc[:-1])
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return "must be an object {...} with " + _fields(model, loc)
    if kind in ("list_type", "tuple_type"):
        return "must be a list [...]"
    if kind in ("too_short", "too_long"):
        bound = "at least " if kind == "too_short" else "at most "
        most = context.get("min_length", context.get("max_length"))
        return f"has {context['actual_length']} entries; it holds {bound}{most}"
    if kind == "string_too_long":
        return f"{shown(value)} is longer than {context['max_length']} characters"
    if kind == "string_too_short":
        return "is empty"
    if kind == "greater_than_equal":
        return f"{shown(value)} is less than {context['ge']}"
    if kind == "less_than_equal":
        return f"{shown(value)} is more than {context['le']}"
    known = {
        "int_type": "a whole number",
        "bool_type": "true or false",
        "string_type": "text",
    }
    if kind in known:
        return f"{shown(value)} is not {known[kind]}"
    return error["msg"]  # our own errors ("not_allowed") are already in words


def _fields(model: type[BaseModel], loc: tuple[int | str, ...]) -> str:
    """The fields of the object at `loc` inside `model`."""
    kind: Any = model
    for step in loc:
        kind = _inside(_unwrapped(kind), step)
    kind = _unwrapped(kind)
    if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
        return "its fields"
    return ", ".join(info.alias or name for name, info in kind.model_fields.items())


def _unwrapped(kind: Any) -> Any:
    """The type inside Annotated[...] and Optional[...]."""
    if get_origin(kind) is Annotated:
        return _unwrapped(get_args(kind)[0])
    if get_origin(kind) in (Union, UnionType):
        members = [member for member in get_args(kind) if member is not NoneType]
        return _unwrapped(members[0]) if len(members) == 1 else kind
    return kind


def _inside(kind: Any, step: int | str) -> Any:
    """The type one step into `kind`: a model's field, a list's item, a mapping's value."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        fields = {info.alias or name: info.annotation for name, info in kind.model_fields.items()}
        return fields.get(str(step))
    args = get_args(kind)
    if get_origin(kind) is list and args:
        return args[0]
    if get_origin(kind) is dict and len(args) == 2:
        return args[1]
    return None
