"""Rules a table stored before version 2 of the house rules settle as they did then.

Version 1 had no `caught_pays_tied`: a caught dropper paid the players who tied them
exactly when a tie was a catch (`caught_on_tie`). Rules stored without the key (a table's
database from before the upgrade, or its file) are read that way, so an old hand that is
edited or imported pays what it paid; rules given now take the spec's default, "all".
"""

from decimal import Decimal

from referee.rules import HouseRules, parse_outcome
from referee.scoring import settle, settle_request
from referee.scoring.settlement import Payment

DROP = {"kind": "drop", "player": "Anna", "totals": {"Anna": 5, "Ben": 5, "Carla": 3}}


def test_stored_without_the_key_a_tie_is_paid_exactly_when_it_is_a_catch():
    assert HouseRules.from_stored({"caught_on_tie": False}).caught_pays_tied == "none"
    assert HouseRules.from_stored({"caught_on_tie": True}).caught_pays_tied == "all"
    assert HouseRules.from_stored({}).caught_pays_tied == "all"
    stored_now = {"caught_on_tie": False, "caught_pays_tied": "lowest"}
    assert HouseRules.from_stored(stored_now).caught_pays_tied == "lowest"
    assert HouseRules.from_json({"caught_on_tie": False}).caught_pays_tied == "all"


def test_an_old_table_without_caught_on_tie_pays_only_the_lower_total_as_it_did():
    # Anna's 5 is caught by Carla's 3; Ben tied Anna: version 1 paid him nothing.
    rules = HouseRules.from_stored({"caught_on_tie": False})
    hand = settle(rules, ["Anna", "Ben", "Carla"], parse_outcome(DROP))
    assert hand.payments == (
        Payment("Anna", "Carla", Decimal(2), "caught"),
        Payment("Ben", "Carla", Decimal(1), "lowest after a catch"),
    )


def test_the_same_rules_given_now_pay_the_tie_as_version_2_says():
    answer = settle_request({"players": ["Anna", "Ben", "Carla"], "outcome": DROP,
                             "rules": {"caught_on_tie": False}})  # fmt: skip
    assert answer.net == {"Anna": Decimal(-4), "Ben": Decimal(1), "Carla": Decimal(3)}
