"""A table's file (table_export.py writes it, the import reads it): the whole table, every rules
version, and every hand with its settlement and its history of changes.

The model checks the file's shape and bounds, and names, house rules and outcomes by the
core's checks. What ties the parts together (hand numbers, who is one of the players,
the engine's settlement of each hand) is checked by the import, `referee.documents.import_checks`.
"""

from typing import Annotated, Any, Generic, TypeVar

from pydantic import Field, create_model

from referee.documents.answers import ANSWERS
from referee.documents.answers import Game as PointsGame
from referee.documents.values import (
    VALUES,
    Document,
    GameName,
    Moment,
    OneOf,
    PerGame,
    PlayerName,
    TableName,
    Text,
    titled,
)
from referee.games import DEFAULT_GAME, Game
from referee.rules.limits import (
    MAX_BY_LENGTH,
    MAX_CHANGES_PER_HAND,
    MAX_ENTRY_KEY_LENGTH,
    MAX_HAND_VERSION,
    MAX_HANDS,
    MAX_NOTE_LENGTH,
    MAX_PLAYERS,
    MAX_PLAYERS_IN_A_NIGHT,
    MAX_RULES_VERSIONS,
    MIN_PLAYERS,
)
from referee.store.models import HISTORY_ACTIONS

FORMAT = "tonk-referee.table"
# Version 2 names every player by their current name; version 1 named a hand's players,
# in its outcome, settlement and history, as they were named at that moment.
FORMAT_VERSION = 2
NAMES_OF_THEN = 1
ACTIONS = HISTORY_ACTIONS

RulesNumber = Annotated[int, Field(ge=1, le=MAX_RULES_VERSIONS)]
Seating = Annotated[list[PlayerName], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]


class FilePlayer(Document):
    """Someone who sat at the table, in seating order; `seated` is false once they left."""

    name: PlayerName
    seated: bool


# A file is of one game: its presets, house rules, outcomes and settlements are that game's.
PresetT = TypeVar("PresetT")
RulesT = TypeVar("RulesT")
EndingT = TypeVar("EndingT")
SettlementT = TypeVar("SettlementT")


class FileRulesVersion(Document, Generic[PresetT, RulesT]):
    """The house rules from one change of rules on, numbered 1, 2, 3..."""

    number: RulesNumber
    preset: PresetT
    rules: RulesT
    created_at: Moment


class FileChange(Document, Generic[EndingT]):
    """One line of a hand's history: the outcome before and after, under the names of the
    hand's seats (version 1: under `names`, the hand's players as named at this change)."""

    action: Annotated[str, OneOf(ACTIONS)]
    by: Annotated[Text, Field(max_length=MAX_BY_LENGTH)]
    at: Moment
    names: Seating | None = None
    before: EndingT | None
    after: EndingT | None


class FileHand(Document, Generic[EndingT, SettlementT]):
    """A hand, its outcome and settlement under the names of its `seats`, the players'
    current names in the hand's seating order (version 1: under the names then, in the
    order of `seats`)."""

    no: int = Field(ge=1, le=MAX_HANDS)
    rules_version: RulesNumber
    dealer: PlayerName
    seats: Seating
    outcome: EndingT
    settlement: SettlementT
    void: bool
    version: int = Field(ge=1, le=MAX_HAND_VERSION)
    created_at: Moment
    updated_at: Moment
    entry_key: Annotated[Text, Field(min_length=1, max_length=MAX_ENTRY_KEY_LENGTH)] | None
    note: Annotated[Text, Field(min_length=1, max_length=MAX_NOTE_LENGTH)] | None = None
    changes: list[FileChange[EndingT]] = Field(min_length=1, max_length=MAX_CHANGES_PER_HAND)


class TableFileOf(Document, Generic[PresetT, RulesT, EndingT, SettlementT]):
    """A whole table of one game, as exported."""

    format: str
    format_version: int
    exported_at: Moment | None = None
    name: TableName
    # The game played; files written before tables named their game are all of the first.
    game: GameName = DEFAULT_GAME
    created_at: Moment
    first_dealer: PlayerName
    players: list[FilePlayer] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS_IN_A_NIGHT)
    rules_versions: list[FileRulesVersion[PresetT, RulesT]] = Field(
        min_length=1, max_length=MAX_RULES_VERSIONS
    )
    hands: list[FileHand[EndingT, SettlementT]] = Field(max_length=MAX_HANDS)
    # Derived from the hands (house rules 2.7), for whoever reads the file; the import
    # works them out again and refuses a file whose games differ. Older files have none.
    games: list[PointsGame] | None = Field(None, max_length=MAX_HANDS)


def _file(game: Game) -> type[TableFileOf[Any, Any, Any, Any]]:
    """A whole table of `game`, as exported: its presets, rules, outcomes and settlements
    (of a game that carries state, each holding the state it left and the pot it paid out,
    checked against a replay of the night on import)."""
    values, answers = VALUES[game.name], ANSWERS[game.name]
    of: Any = TableFileOf  # of this game's types, known when the registry is read
    file: type[TableFileOf[Any, Any, Any, Any]] = create_model(
        titled(game, "{}TableFile"),
        __base__=of[values.preset, values.rules, values.outcome, answers.settlement],
        __doc__=f"A whole table of {game.name.title()}, as exported.",
    )
    return file


TABLE_FILES = PerGame(_file)


def file_model(data: Any) -> type[TableFileOf[Any, Any, Any, Any]]:
    """The model a file is read with: that of the game it names, the first game's when it
    names none (files written before tables named their game), or a game there is not,
    which that model refuses in the registry's words."""
    game = data.get("game") if isinstance(data, dict) else None
    return TABLE_FILES.get(
        game if isinstance(game, str) else DEFAULT_GAME, TABLE_FILES[DEFAULT_GAME]
    )
