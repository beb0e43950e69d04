"""The API's request bodies (tables-api.md), and the settle contract's request.

Each body is read whole before anything is looked up or written: unknown fields, wrong
types and what the core refuses (names, seating, house rules, the outcome's shape) come
back as 400 with the message. What only the table can say (who sits there, which totals
can be dealt under its rules, the hand's version) is checked when the body is applied.

Every game's bodies are built from the registry of games (`referee.games.GAMES`), from
what each game hands over: its presets, house rules, players and outcome.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, StringConstraints, TypeAdapter, create_model, model_validator

from referee.documents.values import (
    VALUES,
    Document,
    PerGame,
    PlayerName,
    game_type,
    titled,
    worded,
)
from referee.games import DEFAULT_GAME, Game
from referee.rules.limits import (
    IDEMPOTENCY_KEY_PATTERN,
    MAX_ENTRY_KEY_LENGTH,
    MAX_ID,
)
from referee.rules.refusal import Refusal


class NewTable(Document):
    """A table to start: the game, its players in seating order, the rules, who deals first
    (each game's own model says its name, game, players, preset and rules)."""

    name: str
    game: str
    players: tuple[str, ...]
    preset: str
    rules: dict[str, Any] | None
    first_dealer: PlayerName | None = Field(
        None, description="Who deals the first hand (a player's name); default the first."
    )

    @model_validator(mode="after")
    def _dealer_sits_here(self) -> "NewTable":
        if self.first_dealer is not None and self.first_dealer not in self.players:
            raise Refusal("first_dealer: give the name of one of the players", field="first_dealer")
        return self

    def first_seat(self) -> int:
        """The seat of the first dealer (the first seat unless one was named)."""
        return 0 if self.first_dealer is None else self.players.index(self.first_dealer)


class Entry(Document):
    """A hand to enter at a table of one game: its outcome, in that game's terms (each
    game's own model says its outcome)."""

    outcome: Any


class WaitingEntry(Entry):
    """A hand to enter at a table of a game with waiting rules: `override` records a drop
    that a waiting rule refuses (the table let it stand); the hand then carries the note."""

    override: bool = False


class RulesChange(Document):
    """The new house rules: the preset with these changes (not added to the rules in force).
    They apply to hands entered from now on (each game's own model says its presets and
    rules)."""

    preset: str | None = None
    rules: dict[str, Any] | None = None


class Edit(Document):
    """A hand's new outcome, and the version of the hand it changes (each game's own model
    says its outcome)."""

    outcome: Any
    version: int


class HandVoid(Document):
    """The version of the hand to void."""

    version: int


@dataclass(frozen=True)
class Bodies:
    """The bodies a table of one game is sent (a new table, new rules, a hand, an edit), and
    the settle contract's request for one game of it."""

    new_table: type[NewTable]
    rules_change: type[RulesChange]
    entry: type[Entry]
    edit: type[Edit]
    settle: type[Document]


def _game_field(game: Game) -> Any:
    """The `game` of a body: the first game's may be left out (it could, before there were
    two); another's must be said."""
    if game.name == DEFAULT_GAME:
        said = f'The game played; "{DEFAULT_GAME}" when left out.'
        return (game_type(game), Field(DEFAULT_GAME, description=said))
    return (game_type(game), ...)


def _bodies(game: Game) -> Bodies:
    """Every body of `game`, from what it hands over."""
    values, title = VALUES[game.name], game.name.title()
    rules = (values.rules_changes | None, None)
    new_table = create_model(
        titled(game, "New{}Table"),
        __base__=NewTable,
        __doc__=f"A table of {title} to start: its players in seating order, a preset of "
        f"{title} and changes to it, who deals first.",
        name=(values.table_name, str(game.table_name)),
        game=_game_field(game),
        players=(values.players, ...),
        preset=(values.preset, game.default_preset),
        rules=rules,
    )
    rules_change = create_model(
        titled(game, "{}RulesChange"),
        __base__=RulesChange,
        __doc__="The new house rules: the preset with these changes (not added to the rules "
        "in force). They apply to hands entered from now on.",
        preset=(values.preset | None, Field(None, description="Default: the table's preset.")),
        rules=rules,
    )
    entry = create_model(
        titled(game, "{}HandEntry"),
        __base__=WaitingEntry if game.documents.overrides_waits else Entry,
        __doc__=f"A hand of {title} to enter, dealt by whoever deals next.",
        outcome=(values.outcome, ...),
    )
    edit = create_model(
        titled(game, "{}HandEdit"),
        __base__=Edit,
        __doc__=f"A hand's new outcome at a table of {title}, and the version of the hand it "
        "changes.",
        outcome=(values.outcome, ...),
    )
    state = game.documents.state
    carried: dict[str, Any] = (
        {}
        if state is None
        else {"state": (state | None, Field(None, description="Absent for a night's first game."))}
    )
    settle = create_model(
        titled(game, "{}SettleRequest"),
        __base__=Document,
        __doc__=f"One hand of {title} to settle without storing it (the settle contract). "
        "The settle door reads it with the core's `settle_request`, which the command line "
        "shares; this is its schema.",
        game=_game_field(game),
        preset=(values.preset, game.default_preset),
        rules=rules,
        players=(values.players, ...),
        **carried,
        outcome=(values.outcome, ...),
    )
    return Bodies(new_table, rules_change, entry, edit, settle)


BODIES = PerGame(_bodies)


def bodies_of(game: str) -> Bodies:
    """The bodies of a table of `game` (known to the registry of games)."""
    return BODIES[game]


def new_table_body(data: Any) -> type[NewTable]:
    """The model a new table's body is read with: that of the game it names, the first
    game's when it names none (or a game there is not, which that model refuses in the
    registry's words)."""
    game = data.get("game") if isinstance(data, Mapping) else None
    return BODIES.get(
        game if isinstance(game, str) else DEFAULT_GAME, BODIES[DEFAULT_GAME]
    ).new_table


# Values sent beside a body: the ids in a path, the Idempotency-Key header.
ROW_ID = TypeAdapter(Annotated[int, Field(ge=1, le=MAX_ID)])
IDEMPOTENCY_KEY = TypeAdapter(
    Annotated[
        str,
        StringConstraints(pattern=IDEMPOTENCY_KEY_PATTERN),
        worded(f"use 1 to {MAX_ENTRY_KEY_LENGTH} letters, digits, '-' or '_'"),
    ]
)
