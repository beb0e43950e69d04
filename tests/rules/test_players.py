"""A name given as one of the players: one refusal for every game and its state."""

import pytest

from referee.rules import Refusal
from referee.rules.players import check_at_table

ABC = ("Anna", "Ben", "Carla")


def test_a_player_at_the_table_passes():
    for name in ABC:
        assert check_at_table(name, ABC, "player") is None


@pytest.mark.parametrize(
    ("name", "key", "message", "player"),
    [
        (
            "Zed",
            "totals",
            "totals: 'Zed' is not at this table (players: Anna, Ben and Carla)",
            "Zed",
        ),
        (
            "anna",
            "state.pot",
            "state.pot: 'anna' is not at this table (players: Anna, Ben and Carla)",
            "anna",
        ),
        (
            "Z" * 41,
            "caller",
            f"caller: {'Z' * 40!r} is not at this table (players: Anna, Ben and Carla)",
            "Z" * 40,
        ),
    ],
)
def test_a_stranger_is_refused_naming_the_field_the_player_and_who_is_there(
    name, key, message, player
):
    with pytest.raises(Refusal) as refused:
        check_at_table(name, ABC, key)
    assert (refused.value.message, refused.value.field, refused.value.player) == (
        message,
        key,
        player,
    )
