"""What a hand form asks of each Tongits ending, as the core decides it (`facts_asked`):
the form asks the core, and asks nothing the rules of that ending do not need."""

from dataclasses import replace

import pytest

from referee.rules.tongits import TongitsRules
from referee.rules.tongits.outcome import facts_asked, kind_needs_totals

BLOCKS = TongitsRules()  # a lay-off on the caller stops a call (the default)
DOES_NOT_BLOCK = replace(BLOCKS, sapaw_blocks_draw=False)


@pytest.mark.parametrize(
    ("kind", "rules", "asked"),
    [
        ("tongits", BLOCKS, {"burned"}),
        ("bisaklat", BLOCKS, set()),  # before anyone's first turn: nobody is burned
        ("draw", BLOCKS, {"totals", "fought", "sapaw_on_caller", "burned"}),
        ("draw", DOES_NOT_BLOCK, {"totals", "fought", "burned"}),
        ("stock_out", BLOCKS, {"totals", "last_card", "burned"}),
        ("stock_out", DOES_NOT_BLOCK, {"totals", "last_card", "burned"}),
    ],
)
def test_each_ending_asks_what_its_rules_need(kind, rules, asked):
    assert facts_asked(kind, rules) == asked
    assert ("totals" in asked) == kind_needs_totals(kind)
