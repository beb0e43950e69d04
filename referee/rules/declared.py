"""One game's options as the rules form and the rules sheet ask and show them.

Each game declares its options once (its house_rules module: keys in the spec's order,
group, check) and words them once (its wording module: a label, words for each value).
The shell's form is built from this bundle, so one builder makes every game's form.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.rules.options import Check


@dataclass(frozen=True)
class DeclaredOptions:
    """A game's option declarations and their words, read by the same five questions."""

    in_order: Callable[[], list[str]]  # the option keys, in the order the spec lists them
    group: Callable[[str], str]  # the spec's heading an option sits under
    check: Callable[[str], Check]  # what it allows, and the shape a form asks it in
    label: Callable[[str], str]  # its short name, as a form label or a cited rule
    value_words: Callable[[str, Any], str]  # one allowed value in words (a radio button)
