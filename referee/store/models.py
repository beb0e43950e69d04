"""What is stored: tables, players, rules versions, hands, each hand's net and its history.

Money is stored as whole cents in integers: every amount the engine produces is a
multiple of a stake with at most 2 decimals, and SQLite would keep a NUMERIC as a
float. A hand keeps the rules version it was settled under, so a change of rules
never rewrites the past.
"""

from datetime import UTC, datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from referee.games import DEFAULT_GAME
from referee.rules.limits import (
    MAX_BY_LENGTH,
    MAX_ENTRY_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NOTE_LENGTH,
    TABLE_NAME_LENGTH,
)

# Named constraints, so that a migration can find them again on SQLite and PostgreSQL.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def now() -> datetime:
    """The time of a change, in UTC (shown in the hand's history)."""
    return datetime.now(UTC)


def id_of(row: "GameTable | Player | RulesVersion | Hand") -> int:
    """A stored row's id: set by the database once the row is flushed, never None after."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} is not stored yet")
    return row.id


class GameTable(SQLModel, table=True):
    """One game night at one table."""

    __tablename__ = "game_table"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=TABLE_NAME_LENGTH)
    # The name of the game played, a key of referee.games.GAMES.
    game: str = Field(default=DEFAULT_GAME)
    first_dealer_id: int | None = Field(default=None)
    created_at: datetime = Field(default_factory=now)
    # Bumped by every change, so a phone can ask "anything new?" cheaply.
    version: int = Field(default=0)
    # The two share links' secrets; a rotation replaces one and bumps its generation,
    # which ends every session the old link opened.
    scorekeeper_token: str = Field(max_length=64, unique=True)
    watch_token: str = Field(max_length=64, unique=True)
    scorekeeper_gen: int = Field(default=1)
    watch_gen: int = Field(default=1)

    def count_change(self) -> None:
        """One more change, counted in SQL (version = version + 1) so that changes saved
        at the same moment all count and a watching phone never misses one."""
        self.version = GameTable.version + 1


class Player(SQLModel, table=True):
    """Someone who sat at the table tonight; `seated` is false once they leave."""

    __table_args__ = (UniqueConstraint("table_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", index=True)
    name: str = Field(max_length=MAX_NAME_LENGTH)
    seat: int
    seated: bool = Field(default=True)


class RulesVersion(SQLModel, table=True):
    """The house rules from one change on; hands point at the version they were played under."""

    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", index=True)
    number: int
    preset: str = Field(max_length=20)
    rules_json: str
    created_at: datetime = Field(default_factory=now)


class Hand(SQLModel, table=True):
    """One hand: what happened (outcome) and what the engine settled (settlement), as JSON."""

    __table_args__ = (
        UniqueConstraint("table_id", "no"),
        UniqueConstraint("table_id", "entry_key"),
    )
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", index=True)
    no: int
    # The one-time key of the form (or Idempotency-Key) that entered it: a retry finds it.
    entry_key: str | None = Field(default=None, max_length=MAX_ENTRY_KEY_LENGTH)
    rules_version_id: int = Field(foreign_key="rulesversion.id")
    dealer_id: int = Field(foreign_key="player.id")
    seats_json: str  # player ids in seating order for this hand
    # Each player in them by id, as text (referee.store.stored_form): a rename touches no hand.
    outcome_json: str
    settlement_json: str
    void: bool = Field(default=False)
    # Set when the scorekeeper recorded it over a rule the referee checks (a waiting drop).
    note: str | None = Field(default=None, max_length=MAX_NOTE_LENGTH)
    version: int = Field(default=1)
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)


class HandNet(SQLModel, table=True):
    """One player's result in one hand, so the tally is a SUM instead of parsing every hand."""

    hand_id: int = Field(foreign_key="hand.id", primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    cents: int
    points: int = Field(default=0)


class RunningTally(SQLModel, table=True):
    """Each player's tally after each hand of the night not voided (a voided hand has no
    rows): a row per player who has played by then. The pages read the tally and its chart
    here, a few rows at any length of night, instead of summing every hand's nets (HandNet)
    on every page. Written only by the one door (referee.store.commands), summed again from
    the hand changed on."""

    table_id: int = Field(foreign_key="game_table.id", primary_key=True)
    hand_no: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id", primary_key=True)
    cents: int
    points: int
    played: int  # the hands not voided up to this one, itself included: the same on each row


# The actions of a hand's history; "restored": a void undone; "recounted": a later Tongits
# game settled again after an earlier one was fixed, voided or restored (its pot or run
# moved; its outcome did not).
RECOUNTED = "recounted"
HISTORY_ACTIONS = ("entered", "edited", "voided", "restored", RECOUNTED)


class HandChange(SQLModel, table=True):
    """An entry in a hand's history: entered, edited or voided, with the outcome before and
    after, stored like the hand's own (players by id)."""

    id: int | None = Field(default=None, primary_key=True)
    hand_id: int = Field(foreign_key="hand.id", index=True)
    at: datetime = Field(default_factory=now)
    action: str = Field(max_length=10)
    by: str = Field(default="", max_length=MAX_BY_LENGTH)  # who made the change: role and device
    before_json: str | None = None
    after_json: str | None = None


class TurnMark(SQLModel, table=True):
    """What the scorekeeper marked during the hand still in play (hand number `hand_no`):
    the turn passed, a player laid a spread, a player's spread was hit. Saving the hand
    leaves them behind (the next hand has another number); they are not shown again."""

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", index=True)
    hand_no: int
    kind: str = Field(max_length=10)
    player_id: int | None = Field(default=None, foreign_key="player.id")
    at: datetime = Field(default_factory=now)


class RateCount(SQLModel, table=True):
    """What is counted against a limit (`referee.web.rate_limits`): wrong tokens per table and per
    address, tables started per address; one row per bucket and window, in the database so
    that every worker sees the same count. Rows of windows that have ended are deleted."""

    bucket: str = Field(primary_key=True, max_length=80)  # the limit, and a table or an address
    ends: int = Field(primary_key=True)  # when the window ends, in seconds since the epoch
    count: int = Field(default=0)
