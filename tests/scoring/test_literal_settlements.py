"""Whole settlements, literally: result, winners, every payment with its reason, the net.

`why` is what the app shows next to each payment (the settle contract), and in points mode
the winners are section 2's winners; both are pinned here for every kind of ending.
"""

from decimal import Decimal

import pytest

from referee.scoring.settlement import Payment, Settlement
from tests.helpers import settled

POINTS = {"scoring": "points"}


def paid(payer, payee, amount, why):
    return Payment(payer, payee, Decimal(amount), why)


def chips(result, winners, payments, **net):
    amounts = {name: Decimal(value) for name, value in net.items()}
    return Settlement(result, winners, tuple(payments), amounts, None)


def points(result, winners, **scores):
    zero = dict.fromkeys(scores, Decimal(0))
    return Settlement(result, winners, (), zero, scores)


CASES = [
    (
        {"kind": "out", "player": "Anna"},
        None,
        chips("out", ("Anna",), [paid("Ben", "Anna", 1, "out"), paid("Carla", "Anna", 1, "out")],
              Anna=2, Ben=-1, Carla=-1),
    ),
    (
        {"kind": "tonk_out", "player": "Ben"},
        None,
        chips("tonk_out", ("Ben",),
              [paid("Anna", "Ben", 2, "tonk out"), paid("Carla", "Ben", 2, "tonk out")],
              Anna=-2, Ben=4, Carla=-2),
    ),
    (
        {"kind": "tonk_out", "player": "Ben", "spread_six": True},
        {"tonk_out_six_pays": 3},
        chips("tonk_out", ("Ben",),
              [paid("Anna", "Ben", 3, "tonk out with six cards spread"),
               paid("Carla", "Ben", 3, "tonk out with six cards spread")],
              Anna=-3, Ben=6, Carla=-3),
    ),
    (
        {"kind": "tonk_out", "player": "Ben", "spread_six": False},
        {"tonk_out_needs_six": True},
        chips("tonk_out", ("Ben",),
              [paid("Anna", "Ben", 1, "out without six cards spread"),
               paid("Carla", "Ben", 1, "out without six cards spread")],
              Anna=-1, Ben=2, Carla=-1),
    ),
    (
        {"kind": "double_double", "player": "Carla"},
        {"double_double_pays": 4},
        chips("double_double", ("Carla",),
              [paid("Anna", "Carla", 4, "double-double"), paid("Ben", "Carla", 4, "double-double")],
              Anna=-4, Ben=-4, Carla=8),
    ),
    (
        {"kind": "deal_tonk", "totals": {"Ben": 49}},
        None,
        chips("deal_tonk", ("Ben",),
              [paid("Anna", "Ben", 2, "tonk on the deal"),
               paid("Carla", "Ben", 2, "tonk on the deal")],
              Anna=-2, Ben=4, Carla=-2),
    ),
    # 25 is the first high tonk (000: "under 25" are low), so it beats the low 20 here.
    (
        {"kind": "deal_tonk", "totals": {"Anna": 25, "Ben": 20}},
        {"deal_tonks": [{"min": 20, "max": 30, "pays": 3}], "deal_tonk_clash": "high_beats_low"},
        chips("deal_tonk", ("Anna",),
              [paid("Ben", "Anna", 3, "tonk on the deal"),
               paid("Carla", "Anna", 3, "tonk on the deal")],
              Anna=6, Ben=-3, Carla=-3),
    ),
    (
        {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 4, "Carla": 7}},
        None,
        chips("stock_out", ("Ben",),
              [paid("Anna", "Ben", 1, "lowest when the stock ran out"),
               paid("Carla", "Ben", 1, "lowest when the stock ran out")],
              Anna=-1, Ben=2, Carla=-1),
    ),
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 4, "Carla": 7}},
        None,
        chips("drop_won", ("Anna",),
              [paid("Ben", "Anna", 1, "drop won"), paid("Carla", "Anna", 1, "drop won")],
              Anna=2, Ben=-1, Carla=-1),
    ),
    # 2.10, the worked example of 001.
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}},
        None,
        chips("caught", ("Ben",),
              [paid("Anna", "Ben", 2, "caught"), paid("Carla", "Ben", 1, "lowest after a catch")],
              Anna=-2, Ben=3, Carla=-1),
    ),
    # With caught_pays_tied "none" a caught dropper pays only the players with lower totals
    # (002: "each of the players who have lower totals than he"): Carla, who tied Anna, gets
    # nothing.
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 10, "Ben": 5, "Carla": 10}},
        {"caught_on_tie": False, "caught_pays_tied": "none", "caught_bonus_from": "none"},
        chips("caught", ("Ben",), [paid("Anna", "Ben", 2, "caught")], Anna=-2, Ben=2, Carla=0),
    ),
    # With it, the player who tied the dropper is paid too, and Ben still takes the bonus.
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 10, "Ben": 5, "Carla": 10}},
        None,
        chips("caught", ("Ben", "Carla"),
              [paid("Anna", "Ben", 2, "caught"), paid("Anna", "Carla", 2, "caught"),
               paid("Carla", "Ben", 1, "lowest after a catch")],
              Anna=-4, Ben=3, Carla=1),
    ),
    # Points mode: no payments, and the winners are the ones who went out or were lowest.
    (
        {"kind": "out", "player": "Anna", "totals": {"Ben": 3, "Carla": 5}},
        POINTS,
        points("out", ("Anna",), Anna=0, Ben=3, Carla=5),
    ),
    (
        {"kind": "tonk_out", "player": "Anna", "totals": {"Ben": 3, "Carla": 5}},
        POINTS,
        points("tonk_out", ("Anna",), Anna=0, Ben=6, Carla=10),
    ),
    # Points mirror chips (2.7 of version 2): a tonk out with six cards spread multiplies the
    # points left by tonk_out_six_pays, a double-double by double_double_pays.
    (
        {"kind": "tonk_out", "player": "Anna", "spread_six": True,
         "totals": {"Ben": 3, "Carla": 5}},
        {**POINTS, "tonk_out_six_pays": 4},
        points("tonk_out", ("Anna",), Anna=0, Ben=12, Carla=20),
    ),
    (
        {"kind": "double_double", "player": "Ben", "totals": {"Carla": 5}},
        {**POINTS, "double_double_pays": 4},
        points("double_double", ("Ben",), Anna=0, Ben=0, Carla=20),
    ),
    (
        {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 4, "Carla": 7}},
        POINTS,
        points("drop_won", ("Anna",), Anna=0, Ben=4, Carla=7),
    ),
    (
        {"kind": "stock_out", "totals": {"Anna": 9, "Ben": 4, "Carla": 7}},
        POINTS,
        points("stock_out", ("Ben",), Anna=9, Ben=0, Carla=7),
    ),
]  # fmt: skip


@pytest.mark.parametrize(("outcome", "rules", "settlement"), CASES)
def test_a_hand_settles_to_exactly_this(outcome, rules, settlement):
    assert settled(outcome, rules) == settlement
