"""Options as every game declares them: each house rule a dataclass field with its default,
its group and its check, changed only through `changed`, which refuses a wrong value by
the option's name. Every game's house rules are declared with these parts, so every game
refuses a wrong value in the same words.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from difflib import get_close_matches
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

from referee.rules.limits import echoed
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.shapes import shown

if TYPE_CHECKING:
    from dataclasses import Field

    from _typeshed import DataclassInstance


CENT = Decimal("0.01")
MAX_STAKE = Decimal(1_000_000)
MAX_UNIT_LENGTH = 12


class NotAllowed(Exception):
    """Raised by a check; the option turns it into a Refusal naming itself."""


@dataclass(frozen=True)
class Check:
    """What an option accepts: in words for people, as a function for values, and the
    shape a form needs to ask for it (`kind`, and the `choices` or bounds)."""

    words: str
    clean: Callable[[Any], Any]
    kind: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False


# The checks below are built once, at import, when a game's rules fields are declared:
# mutmut switches mutants per call, so a mutant of these builders could never take effect
# (all would show as survivors). They are left out of the mutation run ("no mutate block");
# what they build is tested through HouseRules.from_json in tests/rules/test_house_rules.py.


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int, high: int, *, optional: bool = False) -> Check:  # pragma: no mutate block
    """A whole number from `low` to `high`; with `optional`, also null (off)."""

    def clean(value: object) -> int | None:
        if value is None and optional:
            return None
        if not _is_whole(value) or not low <= value <= high:
            raise NotAllowed
        return value

    if optional:
        words = said("a whole number from {low} to {high}, or null (off)", low=low, high=high)
    else:
        words = said("a whole number from {low} to {high}", low=low, high=high)
    return Check(words, clean, "whole", low=low, high=high, optional=optional)


def choice(*values: str | int) -> Check:  # pragma: no mutate block
    """One of a few names (or card counts); 5 and "5" are not the same answer."""

    def clean(value: object) -> str | int:
        for allowed in values:
            if type(value) is type(allowed) and value == allowed:
                return allowed
        raise NotAllowed

    shown = [f'"{v}"' if isinstance(v, str) else str(v) for v in values]
    listed = ", ".join(shown[:-1])  # values as JSON writes them, not words
    words = said("{choices} or {last}", choices=listed, last=shown[-1])
    return Check(words, clean, "choice", choices=values)


def flag() -> Check:  # pragma: no mutate block
    """true or false, nothing else (not 0, 1 or "yes")."""

    def clean(value: object) -> bool:
        if not isinstance(value, bool):
            raise NotAllowed
        return value

    return Check(said("true or false"), clean, "flag", choices=(True, False))


def money() -> Check:  # pragma: no mutate block
    """An exact amount: more than 0, at most 2 decimals, at most 1,000,000; never a float."""

    def clean(value: Any) -> Decimal:
        if _is_whole(value):
            value = Decimal(value)
        if not isinstance(value, Decimal) or not value.is_finite():
            raise NotAllowed
        if not 0 < value <= MAX_STAKE or value != value.quantize(CENT):
            raise NotAllowed
        return value.quantize(CENT)

    words = said(
        "a number more than 0, at most {most}, with at most 2 decimals",
        most=format(MAX_STAKE, ","),
    )
    return Check(words, clean, "money")


def short_text(limit: int) -> Check:  # pragma: no mutate block
    """A short label without control characters, trimmed."""

    def clean(value: object) -> str:
        if not isinstance(value, str):
            raise NotAllowed
        value = value.strip()
        if not 1 <= len(value) <= limit or not value.isprintable():
            raise NotAllowed
        return value

    words = said("a text of 1 to {limit} characters", limit=limit)
    return Check(words, clean, "text", high=limit)


def option(default: Any, check: Check, group: str) -> Any:  # pragma: no mutate block
    """Declare one house rule: its default, what it allows, and where it is grouped."""
    return field(default=default, metadata={"check": check, "group": group})


Declared = TypeVar("Declared", bound="DataclassInstance")


def changed(rules: Declared, options: Mapping[str, "Field[Any]"], changes: Any) -> Declared:
    """Any game's rules (a dataclass of `option` fields, `options` by key) with some options
    changed, each change checked and refused by name: Tonk's and Tongits' rules share it."""
    if not isinstance(changes, Mapping):
        raise Refusal(said("rules: the house rules must be an object of option: value"))
    known = list(options)
    clean = {}
    for key, value in changes.items():
        if key not in known:
            clean_key = echoed(str(key))
            near = get_close_matches(clean_key, known, n=1)
            if near:
                unknown = said(
                    "rules: there is no house rule called {key}; did you mean {near}?",
                    key=repr(clean_key),
                    near=near[0],
                )
            else:
                unknown = said("rules: there is no house rule called {key}", key=repr(clean_key))
            raise Refusal(unknown, field=clean_key)
        check: Check = options[key].metadata["check"]
        try:
            clean[key] = check.clean(value)
        except NotAllowed:
            raise Refusal(
                said(
                    "House rule {key}: {shown} is not allowed; allowed: {words}",
                    key=key,
                    shown=shown(value),
                    words=check.words,
                ),
                field=key,
            ) from None
    return replace(rules, **clean)


@dataclass(frozen=True)
class Declarations:
    """One game's options by key, in the order its spec lists them, each as `option`
    declared it: Tonk's and Tongits' are read through the same three questions."""

    by_key: Mapping[str, "Field[Any]"]

    def keys(self) -> list[str]:
        """Option keys in the order the spec lists them."""
        return list(self.by_key)

    def group(self, key: str) -> str:
        """The spec's heading that an option sits under."""
        group: str = self.by_key[key].metadata["group"]
        return group

    def check(self, key: str) -> Check:
        """What an option allows: its words, and the shape a form asks it in."""
        check: Check = self.by_key[key].metadata["check"]
        return check


Rules = TypeVar("Rules")


def preset_in(presets: Mapping[str, Rules], name: Any) -> Rules:
    """A preset of any game by name, refused with the list of that game's names when unknown."""
    if not isinstance(name, str) or name not in presets:
        names = ", ".join(presets)
        raise Refusal(
            said(
                "preset: there is no preset {name}; choose {names}",
                name=shown(str(name)),
                names=names,
            ),
            field="preset",
        )
    return presets[name]
