"""Rules a table stored before version 2 of the house rules settle as they did then.

Version 1 had no `caught_pays_tied`: a caught dropper paid the players who tied them
exactly when a tie was a catch (`caught_on_tie`). Rules stored without the key (a table's
database from before the upgrade, or its file) are read that way, so an old hand that is
edited or imported pays what it paid; rules given now take the spec's default, "all".
"""

from decimal import Decimal

from referee.games.request import settle_request
from referee.rules.tonk import HouseRules, parse_outcome
from referee.scoring.settlement import Payment
from referee.scoring.tonk import settle

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


# Points mode: version 1 doubled a loser's points after any tonk and counted them once
# otherwise; version 2 multiplies them by what the hand pays in chips (2.7). Street pays a
# tonk out with six cards spread 3 and a tonk on the deal of 49-50 2 (bands), out 1.
STREET_POINTS = {"caught_on_tie": True, "scoring": "points", "tonk_out_six_pays": 3,
                 "tonk_out_needs_six": False, "drop_win_pays": 2, "out_pays": 1,
                 "double_double_pays": 4, "caught_pays": 3,
                 "deal_tonks": [{"min": 49, "max": 50, "pays": 3}]}  # fmt: skip
ABC = ["Anna", "Ben", "Carla"]
HELD = {"Ben": 7, "Carla": 4}

POINTS_THEN_AND_NOW = [
    # outcome, points then (version 1), points now (version 2)
    ({"kind": "tonk_out", "player": "Anna", "spread_six": True, "totals": HELD},
     {"Anna": 0, "Ben": 14, "Carla": 8}, {"Anna": 0, "Ben": 21, "Carla": 12}),
    ({"kind": "tonk_out", "player": "Anna", "spread_six": False, "totals": HELD},
     {"Anna": 0, "Ben": 14, "Carla": 8}, {"Anna": 0, "Ben": 14, "Carla": 8}),
    ({"kind": "deal_tonk", "totals": {"Anna": 50, "Ben": 30, "Carla": 20}},
     {"Anna": 0, "Ben": 60, "Carla": 40}, {"Anna": 0, "Ben": 90, "Carla": 60}),
    ({"kind": "double_double", "player": "Anna", "totals": {"Anna": 0, "Ben": 7, "Carla": 4}},
     {"Anna": 0, "Ben": 14, "Carla": 8}, {"Anna": 0, "Ben": 28, "Carla": 16}),
    ({"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 7, "Carla": 4}},
     {"Anna": 0, "Ben": 7, "Carla": 4}, {"Anna": 0, "Ben": 14, "Carla": 8}),
    ({"kind": "drop", "player": "Anna", "totals": {"Anna": 5, "Ben": 7, "Carla": 4}},
     {"Anna": 15, "Ben": 7, "Carla": 0}, {"Anna": 15, "Ben": 7, "Carla": 0}),
    ({"kind": "out", "player": "Anna", "totals": HELD},
     {"Anna": 0, "Ben": 7, "Carla": 4}, {"Anna": 0, "Ben": 7, "Carla": 4}),
]  # fmt: skip


def test_points_stored_before_version_2_score_as_then_and_rules_given_now_as_now():
    then = HouseRules.from_stored(STREET_POINTS)
    now = HouseRules.from_json(STREET_POINTS)
    assert then.stored_before_v2 and not now.stored_before_v2
    for outcome, points_then, points_now in POINTS_THEN_AND_NOW:
        assert settle(then, ABC, parse_outcome(outcome)).points == points_then, outcome
        assert settle(now, ABC, parse_outcome(outcome)).points == points_now, outcome


def test_a_tonk_out_short_of_six_where_six_are_needed_counted_once_then():
    then = HouseRules.from_stored({**STREET_POINTS, "tonk_out_needs_six": True})
    short = {"kind": "tonk_out", "player": "Anna", "spread_six": False, "totals": HELD}
    assert settle(then, ABC, parse_outcome(short)).points == {"Anna": 0, "Ben": 7, "Carla": 4}


def test_rules_stored_before_version_2_are_stored_again_in_that_form_and_changes_are_now():
    then = HouseRules.from_stored(STREET_POINTS)
    stored = then.to_stored()
    assert "caught_pays_tied" not in stored and "stored_before_v2" not in stored
    assert HouseRules.from_stored(stored) == then
    assert then.to_json()["caught_pays_tied"] == "all"
    changed = then.with_changes({"stake": 2})
    assert not changed.stored_before_v2 and changed.to_stored()["caught_pays_tied"] == "all"
    assert HouseRules.from_stored(HouseRules().to_stored()) == HouseRules()


def test_the_rules_sheet_says_old_points_rules_double_after_a_tonk():
    from referee.rules.tonk.wording import rule_sentences

    def scoring(rules):
        return next(s for key, _, s in rule_sentences(rules) if key == "scoring")

    assert "doubled after a tonk" in scoring(HouseRules.from_stored(STREET_POINTS))
    assert "before version 2" in scoring(HouseRules.from_stored(STREET_POINTS))
    assert "times what the hand would pay in chips" in scoring(HouseRules.from_json(STREET_POINTS))
