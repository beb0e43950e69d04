"""Places in a table's file, as an import's refusal names them: `hands[3].settlement.net`.

Every check of a file refuses through here, so the import page shows the whole path in
the message and in the field (its one file box), the way `referee.documents.reading`
names a place its model refuses.
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NoReturn

from referee.rules import Refusal
from referee.rules.limits import echoed
from referee.rules.shapes import shown
from referee.store.stored_form import stored


def at(path: str, key: str | int) -> str:
    """The place of `key` inside `path`: `hands[3]`, `hands[3].outcome`, or `name` at the top."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def refuse(path: str, message: str) -> NoReturn:
    """Refuse the file at `path` (the file itself when empty), saying what is wrong there."""
    raise Refusal(f"{path or 'file'}: {message}", field=path or "file")


def first_difference(expected: Any, given: Any, path: str) -> tuple[str, Any, Any] | None:
    """Where `given` first differs from `expected`, type for type (1 is not true, and
    2.00 is 2): (path, expected value, given value), or None when they agree."""
    if isinstance(expected, Mapping):
        if not isinstance(given, Mapping):
            return path, expected, given
        for key in given:
            if key not in expected:
                return at(path, echoed(str(key))), None, given[key]
        for key, value in expected.items():
            if key not in given:
                return at(path, key), value, None
            found = first_difference(value, given[key], at(path, key))
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(given, list) or len(given) != len(expected):
            return path, expected, given
        for index, (one, other) in enumerate(zip(expected, given, strict=True)):
            found = first_difference(one, other, at(path, index))
            if found:
                return found
        return None
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        same = type(given) is type(expected) and given == expected
    else:  # a number: int or Decimal, never a bool
        same = (
            isinstance(given, int | Decimal) and not isinstance(given, bool) and given == expected
        )
    return None if same else (path, expected, given)


def only_players_then(document: Mapping[str, Any], path: str, names: Sequence[str]) -> None:
    """An outcome or a settlement naming only players among `names`, the hand's players
    then: exactly what storing it by the players' ids needs, whatever the game."""
    try:
        stored(document, {name: index for index, name in enumerate(names)})
    except KeyError as missing:
        name = str(missing.args[0])
        refuse(path, f"{shown(name)} is not one of the hand's players then ({', '.join(names)})")
