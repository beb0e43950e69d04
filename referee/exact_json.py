"""JSON that keeps money exact: numbers with a fraction are read and written as Decimal.

The standard json module reads 0.1 as a float and cannot write a Decimal; with
money on the table neither is acceptable, so both directions go through here.
"""

import json
import re
from decimal import Decimal
from typing import Any

from referee.rules.limits import echoed

MAX_DEPTH = 32
# A lone surrogate reaches Python's text only as a \\u escape (bytes that are not UTF-8 are
# refused as they are decoded); its first digits, whatever their case.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadJson(ValueError):
    """Text that is not the JSON we accept (with a reason a person can act on)."""


def _no_constant(name: str) -> Any:
    raise BadJson(f"{name} is not a number")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise BadJson("a key appears twice in one object")
    return data


def loads(text: str | bytes) -> Any:
    """Parse JSON with fractions as Decimal; NaN, Infinity and repeated keys are refused."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        data = json.loads(
            text,
            parse_float=Decimal,
            parse_constant=_no_constant,
            object_pairs_hook=_no_duplicate_keys,
        )
    except BadJson:
        raise  # a repeated key or NaN, already in words
    except UnicodeDecodeError:
        raise BadJson("the request is not UTF-8 text") from None
    except RecursionError:
        raise BadJson("the request is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise BadJson(
            f"the request is not valid JSON ({error.msg} at line {error.lineno})"
        ) from None
    except ValueError:  # an integer of thousands of digits, past Python's conversion limit
        raise BadJson("the request holds a number too long to be real") from None
    _check_depth(data, 0)
    if _SURROGATE_ESCAPE.search(text):
        _check_text(data, "")
    return data


def _check_text(data: Any, where: str, what: str = "the text") -> None:
    """Every key and text of `data` encodable as UTF-8: a lone surrogate ("\\ud800", half of
    an emoji's pair sent alone) is no character, and fails whatever writes it later (a
    message, the database), so it is refused here, before any model reads it, saying where
    it is."""
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError as error:
            raise BadJson(
                f"{where or 'the request'}: {what} holds \\u{ord(data[error.start]):04x}, half "
                "of a character sent without its other half (a lone surrogate), which no text "
                "can hold"
            ) from None
    elif isinstance(data, dict):
        for key, value in data.items():
            _check_text(key, where, "a key")
            _check_text(value, f"{where}.{echoed(key)}" if where else echoed(key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            _check_text(value, f"{where}[{index}]")


def _check_depth(data: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise BadJson("the request is nested too deeply")
    if isinstance(data, dict):
        for value in data.values():
            _check_depth(value, depth + 1)
    elif isinstance(data, list):
        for value in data:
            _check_depth(value, depth + 1)


def number(value: Decimal) -> str:
    """An exact amount as a JSON number: 3, -2, 0.3, 0.25 (never 0.30000000000000004)."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def dumps(data: Any, *, indent: int | None = None) -> str:
    """Write JSON with Decimals as exact numbers."""
    return _write(data, indent, 0)


def _write(data: Any, indent: int | None, level: int) -> str:
    if isinstance(data, Decimal):
        return number(data)
    if isinstance(data, dict):
        items = [f"{json.dumps(str(k))}: {_write(v, indent, level + 1)}" for k, v in data.items()]
        return _join("{", items, "}", indent, level)
    if isinstance(data, list | tuple):
        return _join("[", [_write(v, indent, level + 1) for v in data], "]", indent, level)
    return json.dumps(data)


def _join(open_: str, items: list[str], close: str, indent: int | None, level: int) -> str:
    if not items:
        return open_ + close
    if indent is None:
        return open_ + ", ".join(items) + close
    pad = " " * indent
    inner = ",\n".join(pad * (level + 1) + item for item in items)
    return f"{open_}\n{inner}\n{pad * level}{close}"
