"""Games in points mode (house rules 2.7): N hands not voided, the lowest score wins."""

from referee.scoring.tonk.games import (
    Game,
    PlayedHand,
    game_json,
    game_of_hand,
    games,
    hand_of,
    in_play,
    names_in_words,
    place_words,
    result_words,
    won,
)


def hand(no, void=False, target=3, **points):
    return PlayedHand(no, void, points, target)


DRAW = {"Anna": 0, "Ben": 0, "Carla": 0}


def test_a_game_of_three_hands_ends_with_one_winner_and_the_next_starts_at_0():
    night = [
        hand(1, Anna=7, Ben=0, Carla=12),
        hand(2, Anna=0, Ben=20, Carla=5),
        hand(3, Anna=4, Ben=0, Carla=0),
        hand(4, Anna=0, Ben=3, Carla=9),
    ]
    first, second = games(night)
    assert first == Game(1, (1, 2, 3), 3, {"Anna": 11, "Ben": 20, "Carla": 17}, over=True,
                         contenders=frozenset({"Anna", "Ben", "Carla"}))  # fmt: skip
    assert first.winners == ["Anna"]
    assert result_words(first) == "Game 1 over: Anna wins with 11"
    assert second == Game(2, (4,), 3, {"Anna": 0, "Ben": 3, "Carla": 9})
    assert second.winners == []
    assert hand_of(in_play([first, second], 3)) == "Hand 2 of 3"
    assert won([first, second]) == {"Anna": 1}


def test_after_the_last_hand_the_next_game_is_hand_1_with_no_scores():
    found = games([hand(1, Anna=1, Ben=0), hand(2, Anna=0, Ben=5), hand(3, Anna=0, Ben=1)])
    assert [g.over for g in found] == [True]
    nxt = in_play(found, 3)
    assert (nxt.number, nxt.hands, dict(nxt.scores)) == (2, (), {})
    assert hand_of(nxt) == "Hand 1 of 3"


def test_a_shared_lowest_score_shares_the_win():
    (game,) = games(
        [hand(1, target=2, Anna=5, Ben=0, Carla=9), hand(2, target=2, Anna=0, Ben=5, Carla=0)]
    )
    assert game.scores == {"Anna": 5, "Ben": 5, "Carla": 9}
    assert game.winners == ["Anna", "Ben"]
    assert result_words(game) == "Game 1 over: Anna and Ben share the win with 5"
    assert won([game]) == {"Anna": 1, "Ben": 1}


def test_a_voided_hand_does_not_count_and_moves_the_end_of_the_game():
    night = [
        hand(1, Anna=7, Ben=0, Carla=12),
        hand(2, void=True, Anna=0, Ben=20, Carla=5),
        hand(3, Anna=4, Ben=0, Carla=0),
        hand(4, Anna=0, Ben=3, Carla=9),
        hand(5, Anna=2, Ben=0, Carla=1),
    ]
    first, second = games(night)
    assert first.hands == (1, 3, 4)
    assert first.scores == {"Anna": 11, "Ben": 3, "Carla": 21}
    assert result_words(first) == "Game 1 over: Ben wins with 3"
    assert second == Game(2, (5,), 3, {"Anna": 2, "Ben": 0, "Carla": 1})


def test_draws_count_as_hands():
    (game,) = games([hand(1, **DRAW), hand(2, **DRAW), hand(3, Anna=0, Ben=4, Carla=2)])
    assert game.over and game.hands == (1, 2, 3)
    assert result_words(game) == "Game 1 over: Anna wins with 0"


def test_without_a_target_one_game_runs_all_night():
    night = [hand(no, target=None, Anna=no, Ben=0) for no in range(1, 8)]
    (game,) = games(night)
    assert game == Game(1, tuple(range(1, 8)), None, {"Anna": 28, "Ben": 0})
    assert not game.over and game.winners == []
    assert hand_of(in_play([game], None)) == "Hand 8"


def test_hands_in_chips_are_in_no_game():
    night = [PlayedHand(1, False, None, None), hand(2, target=1, Anna=3, Ben=0)]
    (game,) = games(night)
    assert game.hands == (2,) and game.winners == ["Ben"]


def test_a_change_of_the_number_of_hands_applies_to_the_game_in_play():
    # Two hands under 5, then the table agrees on 3: the game ends with its third hand.
    night = [
        hand(1, target=5, Anna=1, Ben=0),
        hand(2, target=5, Anna=1, Ben=0),
        hand(3, target=3, Anna=0, Ben=9),
        hand(4, target=3, Anna=0, Ben=1),
    ]
    first, second = games(night)
    assert (first.hands, first.target, first.over) == ((1, 2, 3), 3, True)
    assert second.hands == (4,)
    # Four hands played under 5, then 3 agreed: the next hand ends the game.
    night = [hand(no, target=5, Anna=1, Ben=0) for no in range(1, 5)]
    assert hand_of(in_play(games(night), 3)) == "Hand 5, the last of this game"
    night.append(hand(5, target=3, Anna=0, Ben=2))
    (game,) = games(night)
    assert game.over and game.hands == (1, 2, 3, 4, 5)
    assert result_words(game) == "Game 1 over: Ben wins with 2"


def test_a_player_who_sits_in_during_a_game_keeps_a_score_but_cannot_win_it():
    # Dan sits in at hand 2 with fewer hands' points than anyone: Anna wins on 11.
    night = [
        hand(1, Anna=7, Ben=9, Carla=12),
        hand(2, Anna=0, Ben=20, Carla=5, Dan=2),
        hand(3, Anna=4, Ben=0, Carla=0, Dan=0),
    ]
    (game,) = games(night)
    assert game.scores == {"Anna": 11, "Ben": 29, "Carla": 17, "Dan": 2}
    assert game.contenders == frozenset({"Anna", "Ben", "Carla"})
    assert game.winners == ["Anna"] and game.low == 11
    assert result_words(game) == "Game 1 over: Anna wins with 11"
    assert won([game]) == {"Anna": 1}


def test_a_player_who_leaves_during_a_game_cannot_win_it_on_the_score_they_left_with():
    night = [
        hand(1, Anna=1, Ben=9, Carla=12),
        hand(2, Ben=0, Carla=5),
        hand(3, Ben=3, Carla=0),
    ]
    (game,) = games(night)
    assert game.winners == ["Ben"] and game.low == 12


def test_a_shared_win_is_shared_among_the_contenders_only():
    night = [hand(1, target=2, Anna=4, Ben=0), hand(2, target=2, Anna=0, Ben=4, Carla=0)]
    (game,) = games(night)
    assert game.winners == ["Anna", "Ben"] and game.low == 4


def test_when_nobody_played_every_hand_the_players_of_the_last_hand_contend():
    night = [hand(1, target=2, Anna=1, Ben=0), hand(2, target=2, Carla=3, Dan=6)]
    (game,) = games(night)
    assert game.contenders == frozenset({"Carla", "Dan"})
    assert game.winners == ["Carla"] and game.low == 3


def test_the_game_in_play_keeps_its_number_hands_and_scores_under_the_number_in_force():
    night = [hand(1, Anna=1, Ben=0), hand(2, Anna=0, Ben=5), hand(3, Anna=0, Ben=1),
             hand(4, Anna=2, Ben=0)]  # fmt: skip
    found = games(night)
    assert in_play(found, 5) == Game(2, (4,), 5, {"Anna": 2, "Ben": 0})
    assert hand_of(in_play(found, 2)) == "Hand 2 of 2"
    assert hand_of(in_play(found, 1)) == "Hand 2, the last of this game"
    assert hand_of(in_play(found, None)) == "Hand 2"


def test_games_won_add_up_per_player_and_names_read_as_a_table_says_them():
    night = [hand(n, target=1, Anna=0, Ben=n) for n in (1, 2)] + [hand(3, target=1, Anna=3, Ben=0)]
    assert won(games(night)) == {"Anna": 2, "Ben": 1}
    assert names_in_words([]) == "" and names_in_words(["Ben"]) == "Ben"
    assert names_in_words(["Anna", "Ben", "Carla"]) == "Anna, Ben and Carla"


def test_a_game_as_the_api_and_the_file_hold_it_and_each_hand_in_its_game():
    first, second = games([hand(1, target=2, Anna=4, Ben=0), hand(2, target=2, Anna=0, Ben=4),
                           hand(3, target=2, Anna=1, Ben=0)])  # fmt: skip
    assert game_json(first) == {"game": 1, "hands": [1, 2], "hands_in_game": 2,
                                "scores": {"Anna": 4, "Ben": 4}, "over": True,
                                "winners": ["Anna", "Ben"]}  # fmt: skip
    assert game_json(second)["over"] is False and game_json(second)["winners"] == []
    placed = game_of_hand([first, second])
    assert placed == {1: (first, 1), 2: (first, 2), 3: (second, 1)}
    assert place_words(first, 2) == "Game 1 · hand 2 of 2"
    assert place_words(Game(4, (9,), None), 1) == "Game 4 · hand 1"


def test_a_hand_counts_in_a_game_only_in_points_mode_with_its_rules_number_of_hands():
    from referee.games import TONGITS, TONK, played_hand
    from referee.rules.tongits import TongitsRules
    from referee.rules.tonk import HouseRules

    points = HouseRules.from_json({"scoring": "points", "points_target_hands": 4})
    chips = HouseRules.from_json({"points_target_hands": 4})
    in_points = PlayedHand(3, False, {"Anna": 2}, 4)
    assert played_hand(TONK, points, 3, False, {"Anna": 2}) == in_points
    assert played_hand(TONK, chips, 3, True, {"Anna": 2}) == PlayedHand(3, True, None, None)
    # A game without points (Tongits) has its hands in no game.
    tongits = played_hand(TONGITS, TongitsRules(), 3, False, {"Anna": 2})
    assert tongits == PlayedHand(3, False, None, None)


def test_everyone_on_the_lowest_score_is_who_earlier_files_said_won():
    night = [hand(1, target=2, Anna=0, Ben=9), hand(2, target=2, Ben=0, Carla=1, Dan=0)]
    (game,) = games(night)
    assert game.on_the_lowest_score == ["Anna", "Dan"] and game.winners == ["Ben"]
    (in_play_game,) = games(night[:1])
    assert in_play_game.on_the_lowest_score == []
