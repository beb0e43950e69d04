"""The game a table plays, the house rules in force at it, and the version each hand was
played under.

A change of rules adds a version (referee.store.commands.change_rules); a hand keeps the
version it was settled under, so a later change never rewrites the past. Stored rules
are read by the table's game (`game_of`), each game knowing its own rules.
"""

from typing import Any

from sqlmodel import Session, col, select

from referee import exact_json
from referee.games import GAMES, Game
from referee.store.models import GameTable, Hand, RulesVersion


def game_of(table: GameTable) -> Game:
    """The game a table plays: every door reaches its rules and settlement through it. A
    table's game was checked when it was started (or is Tonk, stored before games had names)."""
    return GAMES[table.game]


def current_rules(db: Session, table: GameTable) -> tuple[RulesVersion, Any]:
    """The rules in force now: the newest version, as the table's game reads them."""
    version = db.exec(
        select(RulesVersion)
        .where(RulesVersion.table_id == table.id)
        .order_by(col(RulesVersion.number).desc())
        .limit(1)
    ).one()  # a table starts with its first version and never loses one
    return version, rules_of(table, version)


def rules_of(table: GameTable, version: RulesVersion) -> Any:
    """The house rules a version of `table`'s rules stores."""
    return game_of(table).rules_from_json(exact_json.loads(version.rules_json))


def rules_of_hand(db: Session, table: GameTable, hand: Hand) -> Any:
    """The rules a hand of `table` was played under (later changes of rules do not touch it)."""
    version = db.exec(select(RulesVersion).where(RulesVersion.id == hand.rules_version_id)).one()
    return rules_of(table, version)
