"""The rules sheet word for word: every sentence, for each preset and for each value of each
option (in chips and in points), pinned in rules_sheets.json.

The sheet is what players read, so a changed word must be a decision: when the wording is
changed on purpose, look through the new sentences and write them with
`.venv/bin/python -m tests.rules.test_wording_sheets`.
"""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from referee.rules.tonk import PRESETS, HouseRules, option_keys
from referee.rules.tonk.wording import rule_sentences
from tests.rules.test_wording import choices, with_value

SHEETS = Path(__file__).with_name("rules_sheets.json")
BASES = {**PRESETS, "points": HouseRules.from_json({"scoring": "points"})}


def sheet(rules):
    return {key: text for key, _, text in rule_sentences(rules)}


def sample(key):
    """The values tried for an option: all of a short list, the ends and a few of a range."""
    values = choices(key)
    if len(values) > 6:
        values = [*values[:3], *values[-2:]]
    return values


def as_json(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return [{"min": b.min, "max": b.max, "pays": b.pays} for b in value]
    return value


def changed_sheets():
    """(base, key, value) -> the sentences that differ from the base's sheet."""
    for base in ("classic", "points"):
        whole = sheet(BASES[base])
        for key in option_keys():
            for value in sample(key):
                changed = sheet(with_value(key, value, BASES[base]))
                yield base, key, as_json(value), {k: t for k, t in changed.items() if whole[k] != t}


def written():
    return {
        "sheets": {name: sheet(rules) for name, rules in BASES.items()},
        "changes": [list(row) for row in changed_sheets()],
    }


PINNED = json.loads(SHEETS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", BASES)
def test_each_preset_has_exactly_this_sheet(name):
    assert sheet(BASES[name]) == PINNED["sheets"][name]


@pytest.mark.parametrize(
    ("base", "key", "value", "sentences"),
    PINNED["changes"],
    ids=[f"{base}-{key}-{value}" for base, key, value, _ in PINNED["changes"]],
)
def test_changing_one_option_changes_exactly_these_sentences(base, key, value, sentences):
    if key == "stake":
        value = Decimal(value)
    if key == "deal_tonks":
        value = [dict(band) for band in value]
    changed = sheet(BASES[base].with_changes({key: value}))
    whole = PINNED["sheets"][base]
    assert {k: t for k, t in changed.items() if whole[k] != t} == sentences


if __name__ == "__main__":
    SHEETS.write_text(json.dumps(written(), indent=1, ensure_ascii=False) + "\n", "utf-8")
