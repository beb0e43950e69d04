"""Where the night stands in points mode (2.7): who leads (games: tests/scoring/test_games.py)."""

import pytest

from referee.scoring.standings import points_leaders


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
