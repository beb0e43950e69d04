"""Tongits version 2 (tongits.md section 6), literally: every worked example of 6.9, and the
cases around them that section 6 decides (a caller losing a tie, pairs paid by the caller,
the run, the jackpot after 1 to 5 wins, the opening ante, a joiner matching the pot)."""

from decimal import Decimal

import pytest

from referee.rules.tongits import PRESETS, parse_outcome
from referee.scoring.tongits.night import PlayedGame, matched, replay
from tests.tongits_helpers import amounts, rows, settled

BEN_ON_ONE = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Ben", "wins": 1}}
FOUGHT = {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 6, "Anna": 11}}
CALLER_PAYS = {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
               "totals": {"Ben": 8, "Anna": 5, "Carla": 12}}  # fmt: skip


def state_of(settlement):
    """The state after the game as plain JSON, amounts as Decimal (Decimal(1) == 1)."""
    return settlement.state.to_json()


def pot_each(amount, names=("Anna", "Ben", "Carla")):
    return dict.fromkeys(names, Decimal(amount))


# 6.9, one test per worked example


def test_a_flat_burn_penalty():
    game = settled({**FOUGHT, "burned": ["Carla"]}, {"burned_factor": 1, "burned_extra": 2})
    assert rows(game) == [
        ("Anna", "Ben", "2", "lost the fight"),
        ("Carla", "Ben", "3", "folded, burned"),
    ]
    assert game.net == amounts(Anna=-2, Ben=5, Carla=-3)
    assert game.pot_won == 0
    assert state_of(game) == {
        "pot": pot_each(1),
        "streak": {"player": "Ben", "wins": 1},
        "dealer": "Ben",
    }


def test_points_behind():
    game = settled(FOUGHT, {"point_pays": 1})
    assert rows(game) == [
        ("Anna", "Ben", "2", "lost the fight"),
        ("Anna", "Ben", "5", "points behind"),
        ("Carla", "Ben", "1", "folded"),
    ]
    assert game.net == amounts(Anna=-7, Ben=8, Carla=-1)
    assert game.pot_won == 0 and state_of(game)["pot"] == pot_each(1)


def test_paid_by_the_caller():
    game = settled(CALLER_PAYS, {"draw_pays": "caller"})
    assert (game.result, game.winners) == ("draw_lost", ("Anna",))
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Carla", "Ben", "2", "lost the fight"),
    ]
    assert game.net == amounts(Anna=2, Ben=0, Carla=-2)
    assert state_of(game) == {
        "pot": pot_each(1),
        "streak": {"player": "Anna", "wins": 1},
        "dealer": "Anna",
    }


def test_paid_by_the_caller_with_points_behind():
    game = settled(CALLER_PAYS, {"draw_pays": "caller", "point_pays": 1})
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Anna", "3", "points behind"),
        ("Carla", "Ben", "2", "lost the fight"),
        ("Carla", "Ben", "4", "points behind"),
    ]
    assert game.net == amounts(Anna=5, Ben=1, Carla=-6)
    assert game.winners == ("Anna",)


def test_an_opening_ante_and_the_pot_every_game():
    stock_out = {"kind": "stock_out", "totals": {"Anna": 10, "Ben": 3, "Carla": 7}}
    game = settled(stock_out, {"opening_ante": 1, "jackpot_wins": 1})
    assert rows(game) == [
        ("Anna", "Ben", "1", "lowest count"),
        ("Anna", "Ben", "2", "pot"),
        ("Carla", "Ben", "1", "lowest count"),
        ("Carla", "Ben", "2", "pot"),
    ]
    assert game.net == amounts(Anna=-3, Ben=6, Carla=-3)
    assert game.pot_won == 6
    assert state_of(game) == {
        "pot": pot_each(0),
        "streak": {"player": "Ben", "wins": 1},
        "dealer": "Ben",
    }


def test_a_run_bonus():
    game = settled({"kind": "tongits", "player": "Ben"}, {"run_bonus": 1}, state=BEN_ON_ONE)
    assert rows(game) == [
        ("Anna", "Ben", "2", "tong-its"),
        ("Anna", "Ben", "1", "run"),
        ("Anna", "Ben", "2", "pot"),
        ("Carla", "Ben", "2", "tong-its"),
        ("Carla", "Ben", "1", "run"),
        ("Carla", "Ben", "2", "pot"),
    ]
    assert game.net == amounts(Anna=-5, Ben=10, Carla=-5)
    assert game.pot_won == 6
    assert state_of(game)["pot"] == pot_each(0)
    assert state_of(game)["streak"] == {"player": "Ben", "wins": 2}


def test_joker_mode():
    tong_its = {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"jokers": 1}}}
    game = settled(tong_its, preset="joker")
    assert rows(game) == [
        ("Anna", "Ben", "2", "tong-its"),
        ("Anna", "Ben", "1", "jokers"),
        ("Carla", "Ben", "2", "tong-its"),
        ("Carla", "Ben", "1", "jokers"),
    ]
    assert game.net == amounts(Anna=-3, Ben=6, Carla=-3)
    assert game.pot_won == 0 and state_of(game)["pot"] == pot_each(1)


# 6.4: a caller who loses a tie


TIED = {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 7, "Anna": 7}}


@pytest.mark.parametrize("draw_pays", ["winner", "caller"])
def test_a_caller_losing_a_tie_is_no_points_behind(draw_pays):
    game = settled(TIED, {"point_pays": 2, "draw_pays": draw_pays})
    folded_to = "Anna" if draw_pays == "winner" else "Ben"
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Carla", folded_to, "1", "folded"),
    ]
    assert game.winners == ("Anna",)


@pytest.mark.parametrize("draw_pays", ["winner", "caller"])
def test_a_caller_losing_a_tie_pays_their_points_in_hand(draw_pays):
    game = settled(TIED, {"point_pays": 2, "point_pays_on": "total", "draw_pays": draw_pays})
    folded_to = "Anna" if draw_pays == "winner" else "Ben"
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Anna", "14", "points in hand"),
        ("Carla", folded_to, "1", "folded"),
    ]


def test_points_are_paid_only_inside_the_fight():
    """A folded player's total is checked, never paid on; the points are per point_pays."""
    game = settled({**FOUGHT, "totals": {"Ben": 6, "Anna": 11, "Carla": 40}}, {"point_pays": 3})
    assert rows(game) == [
        ("Anna", "Ben", "2", "lost the fight"),
        ("Anna", "Ben", "15", "points behind"),
        ("Carla", "Ben", "1", "folded"),
    ]


def test_points_are_not_paid_when_nobody_fought_or_at_other_endings():
    called = settled({"kind": "draw", "caller": "Ben"}, {"point_pays": 5})
    assert rows(called) == [("Anna", "Ben", "1", "folded"), ("Carla", "Ben", "1", "folded")]
    stock_out = {"kind": "stock_out", "totals": {"Anna": 10, "Ben": 3, "Carla": 7}}
    counted = settled(stock_out, {"point_pays": 5, "point_pays_on": "total"})
    assert rows(counted) == [
        ("Anna", "Ben", "1", "lowest count"),
        ("Carla", "Ben", "1", "lowest count"),
    ]


# 6.5: pairs paid by the caller


def test_pairs_with_a_burned_folder_and_a_burn_penalty_added():
    """Carla, burned, pays the caller 1 × 2 + 1; Anna wins the game and its king bonus,
    from the caller too."""
    draw = {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 8, "Anna": 5},
            "burned": ["Carla"], "bonuses": {"Anna": {"kings": 1}}}  # fmt: skip
    game = settled(draw, {"draw_pays": "caller", "burned_extra": 1, "king_bonus": 1})
    assert (game.result, game.winners) == ("draw_lost", ("Anna",))
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Anna", "1", "kings"),
        ("Carla", "Ben", "3", "folded, burned"),
        ("Carla", "Anna", "1", "kings"),
    ]
    assert game.net == amounts(Anna=4, Ben=0, Carla=-4)


def test_a_caller_beaten_by_both_fighters_pays_each_by_payee_in_the_order_of_play():
    draw = {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
            "totals": {"Ben": 8, "Anna": 5, "Carla": 8}}  # fmt: skip
    game = settled(draw, {"draw_pays": "caller", "point_pays": 1})
    assert game.winners == ("Anna",)
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Carla", "2", "lost the fight"),
        ("Ben", "Anna", "3", "points behind"),
    ]
    assert game.net == amounts(Anna=5, Ben=-7, Carla=2)


def test_paid_by_the_caller_with_nobody_fighting_is_paid_to_the_winner():
    draw = {"kind": "draw", "caller": "Carla", "burned": ["Anna"]}
    game = settled(draw, {"draw_pays": "caller", "burned_extra": 3})
    assert rows(game) == [
        ("Anna", "Carla", "5", "folded, burned"),
        ("Ben", "Carla", "1", "folded"),
    ]


def test_a_fighter_who_wins_collects_the_bonus_run_and_pot_from_everyone_pairs_kept():
    draw = {**CALLER_PAYS, "bonuses": {"Anna": {"secret": 1}}}
    state = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Anna", "wins": 1}}
    game = settled(draw, {"draw_pays": "caller", "run_bonus": 1}, state=state)
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Anna", "1", "secret"),
        ("Ben", "Anna", "1", "run"),
        ("Ben", "Anna", "2", "pot"),
        ("Carla", "Ben", "2", "lost the fight"),
        ("Carla", "Anna", "1", "secret"),
        ("Carla", "Anna", "1", "run"),
        ("Carla", "Anna", "2", "pot"),
    ]
    assert game.net == amounts(Anna=10, Ben=-4, Carla=-6)
    assert game.winners == ("Anna",) and game.pot_won == 6


# 6.2: every part in its order


def test_every_part_of_a_payers_rows_in_the_order_of_6_2():
    draw = {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 9, "Anna": 4},
            "bonuses": {"Anna": {"secret": 1, "escalera": 1, "aces": 2, "kings": 1,
                                 "jokers": 1}}}  # fmt: skip
    changes = {"secret_bonus": 1, "escalera_bonus": 1, "ace_bonus": 1, "king_bonus": 1,
               "run_bonus": 1, "jackpot_wins": 3, "point_pays": 1}  # fmt: skip
    state = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Anna", "wins": 1}}
    game = settled(draw, changes, preset="joker", state=state)
    assert rows(game) == [
        ("Ben", "Anna", "2", "lost the fight"),
        ("Ben", "Anna", "5", "points behind"),
        ("Ben", "Anna", "1", "secret"),
        ("Ben", "Anna", "1", "escalera"),
        ("Ben", "Anna", "2", "aces"),
        ("Ben", "Anna", "1", "kings"),
        ("Ben", "Anna", "1", "jokers"),
        ("Ben", "Anna", "1", "run"),
        ("Ben", "Anna", "1", "second win"),
        ("Carla", "Anna", "1", "folded"),
        ("Carla", "Anna", "1", "secret"),
        ("Carla", "Anna", "1", "escalera"),
        ("Carla", "Anna", "2", "aces"),
        ("Carla", "Anna", "1", "kings"),
        ("Carla", "Anna", "1", "jokers"),
        ("Carla", "Anna", "1", "run"),
        ("Carla", "Anna", "1", "second win"),
    ]
    assert game.net == amounts(Anna=24, Ben=-15, Carla=-9)
    assert game.pot_won == 0 and state_of(game)["pot"] == pot_each(2)


def test_the_bonuses_and_the_run_are_never_raised_for_a_burned_loser():
    tong_its = {"kind": "tongits", "player": "Ben", "burned": ["Anna"],
                "bonuses": {"Ben": {"kings": 2}}}  # fmt: skip
    changes = {"burned_factor": 3, "burned_extra": 1, "king_bonus": 1, "run_bonus": 2}
    game = settled(tong_its, changes, state=BEN_ON_ONE)
    assert rows(game) == [
        ("Anna", "Ben", "7", "tong-its, burned"),
        ("Anna", "Ben", "2", "kings"),
        ("Anna", "Ben", "2", "run"),
        ("Anna", "Ben", "2", "pot"),
        ("Carla", "Ben", "2", "tong-its"),
        ("Carla", "Ben", "2", "kings"),
        ("Carla", "Ben", "2", "run"),
        ("Carla", "Ben", "2", "pot"),
    ]


# 6.3 and 6.1: the run, the second win, and the pot after 1 to 5 wins


def test_a_second_win_of_three_hits_pays_both_run_and_second_win():
    tong_its = {"kind": "tongits", "player": "Ben"}
    game = settled(tong_its, {"run_bonus": 1}, preset="three-hits", state=BEN_ON_ONE)
    assert rows(game) == [
        ("Anna", "Ben", "2", "tong-its"),
        ("Anna", "Ben", "1", "run"),
        ("Anna", "Ben", "1", "second win"),
        ("Carla", "Ben", "2", "tong-its"),
        ("Carla", "Ben", "1", "run"),
        ("Carla", "Ben", "1", "second win"),
    ]
    assert game.net == amounts(Anna=-4, Ben=8, Carla=-4)
    assert game.pot_won == 0
    assert state_of(game)["pot"] == pot_each(2)
    assert state_of(game)["streak"] == {"player": "Ben", "wins": 2}


# (jackpot_wins, Ben's wins in a row before this tong-its, each loser's rows after the
# tong-its's 2, pot_won); the pot holds 1 from each before the game's antes.
RUNS = [
    (1, None, [("1", "run"), ("2", "pot")], 6),  # a first win: no run row, the pot
    (1, 1, [("1", "run"), ("2", "pot")], 6),
    (4, 1, [("1", "run"), ("1", "second win")], 0),
    (4, 2, [("1", "run")], 0),
    (4, 3, [("1", "run"), ("2", "pot")], 6),
    (5, 1, [("1", "run"), ("1", "second win")], 0),
    (5, 3, [("1", "run")], 0),
    (5, 4, [("1", "run"), ("2", "pot")], 6),
    (5, 9, [("1", "run"), ("2", "pot")], 6),
]


@pytest.mark.parametrize(("jackpot_wins", "before", "paid", "pot_won"), RUNS)
def test_the_pot_after_one_to_five_wins_in_a_row(jackpot_wins, before, paid, pot_won):
    streak = None if before is None else {"player": "Ben", "wins": before}
    state = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": streak}
    game = settled({"kind": "tongits", "player": "Ben"},
                   {"jackpot_wins": jackpot_wins, "run_bonus": 1}, state=state)  # fmt: skip
    if before is None:
        paid = [row for row in paid if row[1] != "run"]
    expected = [(payer, "Ben", amount, why) for payer in ("Anna", "Carla")
                for amount, why in [("2", "tong-its"), *paid]]  # fmt: skip
    assert rows(game) == expected
    assert game.pot_won == pot_won
    assert state_of(game)["streak"] == {"player": "Ben", "wins": (before or 0) + 1}


# 6.2 step 2: the opening ante


OPENING = {"opening_ante": 2}
CALLED = {"kind": "draw", "caller": "Ben"}


@pytest.mark.parametrize(
    ("pot", "after"),
    [
        (None, {"Anna": 3, "Ben": 3, "Carla": 3}),
        ({}, {"Anna": 3, "Ben": 3, "Carla": 3}),
        ({"Anna": 0, "Ben": 0, "Carla": 0}, {"Anna": 3, "Ben": 3, "Carla": 3}),
        # A joiner's 0, or no share, beside others' shares: the pot is not empty.
        ({"Anna": 2, "Ben": 2, "Carla": 0}, {"Anna": 3, "Ben": 3, "Carla": 1}),
        ({"Anna": 2, "Ben": 2}, {"Anna": 3, "Ben": 3, "Carla": 1}),
        ({"Anna": Decimal("0.01")}, {"Anna": Decimal("1.01"), "Ben": 1, "Carla": 1}),
    ],
)
def test_the_opening_ante_only_on_an_empty_pot(pot, after):
    state = None if pot is None else {"pot": pot}
    game = settled(CALLED, OPENING, state=state)
    assert state_of(game)["pot"] == after


def test_the_opening_ante_is_put_in_at_a_game_nobody_won():
    void = {"kind": "stock_out", "burned": ["Anna", "Ben", "Carla"]}
    game = settled(void, OPENING)
    assert game.result == "stock_out_void" and game.payments == ()
    assert state_of(game)["pot"] == pot_each(3)


# 6.7: a joiner and the pot, in a replayed night


def _played(outcome, players, **changes):
    rules = PRESETS["tongits"].with_changes(changes)
    return PlayedGame(False, rules, tuple(players), parse_outcome(outcome))


def test_a_joiner_matches_the_largest_share_of_the_players_seated():
    """Carla, then Anna, then Ben leave, with the largest share each time; Dan and Eve sit
    in without matching, Fay with it: she matches Dan's 2, the largest of who is seated,
    not Ben's 3, which leaves with him. Fay's bisaklat then takes the pot."""
    night = [
        _played({"kind": "tongits", "player": "Ben"}, ["Anna", "Ben", "Carla"]),
        _played({"kind": "tongits", "player": "Anna"}, ["Anna", "Ben", "Dan"]),
        _played({"kind": "tongits", "player": "Dan"}, ["Ben", "Dan", "Eve"]),
        _played(
            {"kind": "bisaklat", "player": "Fay"}, ["Dan", "Eve", "Fay"], joiner_matches_pot=True
        ),  # fmt: skip
    ]
    *_, third, fourth = replay(night)
    assert state_of(third)["pot"] == {"Ben": 3, "Dan": 2, "Eve": 1}
    assert rows(fourth) == [
        ("Dan", "Fay", "2", "bisaklat"),
        ("Dan", "Fay", "3", "pot"),
        ("Eve", "Fay", "2", "bisaklat"),
        ("Eve", "Fay", "2", "pot"),
    ]
    # 12 antes in all, and Fay's 2 matched; Carla, Anna and Ben left with 1, 2 and 3.
    assert fourth.pot_won == 8
    assert fourth.net == amounts(Dan=-5, Eve=-4, Fay=9)


def test_a_joiner_to_an_empty_pot_puts_in_nothing_and_the_opening_ante_is_paid():
    """After a jackpot every share is 0: the pot holds no chips, so Dan matches nothing
    and the opening ante opens the new pot for everyone."""
    night = [
        _played(
            {"kind": "bisaklat", "player": "Ben"},
            ["Anna", "Ben", "Carla"],
            joiner_matches_pot=True,
            opening_ante=1,
        ),  # fmt: skip
        _played(
            {"kind": "tongits", "player": "Anna"},
            ["Anna", "Ben", "Dan"],
            joiner_matches_pot=True,
            opening_ante=1,
        ),  # fmt: skip
    ]
    first, second = replay(night)
    assert first.pot_won == 6
    assert state_of(second)["pot"] == {"Anna": 2, "Ben": 2, "Dan": 2}


def test_matched_gives_only_who_has_no_share_the_largest():
    pot = {"Anna": Decimal(3), "Ben": Decimal("4.50"), "Carla": Decimal(0)}
    assert matched(pot, ["Anna", "Ben", "Carla", "Dan"]) == {
        "Anna": Decimal(3),
        "Ben": Decimal("4.50"),
        "Carla": Decimal(0),
        "Dan": Decimal("4.50"),
    }
    assert matched(dict.fromkeys(["Anna", "Ben"], Decimal(0)), ["Anna", "Ben", "Dan"]) == {
        "Anna": Decimal(0),
        "Ben": Decimal(0),
    }
    assert matched({}, ["Anna", "Ben", "Dan"]) == {}
