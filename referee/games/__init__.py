"""The games a table can play, each a plug-in behind one small interface.

The shell (storage, pages, the API, export) reaches a game's house rules, outcomes,
settlement and wording only through its `Game` (referee.games.seam), found by name in
`GAMES`, and asks for what only some games have by capability (`isinstance(game, Turns)`),
never by name: a third game is a new entry here and a package of its own, not a branch in
every door. Tonk and Tongits are the games; a request that names no game is Tonk. The
registry and the plug-ins sit above both halves of the core: referee.rules imports nothing
from referee.scoring, and the plug-ins bind the two.
"""

from referee.games.seam import (
    AtTables,
    CarriesState,
    CountsCards,
    Ending,
    Game,
    NextRound,
    PlayedGame,
    Points,
    Rounds,
    Rules,
    SaysStatus,
    Seats,
    Turns,
    WordsPayments,
    played_hand,
    scores_points,
)
from referee.games.tongits import Tongits
from referee.games.tonk import Tonk
from referee.rules.refusal import Refusal
from referee.rules.said import said
from referee.rules.shapes import shown

TONK = Tonk()
TONGITS = Tongits()
DEFAULT_GAME = TONK.name
GAMES: dict[str, Game] = {TONK.name: TONK, TONGITS.name: TONGITS}

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "TONGITS",
    "TONK",
    "AtTables",
    "CarriesState",
    "CountsCards",
    "Ending",
    "Game",
    "NextRound",
    "PlayedGame",
    "Points",
    "Rounds",
    "Rules",
    "SaysStatus",
    "Seats",
    "Turns",
    "WordsPayments",
    "game_named",
    "played_hand",
    "scores_points",
    "table_game_named",
    "table_games",
]


def game_named(name: object) -> Game:
    """The game called `name`, refused with the list of games when there is none."""
    if not isinstance(name, str) or name not in GAMES:
        raise Refusal(
            said(
                "game: there is no game {name}; choose {games}",
                name=shown(str(name)),
                games=", ".join(GAMES),
            ),
            field="game",
        )
    return GAMES[name]


def table_games() -> list[str]:
    """The games a table can be started with, in the registry's order (Tonk first)."""
    return [name for name, game in GAMES.items() if isinstance(game, AtTables)]


def table_game_named(name: object) -> Game:
    """The game called `name`, for a table to play: refused, with the games a table can
    play, when the table app is not built for it yet (it has no table pages)."""
    game = game_named(name)
    if not isinstance(game, AtTables):
        raise Refusal(
            said(
                "game: {game} tables are not open yet; the referee settles one game of {game} "
                "at a time (POST /api/settle, referee settle); a table can play {games}",
                game=game.name.title(),
                games=", ".join(table_games()),
            ),
            field="game",
        )
    return game
