"""The pot and the streak across games (tongits.md 2.7 to 2.9), settled game after game."""

from decimal import Decimal

from tests.tongits_helpers import amounts, rows, settled

TONG_ITS = {"kind": "tongits", "player": "Ben"}
ALL_BURNED = {"kind": "stock_out", "totals": {}, "burned": ["Anna", "Ben", "Carla"]}


def test_a_first_game_without_a_state_puts_the_antes_in_the_pot():
    game = settled(TONG_ITS)
    assert game.state.pot == amounts(Anna=1, Ben=1, Carla=1)
    assert (game.state.streak.player, game.state.streak.wins) == ("Ben", 1)
    assert game.state.dealer == "Ben" and game.pot_won == 0


def test_everybody_burned_nobody_wins_the_antes_stay_and_the_streak_stands():
    state = {"pot": {"Anna": 2, "Ben": 2, "Carla": 2}, "streak": {"player": "Ben", "wins": 1},
             "dealer": "Carla"}  # fmt: skip
    void = settled(ALL_BURNED, state=state)
    assert (void.result, void.winners, void.payments) == ("stock_out_void", (), ())
    assert void.net == amounts(Anna=0, Ben=0, Carla=0)
    assert void.state.pot == amounts(Anna=3, Ben=3, Carla=3)
    assert (void.state.streak.player, void.state.streak.wins) == ("Ben", 1)
    assert void.state.dealer == "Carla" and void.pot_won == 0
    # The streak stood: Ben's next win is his second in a row, and takes the pot of 4 each.
    after = settled(TONG_ITS, state=void.state.to_json())
    assert after.pot_won == 12
    assert after.net == amounts(Anna=-6, Ben=12, Carla=-6)


def test_a_void_game_with_rotate_passes_the_deal_on():
    void = settled(ALL_BURNED, {"next_dealer": "rotate"}, state={"dealer": "Carla"})
    assert void.state.dealer == "Anna"


def test_a_hitter_who_keeps_winning_takes_each_new_pot():
    """Common play: the run is not reset when the pot is taken."""
    state = {"pot": {}, "streak": {"player": "Ben", "wins": 2}}
    third = settled(TONG_ITS, state=state)
    assert third.pot_won == 3 and third.state.streak.wins == 3
    assert rows(third)[-1] == ("Carla", "Ben", "1", "pot")


def test_with_three_hits_the_second_win_pays_extra_and_the_third_takes_the_pot():
    first = settled(TONG_ITS, preset="three-hits")
    second = settled(TONG_ITS, preset="three-hits", state=first.state.to_json())
    assert [why for _, _, _, why in rows(second)] == ["tong-its", "second win"] * 2
    assert second.pot_won == 0 and second.state.pot == amounts(Anna=2, Ben=2, Carla=2)
    third = settled(TONG_ITS, preset="three-hits", state=second.state.to_json())
    assert [why for _, _, _, why in rows(third)] == ["tong-its", "pot"] * 2
    assert third.pot_won == 9 and third.net == amounts(Anna=-5, Ben=10, Carla=-5)
    fourth = settled(TONG_ITS, preset="three-hits", state=third.state.to_json())
    assert fourth.pot_won == 3 and fourth.state.streak.wins == 4


def test_another_winner_starts_a_new_run_and_leaves_the_pot():
    state = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Ben", "wins": 1}}
    game = settled({"kind": "tongits", "player": "Anna"}, state=state)
    assert (game.state.streak.player, game.state.streak.wins) == ("Anna", 1)
    assert game.pot_won == 0 and game.state.pot == amounts(Anna=2, Ben=2, Carla=2)


def test_a_bisaklat_takes_the_pot_whatever_the_streak_and_gets_the_second_win_too():
    state = {"pot": {"Anna": 1, "Ben": 1, "Carla": 1}, "streak": {"player": "Ben", "wins": 1}}
    game = settled({"kind": "bisaklat", "player": "Ben"}, preset="three-hits", state=state)
    assert rows(game) == [
        ("Anna", "Ben", "2", "bisaklat"),
        ("Anna", "Ben", "1", "second win"),
        ("Anna", "Ben", "2", "pot"),
        ("Carla", "Ben", "2", "bisaklat"),
        ("Carla", "Ben", "1", "second win"),
        ("Carla", "Ben", "2", "pot"),
    ]
    assert game.pot_won == 6 and game.state.streak.wins == 2


def test_a_player_who_joined_late_pays_only_their_share_and_a_share_of_0_has_no_row():
    state = {"pot": {"Anna": 3, "Ben": 3}, "streak": {"player": "Ben", "wins": 1}}
    game = settled(TONG_ITS, {"ante": 0}, state=state)
    assert rows(game) == [
        ("Anna", "Ben", "2", "tong-its"),
        ("Anna", "Ben", "3", "pot"),
        ("Carla", "Ben", "2", "tong-its"),
    ]
    assert game.pot_won == 6
    assert game.state.pot == amounts(Anna=0, Ben=0, Carla=0)


def test_shares_in_cents_are_paid_exactly():
    state = {"pot": {"Anna": Decimal("0.1"), "Ben": Decimal("0.2"), "Carla": Decimal("0.3")},
             "streak": {"player": "Ben", "wins": 1}}  # fmt: skip
    game = settled(TONG_ITS, {"stake": Decimal("0.1")}, state=state)
    assert game.pot_won == Decimal("0.9")
    # Each share grew by this game's ante of 0.1 first: 0.2, 0.3 and 0.4.
    assert game.net == amounts(Anna="-0.4", Ben=1, Carla="-0.6")


def test_bonuses_and_burned_payments_in_their_order_per_payer():
    outcome = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 20}, "burned": ["Carla"],
               "bonuses": {"Anna": {"secret": 1, "escalera": 1, "aces": 2},
                           "Ben": {"secret": 2}}}  # fmt: skip
    rules = {"escalera_bonus": 1, "ace_bonus": 1}
    game = settled(outcome, rules, state={"streak": {"player": "Anna", "wins": 1}})
    assert rows(game) == [
        ("Ben", "Anna", "1", "lowest count"),
        ("Ben", "Anna", "1", "secret"),
        ("Ben", "Anna", "1", "escalera"),
        ("Ben", "Anna", "2", "aces"),
        ("Ben", "Anna", "1", "pot"),
        ("Carla", "Anna", "2", "lowest count, burned"),
        ("Carla", "Anna", "1", "secret"),
        ("Carla", "Anna", "1", "escalera"),
        ("Carla", "Anna", "2", "aces"),
        ("Carla", "Anna", "1", "pot"),
    ]
    assert game.net == amounts(Anna=13, Ben=-6, Carla=-7)


def test_a_stock_out_tie_goes_to_the_last_card_or_to_its_right():
    totals = {"Anna": 4, "Ben": 4, "Carla": 4}
    base = {"kind": "stock_out", "totals": totals}
    assert settled({**base, "last_card": "Carla"}).winners == ("Carla",)
    two = {"kind": "stock_out", "totals": {"Anna": 4, "Ben": 4, "Carla": 9}}
    # Carla, outside the tie, took the last card: the first tied player to her right.
    assert settled({**two, "last_card": "Carla"}).winners == ("Anna",)
    clockwise = {"play_direction": "clockwise"}
    assert settled({**two, "last_card": "Carla"}, clockwise).winners == ("Ben",)
    # A burned player's low total never wins, and a burned last card still decides a tie.
    burned = {"kind": "stock_out", "totals": {"Anna": 4, "Ben": 4, "Carla": 1},
              "burned": ["Carla"], "last_card": "Carla"}  # fmt: skip
    assert settled(burned).winners == ("Anna",)


def test_a_lone_fighter_lower_than_the_caller_wins_and_the_caller_pays_the_fight():
    outcome = {"kind": "draw", "caller": "Ben", "fought": ["Carla"],
               "totals": {"Ben": 6, "Carla": 5, "Anna": 1}}  # fmt: skip
    game = settled(outcome)
    assert game.result == "draw_lost" and game.winners == ("Carla",)
    assert rows(game) == [("Anna", "Carla", "1", "folded"), ("Ben", "Carla", "2", "lost the fight")]


def test_a_pot_at_the_most_a_request_may_send_still_takes_the_ante():
    """The state a game leaves is made, not read: a share may outgrow what a request may
    carry (2.10), and the game is still answered; the next request then refuses it."""
    void = settled(ALL_BURNED, state={"pot": {"Anna": 10**12}})
    assert void.state.pot == {"Anna": Decimal("1000000000001.00"), **amounts(Ben=1, Carla=1)}
    assert void.state.to_json()["pot"]["Anna"] == Decimal("1000000000001")
