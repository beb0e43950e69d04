"""Tongits (tongits.md): its house rules, presets, endings, state, wording and answers.

A second game beside Tonk, behind the same seam (referee.games); it shares what every game
has (referee.rules: options and their checks, names, refusals, amounts in words, cards in
a row) and has its own modules where the game differs.
"""

from referee.rules.tongits.house_rules import TongitsRules
from referee.rules.tongits.outcome import (
    KINDS,
    Bisaklat,
    Draw,
    Ending,
    Held,
    TongIts,
    TongitsStockOut,
    check_outcome,
    parse_outcome,
)
from referee.rules.tongits.presets import PRESETS, preset, rules_from
from referee.rules.tongits.state import TongitsState, TongitsStreak, parse_state

__all__ = [
    "KINDS",
    "PRESETS",
    "Bisaklat",
    "Draw",
    "Ending",
    "Held",
    "TongitsStockOut",
    "TongIts",
    "TongitsRules",
    "TongitsState",
    "TongitsStreak",
    "check_outcome",
    "parse_outcome",
    "parse_state",
    "preset",
    "rules_from",
]
