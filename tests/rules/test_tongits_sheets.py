"""The Tongits rules sheet and the referee's answers word for word: every sentence and every
answer of section 5, for each preset and for each value of each option, pinned in
tongits_sheets.json.

The sheet and the answers are what players read when they argue, so a changed word must be a
decision: when the wording is changed on purpose, look through the new words and write them
with `.venv/bin/python -m tests.rules.test_tongits_sheets`.
"""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from referee.rules.tongits import PRESETS
from referee.rules.tongits.house_rules import JOKER_OPTIONS, check_of, option_keys
from referee.rules.tongits.questions import answers
from referee.rules.tongits.wording import rule_sentences

SHEETS = Path(__file__).with_name("tongits_sheets.json")
SPECIAL = {"stake": [Decimal("0.5"), Decimal("25")], "unit": ["₱", "pts"]}


def read(rules):
    """The sheet (option: sentence) and the answers (question: answer, cited options)."""
    return {
        "sheet": {key: text for key, _, text in rule_sentences(rules)},
        "answers": {a.question: [a.answer, list(a.options)] for a in answers(rules)},
    }


def sample(key):
    """The values tried for an option: each of its choices, or the ends and middle of its
    range."""
    if key in SPECIAL:
        return SPECIAL[key]
    check = check_of(key)
    if check.choices:
        return list(check.choices)
    if check.kind == "flag":
        return [True, False]
    return sorted({check.low, (check.low + check.high) // 2, check.high})


def changed_words():
    """(key, value) -> the sentences and answers that differ from the tongits preset's."""
    base = PRESETS["tongits"]
    whole = read(base)
    for key in option_keys():
        for value in sample(key):
            # A joker's points and bonus are read where jokers are played (6.1).
            beside = {"jokers": 2} if key in JOKER_OPTIONS else {}
            now = read(base.with_changes({**beside, key: value}))
            yield (
                key,
                str(value) if isinstance(value, Decimal) else value,
                {
                    part: {k: v for k, v in now[part].items() if whole[part].get(k) != v}
                    for part in ("sheet", "answers")
                },
            )


def written():
    return {
        "presets": {name: read(rules) for name, rules in PRESETS.items()},
        "changes": [list(row) for row in changed_words()],
    }


PINNED = json.loads(SHEETS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", PRESETS)
def test_each_preset_reads_exactly_so(name):
    assert read(PRESETS[name]) == PINNED["presets"][name]


def test_each_value_of_each_option_changes_exactly_these_words():
    assert [list(row) for row in changed_words()] == PINNED["changes"]


if __name__ == "__main__":
    SHEETS.write_text(
        json.dumps(written(), ensure_ascii=False, indent=1, sort_keys=False) + "\n",
        encoding="utf-8",
    )
