"""House rules: the model, the presets, the words, and what an outcome may be."""

from referee.rules.house_rules import Band, HouseRules, option_keys
from referee.rules.outcome import (
    KINDS,
    DealTonk,
    DoubleDouble,
    Drop,
    Out,
    Outcome,
    StockOut,
    TonkOut,
    check_players,
    parse_outcome,
)
from referee.rules.presets import PRESETS, preset, rules_from
from referee.rules.refusal import Refusal

__all__ = [
    "KINDS",
    "PRESETS",
    "Band",
    "DealTonk",
    "DoubleDouble",
    "Drop",
    "HouseRules",
    "Out",
    "Outcome",
    "Refusal",
    "StockOut",
    "TonkOut",
    "check_players",
    "option_keys",
    "parse_outcome",
    "preset",
    "rules_from",
]
