"""The presets a Tongits table starts from (tongits.md section 4)."""

from typing import Any

from referee.rules.options import preset_in
from referee.rules.said import said
from referee.rules.tongits.house_rules import TongitsRules

DEFAULT_PRESET = "tongits"

PRESETS: dict[str, TongitsRules] = {
    # 003 and common play: the defaults of section 1.
    "tongits": TongitsRules(),
    # 003's variant: the pot after three wins in a row, an extra payment on the second.
    "three-hits": TongitsRules.from_json({"jackpot_wins": 3, "second_win_bonus": 1}),
    # The "1-3-5" table: 1 to the pot, 3 for an ordinary win, 5 for a big one.
    "1-3-5": TongitsRules.from_json(
        {
            "fold_pays": 3,
            "stock_out_pays": 3,
            "fight_pays": 5,
            "tongits_pays": 5,
            "bisaklat_pays": 5,
            "ace_bonus": 1,
            "burned_factor": 1,
        }
    ),
    # 003's Joker mode (tongits.md 6.10): two jokers in the deck, each paid to the winner.
    "joker": TongitsRules.from_json({"jokers": 2, "joker_bonus": 1}),
}

# What each preset changes, in a line, as the start page offers it (section 4).
PRESET_WORDS: dict[str, str] = {
    "tongits": said(
        "The usual rules: 1 stake to the pot each game, the pot to two wins in a row, "
        "a tong-its pays 2, a burned loser pays double."
    ),
    "three-hits": said(
        "The pot to three wins in a row, and 1 more stake from each player on the second."
    ),
    "1-3-5": said(
        "1 to the pot, 3 for an ordinary win, 5 for a big one (tong-its, bisaklat, a lost "
        "fight), 1 per ace; a burned loser pays no more."
    ),
    "joker": said(
        "Joker mode: two jokers in the deck; each loser pays the winner 1 per joker in their cards."
    ),
}


def preset(name: Any) -> TongitsRules:
    """The rules of a Tongits preset by name, refused with the list of names when unknown."""
    return preset_in(PRESETS, name)


def rules_from(preset_name: Any = DEFAULT_PRESET, changes: Any = None) -> TongitsRules:
    """A Tongits preset with the table's own changes on top."""
    base = preset(preset_name)
    return base if changes is None else base.with_changes(changes)
