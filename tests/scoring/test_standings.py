"""Where the night stands in points mode (2.7): the leaders, and the hands left to play."""

import pytest

from referee.scoring.standings import hands_left, points_leaders


@pytest.mark.parametrize(
    ("points", "leaders"),
    [
        ({}, []),
        ({"Anna": 0, "Ben": 0}, []),  # nobody leads before a point is scored
        ({"Anna": 12, "Ben": 5, "Carla": 9}, ["Ben"]),
        ({"Anna": 4, "Ben": 9, "Carla": 4}, ["Anna", "Carla"]),
        ({"Anna": 0, "Ben": 7}, ["Anna"]),
    ],
)
def test_the_lowest_score_leads(points, leaders):
    assert points_leaders(points) == leaders


@pytest.mark.parametrize(
    ("target", "played", "left"),
    [(None, 3, None), (10, 0, 10), (10, 3, 7), (10, 10, 0), (10, 12, 0)],
)
def test_hands_left_count_down_to_zero_and_are_none_without_a_target(target, played, left):
    assert hands_left(target, played) == left
