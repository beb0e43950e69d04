"""What a game hands the documents (referee.documents), so that they never name it.

The documents build each game's request bodies, answers and table file from the registry:
its presets, house rules and outcome from the `Game` itself, the rest from this record.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class Documents:
    """A game's part of every document that holds its tables and games."""

    # A table's changes to a preset, each option checked by its declaration (the preset
    # they change may be the table's, known only when the request is applied).
    check_changes: Callable[[Any], object]
    # How many players its tables seat, fewest and most, and the players' schema's words.
    seats: tuple[int, int]
    seating: str
    # The results its settlements name.
    results: tuple[str, ...]
    # What a game that carries state leaves to the next (a settlement's `state`, beside the
    # pot it paid out; a table's `state`); None for a game whose hands stand alone.
    state: type[BaseModel] | None = None
    # Whether a hand may be entered over a waiting rule (the entry's `override`).
    overrides_waits: bool = False
    # Whether its tables may play for points (a table's `points` and `games`, a
    # settlement's `points`); None in every document of a game played for money only.
    plays_for_points: bool = False
