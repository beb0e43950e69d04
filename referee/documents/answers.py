"""What the API answers (tables-api.md, settle-contract.md): the schemas of its JSON.

The settlement is the one a table's file holds too (`referee.documents.table_file`).
"""

from typing import Annotated, Generic, Literal, TypeVar

from pydantic import AnyUrl, Field, WithJsonSchema

from referee.documents.values import (
    Document,
    GameName,
    Money,
    OneOf,
    OutcomeField,
    Preset,
    Rules,
    TongitsOutcomeField,
    TongitsPreset,
    TongitsRulesField,
    TongitsState,
)
from referee.rules.limits import MAX_NOTE_LENGTH
from referee.scoring.settlement import RESULTS, TONGITS_RESULTS

AMOUNTS = WithJsonSchema(
    {"type": "object", "additionalProperties": {"type": "number"}, "description": "{name: amount}"}
)


class Payment(Document):
    """One payment of a hand: who pays whom, how much, and why."""

    payer: str = Field(alias="from")
    to: str
    amount: Money
    why: str


class Settlement(Document):
    """Who pays whom for one hand, each player's net, and the points when the table plays
    for points."""

    result: Annotated[str, OneOf(RESULTS)]
    winners: list[str]
    payments: list[Payment]
    net: Annotated[dict[str, Money], AMOUNTS]
    points: dict[str, int] | None


class TongitsSettlement(Document):
    """Who pays whom for one game of Tongits, and what it leaves to the next (tongits.md
    section 3): the state to send with the next request, and the pot this game paid out."""

    result: Annotated[str, OneOf(TONGITS_RESULTS)]
    winners: list[str]
    payments: list[Payment]
    net: Annotated[dict[str, Money], AMOUNTS]
    points: None
    state: TongitsState
    pot_won: Money


class Error(Document):
    """Every refusal of the API: what was wrong, in words a player reads."""

    error: str


EndingT = TypeVar("EndingT")
SettlementT = TypeVar("SettlementT")


class HandOf(Document, Generic[EndingT, SettlementT]):
    """A hand of one game under the players' current names; its settlement was made under
    the rules in force when it was entered."""

    no: int = Field(ge=1, description="1, 2, 3... without gaps.")
    version: int = Field(ge=1)
    void: bool
    dealer: str
    outcome: EndingT
    settlement: SettlementT
    note: str | None = Field(
        None,
        max_length=MAX_NOTE_LENGTH,
        description="Why the scorekeeper recorded a drop over a waiting rule, or null.",
    )


class Hand(HandOf[OutcomeField, Settlement]):
    """A hand under the players' current names; its settlement was made under the rules in
    force when it was entered."""


class TongitsHand(HandOf[TongitsOutcomeField, TongitsSettlement]):
    """A game of Tongits under the players' current names, settled with what the games
    before it left; an edit or a void of an earlier game settles it again."""


class Stale(Document):
    """The change was refused: the hand is not the version sent (or is void)."""

    error: str
    hand: Hand | TongitsHand


class Tokens(Document):
    """Send one as `Authorization: Bearer <token>`."""

    scorekeeper: str
    watch: str


class Links(Document):
    """The page links to open on a phone."""

    scorekeeper: AnyUrl
    watch: AnyUrl


class CreatedTable(Document):
    """A new table: its id, its two tokens and its page links."""

    id: int = Field(ge=1)
    tokens: Tokens
    links: Links


class Game(Document):
    """One game in points mode (house rules 2.7): its hands not voided, each player's score,
    and, once it is over, who won (several on a shared lowest score)."""

    game: int = Field(ge=1, description="1, 2, 3... in the order they were played.")
    hands: list[int] = Field(description="The numbers of its hands, voided ones left out.")
    hands_in_game: int | None = Field(
        ge=1, description="`points_target_hands` for this game; null: it runs until the end."
    )
    scores: dict[str, int] = Field(description="Each player's points in this game.")
    over: bool
    winners: list[str] = Field(description="The lowest score once the game is over, else [].")


RulesT = TypeVar("RulesT")


class TableOf(Document, Generic[RulesT]):
    """A table of one game as it is now, under that game's house rules."""

    id: int = Field(ge=1)
    name: str
    game: GameName
    players: list[str] = Field(description="Who is seated now, in seating order.")
    preset: Preset
    rules: RulesT
    version: int = Field(ge=0, description="Grows with every change to the table.")
    hands: int = Field(ge=0, description="Hands played (void ones not counted).")
    dealer: str = Field(description="Who deals the next hand.")
    tally: Annotated[
        dict[str, Money],
        AMOUNTS,
        Field(description="Each player's money so far tonight, everyone who played."),
    ]
    points: dict[str, int] | None = Field(
        description="Each player's points so far when the table plays for points."
    )
    games: list[Game] | None = Field(
        description="When the table plays for points: its games, oldest first, the last one "
        "in play unless it is over. Derived from the hands, so an edit or a void recomputes "
        "them."
    )


class Table(TableOf[Rules]):
    """A table as it is now."""


class TongitsTable(TableOf[TongitsRulesField]):
    """A Tongits table as it is now, with what its night's games leave to the next one."""

    game: Literal["tongits"]
    preset: TongitsPreset
    points: None = Field(description="Always null: Tongits is played for money.")
    games: None = Field(description="Always null: Tongits has no points mode.")
    state: TongitsState | None = Field(
        description="The pot by player, the streak and who deals next, as the last game "
        "played left them (tongits.md 2.9); null before the first game."
    )


class Transfer(Document):
    """One payment of the settle-up."""

    payer: str = Field(alias="from")
    to: str
    amount: Money


class SettleUp(Document):
    """The night's balances and who pays whom to clear them."""

    balances: Annotated[dict[str, Money], AMOUNTS]
    transfers: list[Transfer]
