"""The players of a table as every game checks them: usable names, none twice, in seating
order, a name given as one of them, and who holds the lowest total.
"""

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from referee.rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.shapes import shown
from referee.rules.words import names_in_words


def check_players(players: Any) -> tuple[str, ...]:
    """2 to 6 distinct, non-empty, printable names in seating order."""
    if not isinstance(players, list | tuple):
        raise Refusal(said("players: list the players' names in seating order"), field="players")
    seats = tuple(players)
    if all(isinstance(name, str) for name in seats):
        return _checked_seats(seats)  # a table's names, checked once for all its hands
    return _check_seats(seats)


def _check_seats(seats: tuple[Any, ...]) -> tuple[str, ...]:
    """The checks of `check_players` past the container: how many, each name, no two alike."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise Refusal(
            said(
                "players: a table has {min_players} to {max_players} players, not {count}",
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                count=len(seats),
            ),
            field="players",
        )
    seen: set[str] = set()
    for name in seats:
        check_name(name)
        folded = name.casefold()
        if folded in seen:
            raise Refusal(
                said(
                    "players: two players are called {name}; give each a name the "
                    "table can tell apart",
                    name=repr(name),
                ),
                field="players",
                player=name,
            )
        seen.add(folded)
    return seats


# Pure, and asked again for every hand of a table: names of str only (hashable), and a
# refusal is never remembered (lru_cache keeps only what returns).
_checked_seats = lru_cache(maxsize=1024)(_check_seats)


def check_name(name: Any) -> str:
    """A player's name: not empty, at most 40 printable characters, no space at either end."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal(said("players: every player needs a name"), field="players")
    if len(name) > MAX_NAME_LENGTH or not name.isprintable() or name != name.strip():
        raise Refusal(
            said(
                "players: {name} is not a usable name; use up to "
                "{max_name_length} letters, digits or spaces, with no space at "
                "either end",
                name=shown(name),
                max_name_length=MAX_NAME_LENGTH,
            ),
            field="players",
            player=name[:MAX_NAME_LENGTH],
        )
    return name


def check_at_table(name: str, seats: Sequence[str], key: str) -> None:
    """`name`, given on the field `key`, is one of `seats`, the players of this hand; every
    game, and its state, refuses a stranger in the same words, naming the field and the
    player, and who is at the table."""
    if name not in seats:
        raise Refusal(
            said(
                "{key}: {name} is not at this table (players: {names})",
                key=key,
                name=shown(name),
                names=names_in_words(list(seats)),
            ),
            field=key,
            player=name[:MAX_NAME_LENGTH],
        )


def lowest(totals: Mapping[str, int], players: Sequence[str]) -> tuple[int, list[str]]:
    """The lowest total among `players`, and who holds it, in seating order."""
    low = min(totals[name] for name in players)
    return low, [name for name in players if totals[name] == low]
