"""What the API answers (tables-api.md, settle-contract.md): the schemas of its JSON.

The settlement is the one a table's file holds too (`referee.documents.table_file`). Each
game's answers (its settlement, a hand, a table) are built from the registry of games. The
API makes each answer as its model, which `said` writes: what it sends is what is described.
"""

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    AnyUrl,
    BaseModel,
    Field,
    WithJsonSchema,
    create_model,
    field_serializer,
)

from referee import games
from referee.documents.values import (
    VALUES,
    Document,
    GameName,
    OneOf,
    PerGame,
    game_type,
    titled,
)
from referee.rules.limits import MAX_NOTE_LENGTH
from referee.rules.shapes import Money

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
    for points (each game's own model says its results, its points, and what it carries to
    the next game)."""

    result: str
    winners: list[str]
    payments: list[Payment]
    net: Annotated[dict[str, Money], AMOUNTS]
    points: dict[str, int] | None


class Error(Document):
    """Every refusal of the API: what was wrong, in words a player reads."""

    error: str


class Hand(Document):
    """A hand under the players' current names; its settlement was made under the rules in
    force when it was entered (each game's own model says its outcome and settlement)."""

    no: int = Field(ge=1, description="1, 2, 3... without gaps.")
    version: int = Field(ge=1)
    void: bool
    dealer: str
    outcome: Any
    settlement: Any
    note: str | None = Field(
        None,
        max_length=MAX_NOTE_LENGTH,
        description="Why the scorekeeper recorded a drop over a waiting rule, or null.",
    )


class Tokens(Document):
    """Send one as `Authorization: Bearer <token>`."""

    scorekeeper: str
    watch: str


class Links(Document):
    """The page links to open on a phone."""

    scorekeeper: AnyUrl
    watch: AnyUrl

    @field_serializer("scorekeeper", "watch")
    def _as_text(self, url: AnyUrl) -> str:
        return str(url)


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


class Table(Document):
    """A table as it is now, under its game's house rules (each game's own model says its
    preset and rules, whether it plays for points, and what its games carry)."""

    id: int = Field(ge=1)
    name: str
    game: GameName
    players: list[str] = Field(description="Who is seated now, in seating order.")
    preset: str
    rules: Any
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


class Transfer(Document):
    """One payment of the settle-up."""

    payer: str = Field(alias="from")
    to: str
    amount: Money


class SettleUp(Document):
    """The night's balances and who pays whom to clear them."""

    balances: Annotated[dict[str, Money], AMOUNTS]
    transfers: list[Transfer]


@dataclass(frozen=True)
class Answers:
    """What the API answers about a table of one game, and a table's file holds."""

    settlement: type[Settlement]
    hand: type[Hand]
    table: type[Table]
    stale: type[Document]


def _answers(game: games.Game) -> Answers:
    """The answers of `game`, from what it hands over: a game played for money only says
    null for points, and a game that carries state says what each game left."""
    values, documents, title = VALUES[game.name], game.documents, game.name.title()
    state = documents.state
    paid: dict[str, Any] = {"result": (Annotated[str, OneOf(documents.results)], ...)}
    shown: dict[str, Any] = {
        "game": (game_type(game), ...),
        "preset": (values.preset, ...),
        "rules": (values.rules, ...),
    }
    if not documents.plays_for_points:
        paid["points"] = (None, ...)
        shown["points"] = (None, Field(description=f"Always null: {title} is played for money."))
        shown["games"] = (None, Field(description=f"Always null: {title} has no points mode."))
    if state is not None:
        paid |= {"state": (state, ...), "pot_won": (Money, ...)}
        left = "What the last game played left to the next; null before the first game."
        shown["state"] = (state | None, Field(description=left))
    settlement = create_model(
        titled(game, "{}Settlement"),
        __base__=Settlement,
        __doc__=f"Who pays whom for one hand of {title}, and each player's net"
        + ("" if state is None else ", with what it leaves to the next game and the pot paid out")
        + ".",
        **paid,
    )
    hand = create_model(
        titled(game, "{}Hand"),
        __base__=Hand,
        __doc__=f"A hand of {title} under the players' current names; its settlement was "
        "made under the rules in force when it was entered.",
        outcome=(values.outcome, ...),
        settlement=(settlement, ...),
    )
    table = create_model(
        titled(game, "{}Table"),
        __base__=Table,
        __doc__=f"A table of {title} as it is now.",
        **shown,
    )
    stale = create_model(
        titled(game, "{}Stale"),
        __base__=Document,
        __doc__="The change was refused: the hand is not the version sent (or is void).",
        error=(str, ...),
        hand=(hand, ...),
    )
    return Answers(settlement, hand, table, stale)


ANSWERS = PerGame(_answers)


def said(answer: BaseModel) -> dict[str, Any]:
    """An answer as JSON to write: its keys as the API spells them (`from`), its money still
    exact Decimals, for `referee.exact_json` to write as numbers."""
    return answer.model_dump(by_alias=True)
