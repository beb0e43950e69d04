"""The API's request bodies (tables-api.md), and the settle contract's request.

Each body is read whole before anything is looked up or written: unknown fields, wrong
types and what the core refuses (names, seating, house rules, the outcome's shape) come
back as 400 with the message. What only the table can say (who sits there, which totals
can be dealt under its rules, the hand's version) is checked when the body is applied.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar

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
    TongitsOutcomeField,
    TongitsPlayers,
    TongitsPreset,
    TongitsRulesChanges,
    TongitsState,
    TongitsTableName,
    worded,
)
from referee.games import DEFAULT_GAME, TONGITS, TONK
from referee.rules.limits import (
    IDEMPOTENCY_KEY_PATTERN,
    MAX_ENTRY_KEY_LENGTH,
    MAX_ID,
)
from referee.rules.refusal import Refusal


class NewTable(Document):
    """A table to start: the game, its players in seating order, the rules, who deals first."""

    name: NewTableName = TONK.table_name
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


class NewTongitsTable(NewTable):
    """A Tongits table to start: three players, or four where the house plays four seats
    (four names take that house rule), a Tongits preset and Tongits rules."""

    name: TongitsTableName = TONGITS.table_name
    game: Literal["tongits"]
    players: TongitsPlayers
    preset: TongitsPreset = "tongits"
    rules: TongitsRulesChanges | None = None


class RulesChange(Document):
    """The new house rules: the preset with these changes (not added to the rules in force).
    They apply to hands entered from now on."""

    preset: Preset | None = Field(None, description="Default: the table's current preset.")
    rules: RulesChanges | None = None


class TongitsRulesChange(RulesChange):
    """New house rules for a Tongits table: a Tongits preset with changes to it."""

    preset: TongitsPreset | None = Field(None, description="Default: the table's current preset.")
    rules: TongitsRulesChanges | None = None


EndingT = TypeVar("EndingT")


class Entry(Document, Generic[EndingT]):
    """A hand to enter at a table of one game: its outcome, in that game's terms."""

    outcome: EndingT


class HandEntry(Entry[OutcomeField]):
    """A hand to enter, dealt by whoever deals next. `override` records a drop that a
    waiting rule refuses (the table let it stand); the hand then carries the note."""

    override: bool = False


class TongitsHandEntry(Entry[TongitsOutcomeField]):
    """A game of Tongits to enter, settled with what the night's games before it leave (the
    pot, the streak); Tongits has no waiting rule to override."""


class Edit(Document, Generic[EndingT]):
    """A hand's new outcome at a table of one game, and the version of the hand it changes."""

    outcome: EndingT
    version: int


class HandEdit(Edit[OutcomeField]):
    """A hand's new outcome, and the version of the hand it changes."""


class TongitsHandEdit(Edit[TongitsOutcomeField]):
    """A game's new Tongits outcome, and the version it changes; every later game of the
    night is settled again with the pot and streak this one now leaves."""


class HandVoid(Document):
    """The version of the hand to void."""

    version: int


@dataclass(frozen=True)
class Bodies:
    """The bodies a table of one game is sent: a new table, new rules, a hand, an edit."""

    new_table: type[NewTable]
    rules_change: type[RulesChange]
    entry: type[Entry[Any]]
    edit: type[Edit[Any]]


TONK_BODIES = Bodies(NewTable, RulesChange, HandEntry, HandEdit)
# A game whose documents differ from Tonk's, by name; any other game reads Tonk's.
BODIES: dict[str, Bodies] = {
    "tongits": Bodies(NewTongitsTable, TongitsRulesChange, TongitsHandEntry, TongitsHandEdit)
}


def bodies_of(game: str) -> Bodies:
    """The bodies of a table of `game` (known to the registry of games)."""
    return BODIES.get(game, TONK_BODIES)


def new_table_body(data: Any) -> type[NewTable]:
    """The model a new table's body is read with: that of the game it names, Tonk's when
    it names none (or a game there is not, which Tonk's model refuses in the registry's
    words)."""
    game = data.get("game") if isinstance(data, Mapping) else None
    return bodies_of(game).new_table if isinstance(game, str) else NewTable


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
    outcome: TongitsOutcomeField


# Values sent beside a body: the ids in a path, the Idempotency-Key header.
ROW_ID = TypeAdapter(Annotated[int, Field(ge=1, le=MAX_ID)])
IDEMPOTENCY_KEY = TypeAdapter(
    Annotated[
        str,
        StringConstraints(pattern=IDEMPOTENCY_KEY_PATTERN),
        worded(f"use 1 to {MAX_ENTRY_KEY_LENGTH} letters, digits, '-' or '_'"),
    ]
)
