"""One table-driven test per Tongits option (tongits.md section 1): the payout change it makes.

Each row: a game (its outcome, players and state), what it settles to under the
`tongits` preset, and what it settles to with the option changed. `REFUSED` marks a game
the rules refuse.
"""

from decimal import Decimal

import pytest

from referee.rules import Refusal
from referee.rules.tongits.house_rules import TABLE_TALK, option_group, option_keys
from tests.tongits_helpers import ABC, ABCD, amounts, settled

REFUSED = "refused"
FIRST_DRAW = {"kind": "draw", "caller": "Ben", "fought": ["Anna"],
              "totals": {"Ben": 6, "Anna": 11}, "burned": ["Carla"]}  # fmt: skip
BEN_ON_ONE = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Ben", "wins": 1}}
TONG_ITS = {"kind": "tongits", "player": "Ben"}
CALLED = {"kind": "draw", "caller": "Ben"}
CALLER_PAYS = {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
               "totals": {"Ben": 8, "Anna": 5, "Carla": 12}}  # fmt: skip
SEVENS = {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
          "totals": {"Anna": 7, "Ben": 7, "Carla": 7}}  # fmt: skip


def bonus(**held):
    return {**TONG_ITS, "bonuses": {"Ben": held}}


# fmt: off
CASES = [
    # option change, outcome, players, state, net under `tongits`, net with the change
    ({"stake": Decimal("0.25")}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna="-0.5", Ben=1, Carla="-0.5")),
    ({"seats": 4}, CALLED, ABCD, None,
     REFUSED, amounts(Anna=-1, Ben=3, Carla=-1, Dan=-1)),
    ({"seats": 4}, CALLED, ABC, None,
     amounts(Anna=-1, Ben=2, Carla=-1), REFUSED),
    # The ante is what the pot holds when it is taken: Ben's second win takes 2 each, or 1.
    ({"ante": 0}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"ante": 3}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-6, Ben=12, Carla=-6)),
    # Three wins to take the pot: a second win pays second_win_bonus instead.
    ({"jackpot_wins": 3}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"jackpot_wins": 3, "second_win_bonus": 0}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"jackpot_wins": 3, "second_win_bonus": 4}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-6, Ben=12, Carla=-6)),
    # Ignored with jackpot_wins 2.
    ({"second_win_bonus": 5}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-4, Ben=8, Carla=-4)),
    ({"tongits_pays": 3}, TONG_ITS, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"fold_pays": 3}, CALLED, ABC, None,
     amounts(Anna=-1, Ben=2, Carla=-1), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"fight_pays": 4}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-4, Ben=6, Carla=-2)),
    ({"stock_out_pays": 2}, {"kind": "stock_out", "totals": {"Anna": 4, "Ben": 9, "Carla": 5}},
     ABC, None, amounts(Anna=2, Ben=-1, Carla=-1), amounts(Anna=4, Ben=-2, Carla=-2)),
    # A bisaklat takes the pot of a first game too: this game's antes, 1 from each.
    ({"bisaklat_pays": 3}, {"kind": "bisaklat", "player": "Ben"}, ABC, None,
     amounts(Anna=-3, Ben=6, Carla=-3), amounts(Anna=-4, Ben=8, Carla=-4)),
    ({"burned_factor": 1}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-2, Ben=3, Carla=-1)),
    ({"burned_factor": 3}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-2, Ben=5, Carla=-3)),
    ({"secret_bonus": 0}, bonus(secret=1), ABC, None,
     amounts(Anna=-3, Ben=6, Carla=-3), amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"secret_bonus": 2}, bonus(secret=2), ABC, None,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-6, Ben=12, Carla=-6)),
    ({"escalera_bonus": 2}, bonus(escalera=1), ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-4, Ben=8, Carla=-4)),
    ({"ace_bonus": 1}, bonus(aces=3), ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-5, Ben=10, Carla=-5)),
    # The three-way tie goes to the caller's right: Carla after Ben, or Anna before him.
    ({"play_direction": "clockwise"}, SEVENS, ABC, None,
     amounts(Anna=-2, Ben=-2, Carla=4), amounts(Anna=4, Ben=-2, Carla=-2)),
    ({"sapaw_blocks_draw": False}, {**CALLED, "sapaw_on_caller": True}, ABC, None,
     REFUSED, amounts(Anna=-1, Ben=2, Carla=-1)),
    # Version 2 (section 6). A bisaklat of a first game takes the antes: 1 each, or 1 + 2.
    ({"opening_ante": 2}, {"kind": "bisaklat", "player": "Ben"}, ABC, None,
     amounts(Anna=-3, Ben=6, Carla=-3), amounts(Anna=-5, Ben=10, Carla=-5)),
    ({"jackpot_wins": 1}, TONG_ITS, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-3, Ben=6, Carla=-3)),
    ({"run_bonus": 2}, TONG_ITS, ABC, BEN_ON_ONE,
     amounts(Anna=-4, Ben=8, Carla=-4), amounts(Anna=-6, Ben=12, Carla=-6)),
    # The stateless settle takes the pot as sent: Carla's absent share stays 0 (6.7 matches
    # it where seats change, the night's replay).
    ({"joiner_matches_pot": True}, TONG_ITS, ABC,
     {"pot": {"Anna": 1, "Ben": 1}, "streak": {"player": "Ben", "wins": 1}},
     amounts(Anna=-4, Ben=7, Carla=-3), amounts(Anna=-4, Ben=7, Carla=-3)),
    # Carla, burned, folds: 1 × 2, or 1 × 2 + 2.
    ({"burned_extra": 2}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-2, Ben=6, Carla=-4)),
    ({"king_bonus": 1}, bonus(kings=3), ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-5, Ben=10, Carla=-5)),
    # 6.9: Anna's 5 wins; paid by the caller, Carla's 12 pays Ben, who pays Anna.
    ({"draw_pays": "caller"}, CALLER_PAYS, ABC, None,
     amounts(Anna=4, Ben=-2, Carla=-2), amounts(Anna=2, Ben=0, Carla=-2)),
    # Anna's 11 is 5 behind Ben's 6; her whole total is 11.
    ({"point_pays": 1}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-7, Ben=9, Carla=-2)),
    ({"point_pays": 1, "point_pays_on": "total"}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-13, Ben=15, Carla=-2)),
    ({"jokers": 2}, bonus(jokers=1), ABC, None,
     REFUSED, amounts(Anna=-2, Ben=4, Carla=-2)),
    ({"jokers": 2, "joker_bonus": 1}, bonus(jokers=2), ABC, None,
     REFUSED, amounts(Anna=-4, Ben=8, Carla=-4)),
    # What a joker counts is the table's count (6.6): it pays nothing of its own.
    ({"jokers": 2, "joker_points": 10}, FIRST_DRAW, ABC, None,
     amounts(Anna=-2, Ben=4, Carla=-2), amounts(Anna=-2, Ben=4, Carla=-2)),
]
# fmt: on


def _net(outcome, changes, players, state):
    try:
        return settled(outcome, changes, players, state=state).net
    except Refusal:
        return REFUSED


@pytest.mark.parametrize(("changes", "outcome", "players", "state", "before", "after"), CASES)
def test_option_changes_the_payout_as_the_spec_says(changes, outcome, players, state, before,
                                                    after):  # fmt: skip
    assert _net(outcome, None, players, state) == before
    assert _net(outcome, changes, players, state) == after


# Options that change who deals or only what the sheet says are shown by their own tests.
NOT_IN_THE_TABLE = {"unit", "card_values", "next_dealer"}


def test_every_paying_option_has_a_row():
    in_table = {key for changes, *_ in CASES for key in changes}
    paying = {key for key in option_keys() if option_group(key) != TABLE_TALK}
    assert paying - NOT_IN_THE_TABLE == in_table


@pytest.mark.parametrize(
    ("key", "value"),
    [("unit", "₱"), ("card_values", "standard"), ("hand_melds_count", True),
     ("discard_take", "any"), ("same_turn_discard", True), ("ace_low_only", False)],
)  # fmt: skip
def test_the_unit_and_table_talk_are_kept_and_pay_nothing(key, value):
    plain = settled(FIRST_DRAW, state=BEN_ON_ONE)
    changed = settled(FIRST_DRAW, {key: value}, state=BEN_ON_ONE)
    assert changed.payments == plain.payments and changed.net == plain.net
    assert changed.state == plain.state


@pytest.mark.parametrize(
    ("next_dealer", "dealer", "winner_deals"),
    [("winner", "Anna", "Ben"), ("rotate", "Anna", "Ben"), ("rotate", "Carla", "Anna"),
     ("rotate", None, None), ("winner", None, "Ben")],
)  # fmt: skip
def test_next_dealer_is_the_winner_or_the_player_after_the_dealer(
    next_dealer, dealer, winner_deals
):
    game = settled(FIRST_DRAW, {"next_dealer": next_dealer}, state={"dealer": dealer})
    assert game.state.dealer == winner_deals


def test_rotate_passes_the_deal_in_the_order_of_play_even_when_play_is_clockwise():
    """The spec's "the player after this game's dealer": the next name in the list."""
    rules = {"next_dealer": "rotate", "play_direction": "clockwise"}
    assert settled(FIRST_DRAW, rules, state={"dealer": "Anna"}).state.dealer == "Ben"
