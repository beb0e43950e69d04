"""The API's request bodies (tables-api.md), and the settle contract's request.

Each body is read whole before anything is looked up or written: unknown fields, wrong
types and what the core refuses (names, seating, house rules, the outcome's shape) come
back as 400 with the message. What only the table can say (who sits there, which totals
can be dealt under its rules, the hand's version) is checked when the body is applied.
"""

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, TypeAdapter, WithJsonSchema, model_validator

from referee.documents.values import (
    TONGITS_PLAYERS_SCHEMA,
    Document,
    GameName,
    NewTableName,
    OutcomeField,
    PlayerName,
    Players,
    Preset,
    RulesChanges,
    TongitsOutcome,
    TongitsPreset,
    TongitsRulesChanges,
    TongitsState,
    worded,
)
from referee.rules.game import DEFAULT_GAME
from referee.rules.limits import (
    DEFAULT_TABLE_NAME,
    IDEMPOTENCY_KEY_PATTERN,
    MAX_ENTRY_KEY_LENGTH,
    MAX_ID,
)
from referee.rules.refusal import Refusal


class NewTable(Document):
    """A table to start: the game, its players in seating order, the rules, who deals first."""

    name: NewTableName = DEFAULT_TABLE_NAME
    game: GameName = Field(DEFAULT_GAME, description='The game played; "tonk" when left out.')
    players: Players
    preset: Preset = "classic"
    rules: RulesChanges | None = None
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


class RulesChange(Document):
    """The new house rules: the preset with these changes (not added to the rules in force).
    They apply to hands entered from now on."""

    preset: Preset | None = Field(None, description="Default: the table's current preset.")
    rules: RulesChanges | None = None


class HandEntry(Document):
    """A hand to enter, dealt by whoever deals next. `override` records a drop that a
    waiting rule refuses (the table let it stand); the hand then carries the note."""

    outcome: OutcomeField
    override: bool = False


class HandEdit(Document):
    """A hand's new outcome, and the version of the hand it changes."""

    outcome: OutcomeField
    version: int


class HandVoid(Document):
    """The version of the hand to void."""

    version: int


class SettleRequest(Document):
    """One hand to settle without storing it (settle-contract.md). The settle door reads it
    with the core's `settle_request`, which the command line shares; this is its schema."""

    game: GameName = Field(DEFAULT_GAME, description='The game played; "tonk" when left out.')
    preset: Preset = "classic"
    rules: RulesChanges | None = None
    players: Players
    outcome: OutcomeField


class TongitsSettleRequest(Document):
    """One game of Tongits to settle without storing it (tongits.md section 3), with what
    earlier games left in `state`; read by the same `settle_request` as a Tonk request."""

    game: Literal["tongits"]
    preset: TongitsPreset = "tongits"
    rules: TongitsRulesChanges | None = None
    players: Annotated[list[str], WithJsonSchema(TONGITS_PLAYERS_SCHEMA)]
    state: TongitsState | None = Field(None, description="Absent for a night's first game.")
    outcome: TongitsOutcome


# Values sent beside a body: the ids in a path, the Idempotency-Key header.
ROW_ID = TypeAdapter(Annotated[int, Field(ge=1, le=MAX_ID)])
IDEMPOTENCY_KEY = TypeAdapter(
    Annotated[
        str,
        StringConstraints(pattern=IDEMPOTENCY_KEY_PATTERN),
        worded(f"use 1 to {MAX_ENTRY_KEY_LENGTH} letters, digits, '-' or '_'"),
    ]
)
