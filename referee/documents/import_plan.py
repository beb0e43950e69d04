"""What an import will write, once its file is checked whole (`import_checks`): the table,
its players, every rules version and every hand with its history, under the names the
one door (`referee.store.commands.import_table`) stores by the players' ids."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from referee.games import Ending
from referee.scoring import Settlement


@dataclass
class ChangePlan:
    action: str
    by: str
    at: datetime
    names: list[str]  # the hand's players, in its seating order, as named at this change
    before: dict[str, Any] | None  # outcomes under those names
    after: dict[str, Any] | None


@dataclass
class HandPlan:
    no: int
    rules_number: int
    dealer: str
    seats: list[str]  # the hand's players in its seating order, under their current names
    names: list[str]  # the same players as named when it was settled
    outcome: Ending
    settlement: Settlement
    void: bool
    version: int
    created_at: datetime
    updated_at: datetime
    entry_key: str | None
    note: str | None = None
    changes: list[ChangePlan] = field(default_factory=list)


@dataclass
class PlayerPlan:
    in_file: str  # the name as the file spells it, in every hand, payment and change
    name: str  # the name stored: the file's, composed and trimmed (referee.rules.names)
    seated: bool


@dataclass
class RulesPlan:
    number: int
    preset: str
    rules_json: str
    created_at: datetime


@dataclass
class TablePlan:
    name: str
    game: str
    created_at: datetime
    first_dealer: str
    players: list[PlayerPlan]
    rules: list[RulesPlan]
    hands: list[HandPlan]
