"""The presets a table starts from (section 3 of the house-rules spec)."""

from typing import Any

from referee.rules.options import preset_in
from referee.rules.said import said
from referee.rules.tonk.house_rules import HouseRules

_BLACK_COMPANY = {
    "deal_tonks": [{"min": 0, "max": 15, "pays": 2}, {"min": 49, "max": 50, "pays": 2}],
    "tonk_out_pays": 1,
    "caught_on_tie": False,
    "caught_pays_tied": "none",
    "caught_bonus_from": "none",
}

PRESETS: dict[str, HouseRules] = {
    "classic": HouseRules(),
    "street": HouseRules.from_json(
        {
            "deal_tonks": [{"min": 50, "max": 50, "pays": 2}],
            "deal_tonk_clash": "low_beats_high",
            "tonk_out_six_pays": 3,
            "caught_pays": 1,
            "caught_pays_tied": "lowest",
            "caught_bonus_from": "all",
            "caught_bonus_tie": "all",
            "hits_stack": True,
            "discard_take": "top_two",
            "ace": "low_or_high",
        }
    ),
    "black-company": HouseRules.from_json(_BLACK_COMPANY),
    "seattle": HouseRules.from_json(
        {
            **_BLACK_COMPANY,
            "hand_size": 7,
            "deal_tonks": [{"min": 0, "max": 15, "pays": 2}, {"min": 49, "max": 70, "pays": 2}],
        }
    ),
}

# What each preset changes, in a line, as the start page offers it (section 3).
PRESET_WORDS: dict[str, str] = {
    "classic": said(
        "The usual rules: a tonk on the deal at 49 or 50 pays 2 stakes, a tonk out 2, "
        "a caught drop 2."
    ),
    "street": said(
        "A tonk on the deal at 50 only; a tonk out on six cards pays 3; a caught drop pays 1, "
        "and the lowest takes a stake from everyone; the ace is high or low; either of the "
        "top two discards may be taken."
    ),
    "black-company": said(
        "A tonk on the deal at 15 or under, or 49 or 50; a tonk out pays 1; a tie does not "
        "catch a drop, and a catch pays no bonus."
    ),
    "seattle": said(
        "As Black Company, with 7 cards dealt and a tonk on the deal at 15 or under, or 49 to 70."
    ),
}


def preset(name: Any) -> HouseRules:
    """The rules of a preset by name, refused with the list of names when unknown."""
    return preset_in(PRESETS, name)


def rules_from(preset_name: Any = "classic", changes: Any = None) -> HouseRules:
    """A preset with the table's own changes on top."""
    base = preset(preset_name)
    return base if changes is None else base.with_changes(changes)
