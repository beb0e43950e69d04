"""Who sits where at a Tongits table: the players in the order of play, and "to the right".

Ties at a draw and at the end of the stock are settled by stepping to the right of a
player (tongits.md, "Words used on this page"), and the next dealer is the player after
this game's; both depend only on the order of play and `play_direction`.
"""

from collections.abc import Collection, Sequence
from typing import Any

from referee.rules.limits import CARDS_BETWEEN_TURNS
from referee.rules.players import check_players
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.tongits.house_rules import TongitsRules


def check_seated(rules: TongitsRules, players: Any) -> tuple[str, ...]:
    """Exactly `seats` distinct usable names, in the order of play (2.10); the names are
    checked as Tonk checks them, the count is Tongits' own (003: a game for three)."""
    if not isinstance(players, list | tuple):
        raise Refusal(
            said("players: list the players' names in the order of play"), field="players"
        )
    if len(players) != rules.seats:
        raise Refusal(
            said(
                "players: {played_by}, not {count}", played_by=played_by(rules), count=len(players)
            ),
            field="players",
        )
    return check_players(players)


def played_by(rules: TongitsRules) -> str:
    """How many these rules seat, as a refusal of too few or too many players cites it."""
    if rules.seats == 3:
        return said(
            "Tongits is played by {seats} (four only with house rule “Seats” at 4)",
            seats=rules.seats,
        )
    return said("Tongits is played by {seats}", seats=rules.seats)


def seated_rules(rules: TongitsRules, players: Sequence[str]) -> TongitsRules:
    """The rules for a table started with these players: four names at a table of three
    seats take the house rule of four seats (the table said so by typing four names); any
    other number is left for `check_seated` to refuse in its words."""
    if len(players) in CARDS_BETWEEN_TURNS and len(players) != rules.seats:
        return rules.with_changes({"seats": len(players)})
    return rules


def after(seats: Sequence[str], name: str) -> str:
    """The player after `name` in the order of play (the first comes after the last)."""
    return seats[(seats.index(name) + 1) % len(seats)]


def first_to_the_right(
    rules: TongitsRules, seats: Sequence[str], of: str, among: Collection[str]
) -> str:
    """The first of `among` to the right of `of`, stepping one seat at a time; `of` itself
    never counts. Counterclockwise play (the default) steps to the player after, clockwise
    to the player before. `among` must hold someone besides `of`."""
    step = 1 if rules.play_direction == "counterclockwise" else -1
    start = seats.index(of)
    for distance in range(1, len(seats)):
        name = seats[(start + step * distance) % len(seats)]
        if name in among:
            return name
    raise ValueError(f"nobody of {sorted(among)} sits to the right of {of}")
