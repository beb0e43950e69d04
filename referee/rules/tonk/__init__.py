"""Tonk's house rules: the model, the presets, the words, and what an outcome may be."""

from referee.rules.players import check_players
from referee.rules.refusal import Refusal
from referee.rules.tonk.house_rules import Band, HouseRules, option_keys
from referee.rules.tonk.outcome import (
    KINDS,
    DealTonk,
    DoubleDouble,
    Drop,
    Out,
    Outcome,
    StockOut,
    TonkOut,
    parse_outcome,
)
from referee.rules.tonk.presets import PRESETS, preset, rules_from

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
