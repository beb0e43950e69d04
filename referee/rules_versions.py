"""The house rules in force at a table, and the version each hand was played under.

A change of rules adds a version (referee.commands.change_rules); a hand keeps the
version it was settled under, so a later change never rewrites the past.
"""

from sqlmodel import Session, col, select

from referee import exact_json
from referee.models import GameTable, Hand, RulesVersion
from referee.rules import HouseRules


def current_rules(db: Session, table: GameTable) -> tuple[RulesVersion, HouseRules]:
    """The rules in force now: the newest version."""
    version = db.exec(
        select(RulesVersion)
        .where(RulesVersion.table_id == table.id)
        .order_by(col(RulesVersion.number).desc())
        .limit(1)
    ).one()  # a table starts with its first version and never loses one
    return version, rules_of(version)


def rules_of(version: RulesVersion) -> HouseRules:
    """The house rules a version stores."""
    return HouseRules.from_stored(exact_json.loads(version.rules_json))


def rules_of_hand(db: Session, hand: Hand) -> HouseRules:
    """The rules a hand was played under (later changes of rules do not touch it)."""
    version = db.exec(select(RulesVersion).where(RulesVersion.id == hand.rules_version_id)).one()
    return rules_of(version)
