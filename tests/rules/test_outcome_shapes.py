"""What an outcome is, pinned where `make mutation` found nothing noticed a change: the
kinds a table can end a hand with, when totals are asked, the most cards held, names of
exactly the longest length, the contract's JSON of an outcome, and two refusals that must
not reach further than their rule."""

import pytest

from referee.rules import Refusal
from referee.rules.limits import MAX_NAME_LENGTH
from referee.rules.players import check_name
from referee.rules.tonk import HouseRules, parse_outcome
from referee.rules.tonk.outcome import (
    DealTonk,
    asks_totals,
    check_outcome,
    most_cards,
    playable_kinds,
)

ABC = ["Anna", "Ben", "Carla"]
EVERY_KIND = ["deal_tonk", "tonk_out", "double_double", "out", "drop", "stock_out"]


def test_the_kinds_a_table_plays_follow_its_bands_and_its_double_double():
    assert playable_kinds(HouseRules()) == ["deal_tonk", "tonk_out", "out", "drop", "stock_out"]
    no_bands = HouseRules.from_json({"deal_tonks": [], "double_double_pays": 4})
    assert playable_kinds(no_bands) == ["tonk_out", "double_double", "out", "drop", "stock_out"]
    assert playable_kinds(HouseRules.from_json({"double_double_pays": 4})) == EVERY_KIND


def test_totals_are_asked_for_a_tonk_on_the_deal_a_drop_a_stock_out_and_all_in_points():
    chips = HouseRules()
    assert [kind for kind in EVERY_KIND if asks_totals(kind, chips)] == [
        "deal_tonk",
        "drop",
        "stock_out",
    ]
    points = HouseRules.from_json({"scoring": "points"})
    assert [kind for kind in EVERY_KIND if asks_totals(kind, points)] == EVERY_KIND


def test_only_a_dropper_at_a_table_that_drops_any_time_may_hold_one_more_card():
    any_time = HouseRules.from_json({"drop_when": "any_time"})
    assert most_cards(any_time) == 5
    assert most_cards(any_time, dropper=True) == 6
    assert most_cards(HouseRules(), dropper=True) == 5


def test_a_name_of_exactly_the_longest_length_is_a_name():
    longest = "A" * MAX_NAME_LENGTH
    assert check_name(longest) == longest
    with pytest.raises(Refusal) as refused:
        check_name(longest + "A")
    assert (refused.value.field, refused.value.player) == ("players", longest)  # as shown


def test_an_outcome_writes_every_fact_given_after_one_not_given():
    # A tonk out in chips has no totals (not given) but says whether six cards were spread.
    told = parse_outcome({"kind": "tonk_out", "player": "Anna", "spread_six": True})
    assert told.to_json() == {"kind": "tonk_out", "player": "Anna", "spread_six": True}


def test_an_outcome_writes_its_totals_as_a_plain_object():
    outcome = DealTonk(totals={"Ben": 50})
    written = outcome.to_json()
    assert written == {"kind": "deal_tonk", "totals": {"Ben": 50}}
    assert type(written["totals"]) is dict  # what json.dumps can write
    assert written["totals"] is not outcome.totals  # a copy: the frozen outcome stays as read


def test_who_drew_last_is_asked_only_when_the_lowest_total_is_shared():
    rules = HouseRules.from_json({"stock_out_tie": "last_draw"})
    alone = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 8, "Carla": 12}}
    check_outcome(rules, ABC, parse_outcome(alone))  # Anna alone is lowest: nothing to ask
    shared = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 12}}
    with pytest.raises(Refusal) as refused:
        check_outcome(rules, ABC, parse_outcome(shared))
    assert refused.value.field == "last_draw"


def test_after_an_out_in_points_nobody_holds_the_droppers_extra_card():
    # Dropping any time lets a dropper hold six cards; after an out nobody dropped.
    rules = HouseRules.from_json({"scoring": "points", "drop_when": "any_time"})
    out = {"kind": "out", "player": "Anna", "totals": {"Ben": 55, "Carla": 3}}
    with pytest.raises(Refusal) as refused:
        check_outcome(rules, ABC, parse_outcome(out))
    assert refused.value.message == (
        "Ben: a total of 55 cannot be; holding at most 5 cards, a player has 1 to 50 points "
        "(a player with no cards has gone out)"
    )
    assert (refused.value.field, refused.value.player) == ("totals", "Ben")


def test_totals_that_need_every_card_of_the_deck_can_all_be_held():
    # Twelve-card hands from 40 cards: Anna's 120 takes the twelve 10s, and the 28 other
    # cards make exactly 72, 36 and 4. Nobody else holds a card, so nothing is missing.
    rules = HouseRules.from_json({"deck": "40", "hand_size": 12})
    totals = {"Anna": 120, "Ben": 72, "Carla": 36, "Dan": 4}
    check_outcome(rules, [*ABC, "Dan"], parse_outcome({"kind": "stock_out", "totals": totals}))
