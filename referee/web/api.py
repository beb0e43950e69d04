"""The JSON doors: POST /api/settle (the settle contract) and the tables (tables-api.md).

Thin, like the pages: each endpoint checks who is asking and what was sent, then
calls the same commands (referee.store.commands) and readers the pages call. A table is opened with
`Authorization: Bearer <token>`, its scorekeeper token (read and write) or its watch
token (read only); no token, or another table's, answers 404 like a table that does
not exist. Every error is {"error": "..."} with a 4xx status. Every answer is made as its
model (referee.documents.answers), the very models the OpenAPI document
(referee.web.openapi) describes, each route saying what it reads and answers
(referee.web.described).
"""

from typing import Any, TypeVar

from flask import Blueprint, Response, abort, jsonify, request
from pydantic import BaseModel
from sqlmodel import Session, select
from werkzeug.exceptions import UnsupportedMediaType

from referee import exact_json
from referee.documents import answers
from referee.documents.answers import ANSWERS
from referee.documents.reading import read, read_value
from referee.documents.requests import (
    IDEMPOTENCY_KEY,
    HandVoid,
    WaitingEntry,
    bodies_of,
    new_table_body,
)
from referee.documents.values import Document
from referee.games import DEFAULT_GAME, scores_points
from referee.games.request import settle_request
from referee.rules import Refusal
from referee.scoring.settle_up import MODES, transfers_for
from referee.scoring.tonk.games import game_json
from referee.store import commands, night
from referee.store.hands import every_hand, hand_by_no, hand_count, hand_views
from referee.store.models import GameTable, Hand, Player, id_of
from referee.store.rules_versions import current_rules, game_of
from referee.store.seating import next_deal, players_of, seated
from referee.store.storage import session
from referee.store.tally import night_games, standings, tally
from referee.web import access, rate_limits
from referee.web.described import Answer, described
from referee.web.pages.links import link
from referee.web.transfer import NO_STORE

PREFIX = "/api"
bp = Blueprint("api", __name__, url_prefix=PREFIX)

BY = access.VIA_API
Body = TypeVar("Body", bound=Document)
OUT = {"kind": "out", "player": "Anna"}  # the outcome of the examples
TABLE = Answer("The table as it is now.", lambda game: game.table)


def _answer(answer: BaseModel, status: int = 200) -> tuple[Response, int]:
    """An answer written through its model: the JSON sent is the JSON described."""
    return jsonify(answers.said(answer)), status


def refused(message: str, status: int = 400) -> tuple[Response, int]:
    """The one error shape of the API: {"error": "..."} with a 4xx status."""
    return _answer(answers.Error(error=message), status)


@bp.errorhandler(Refusal)
def _refusal(refusal: Refusal) -> tuple[Response, int]:
    """A request the house rules (or the shape of the API) refuse: nothing was stored."""
    session().rollback()
    return refused(refusal.message)


@bp.errorhandler(commands.KeyReused)
def _key_reused(reused: commands.KeyReused) -> tuple[Response, int]:
    """An Idempotency-Key sent again with another outcome (tables API, version 2): 422, not
    the hand the key entered; nothing stored."""
    session().rollback()
    return refused(
        f"Idempotency-Key: this key already entered hand {reused.hand.no}, with another "
        f"outcome; send a new key to enter another hand, or PUT the hand to change it",
        422,
    )


@bp.errorhandler(commands.StaleHand)
def _stale(stale: commands.StaleHand) -> tuple[Response, int]:
    """Someone changed the hand since the version sent: nothing stored, here it is now."""
    db = session()
    db.rollback()
    table = db.exec(select(GameTable).where(GameTable.id == stale.hand.table_id)).one()
    # The hand as its JSON: the stale answer reads it again with its own game's model.
    now = {"error": str(stale), "hand": answers.said(_hand_answer(db, table, stale.hand))}
    return _answer(answers.ANSWERS[table.game].stale.model_validate(now), 409)


@bp.post("/settle")
@described(
    "Settle one hand without storing it (settle-contract.md; a game of Tongits, tongits.md "
    "section 3)",
    {
        200: Answer(
            "Who pays whom (for Tongits, with the state after the game).",
            lambda game: game.settlement,
        )
    },
    errors=(400, 413),
    body=lambda game: game.settle,
    example={"preset": "classic", "players": ["Anna", "Ben", "Carla"], "outcome": OUT},
    anyone=True,
)
def settle() -> tuple[Response, int]:
    """Settle one hand sent as JSON; nothing is stored."""
    request = _json()
    try:
        settlement = settle_request(request)
    except Refusal as error:
        return refused(str(error))
    # Settled, so the request named a game of the registry (or none: the first game).
    answer = answers.ANSWERS[request.get("game", DEFAULT_GAME)].settlement
    return _answer(answer.model_validate(settlement.to_json()))


# Reading what was sent


def _json() -> Any:
    """The JSON sent, exact (no floats); anything else is refused, and a body not sent as
    `application/json` answers 415 (tables API, version 2): a web page can post a form
    or text/plain to any address without asking, but not JSON."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(
            f"the body must be JSON sent as Content-Type: application/json, not "
            f"{request.mimetype[:60] or 'no Content-Type'}"
        )
    try:
        return exact_json.loads(request.get_data())
    except exact_json.BadJson as error:
        raise Refusal(str(error)) from None
    except ValueError:  # an integer of more than 4300 digits (sys.get_int_max_str_digits)
        raise Refusal("the request is not valid JSON (a number has too many digits)") from None


def _body(model: type[Body]) -> Body:
    """The JSON object sent, read whole as the request's document (referee.documents)."""
    return read(model, _json(), root="request")


def _new_table() -> Any:
    """A new table's body, read as the document of the game it names."""
    data = _json()
    return read(new_table_body(data), data, root="request")


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    return None if key is None else read_value(IDEMPOTENCY_KEY, key, root="Idempotency-Key")


# Who is asking


def _table(table_id: int, *, write: bool = False) -> GameTable:
    """The table the bearer token opens: 404 unless it is one of this table's tokens (counted
    as a wrong guess, 429 past the limit), 403 when a watch token tries to change something.
    A right token is checked first, so it always answers."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    found = None
    if scheme.lower() == "bearer" and token.isascii() and len(token) <= 100:
        found = access.find_by_token(session(), table_id, token)
    if found is None:
        rate_limits.wrong_token(table_id)  # 429 while someone keeps guessing
        abort(404, "There is no such table, or the token sent is not one of its tokens.")
    table, role = found
    if write and role != access.SCOREKEEPER:
        abort(403, "This is the watch token: it can see the table but not change it.")
    return table


def _hand(table: GameTable, no: int) -> Hand:
    hand = hand_by_no(session(), table, no)
    if hand is None:
        abort(404, f"There is no hand {no} at this table.")
    return hand


# What is answered


def _hand_answer(
    db: Session, table: GameTable, hand: Hand, players: list[Player] | None = None
) -> answers.Hand:
    """A hand as the API shows it, each player under their current name; its note is null,
    or what the table recorded over a rule (a drop over a waiting rule), as the spec says."""
    (view,) = hand_views([hand], players_of(db, table) if players is None else players)
    return ANSWERS[table.game].hand(
        no=hand.no,
        version=hand.version,
        void=hand.void,
        dealer=view.dealer,
        outcome=view.outcome,
        settlement=view.settlement,
        note=hand.note,
    )


def _tally(db: Session, table: GameTable) -> list[dict[str, Any]]:
    """Everyone who sat at the table tonight with their money and points, as the pages
    count them (one SUM over the hands not voided)."""
    return standings(players_of(db, table), tally(db, table))


def _table_answer(db: Session, table: GameTable) -> answers.Table:
    """The table as it is now, as its game's model of a table."""
    players = players_of(db, table)
    version, rules = current_rules(db, table)
    standing = _tally(db, table)
    points = {row["player"].name: row["points"] for row in standing}
    in_points = scores_points(game_of(table), rules)
    # A game whose games carry state (Tongits) shows what its last game left: the pot by
    # player, the run, who deals next (tongits.md 2.9).
    carried = {"state": night.state_now(db, table, rules)} if night.carries_state(table) else {}
    return ANSWERS[table.game].table(
        id=id_of(table),
        name=table.name,
        game=table.game,
        players=[p.name for p in seated(players)],
        preset=version.preset,
        rules=rules.to_json(),
        version=table.version,
        hands=hand_count(db, table),
        dealer=next_deal(db, table, players).dealer.name,
        tally={row["player"].name: row["amount"] for row in standing},
        points=points if in_points else None,
        games=[
            answers.Game.model_validate(game_json(game)) for game in night_games(db, table, players)
        ]
        if in_points
        else None,
        **carried,
    )


# Tables


@bp.post("/tables")
@described(
    "Start a table",
    {201: Answer("The table, its tokens and its links.", lambda _: answers.CreatedTable)},
    errors=(400, 413, 429, 507),
    body=lambda game: game.new_table,
    example={"name": "Friday", "players": ["Anna", "Ben", "Carla"], "preset": "classic"},
    anyone=True,
)
def create_table() -> tuple[Response, int, dict[str, str]]:
    """Start a table; the answer holds its two tokens and the page links to share. An address
    that started too many tables this hour is answered 429."""
    rate_limits.may_start_table()
    new = _new_table()
    table = commands.start_table(
        session(),
        name=new.name,
        players=list(new.players),
        preset_name=new.preset,
        changes=new.rules,
        first_dealer=new.first_seat(),
        game=new.game,
    )
    rate_limits.table_started()
    answer = answers.CreatedTable(
        id=id_of(table),
        tokens=answers.Tokens.model_validate(
            {role: access.token_of(table, role) for role in access.ROLES}
        ),
        links=answers.Links.model_validate({role: link(table, role) for role in access.ROLES}),
    )
    return jsonify(answers.said(answer)), 201, NO_STORE


@bp.get("/tables/<int:table_id>")
@described("The table: players, rules, who deals, the tally", {200: TABLE}, errors=(404,))
def get_table(table_id: int) -> tuple[Response, int]:
    """The table: who sits there, the rules in force, who deals next, the tally."""
    table = _table(table_id)
    return _answer(_table_answer(session(), table))


@bp.put("/tables/<int:table_id>/rules")
@described(
    "New house rules for the hands entered from now on",
    {
        200: Answer(
            "The table as it is now. Rules the same as those in force change nothing: "
            "the table's version is as it was.",
            lambda game: game.table,
        )
    },
    errors=(400, 403, 404, 413, 507),
    body=lambda game: game.rules_change,
    example={"preset": "classic", "rules": {"stake": 0.5}},
)
def change_rules(table_id: int) -> tuple[Response, int]:
    """New house rules (a preset and changes to it) for the hands entered from now on."""
    table = _table(table_id, write=True)
    change = _body(bodies_of(table.game).rules_change)
    db = session()
    commands.change_rules(db, table, change.preset, change.rules)
    commands.lock(db, table)  # the answer, read in one piece while no one else writes
    return _answer(_table_answer(db, table))


@bp.get("/tables/<int:table_id>/settle-up")
@described(
    "Who pays whom to clear the night",
    {200: Answer("The balances and the transfers.", lambda _: answers.SettleUp)},
    errors=(400, 404),
    parameters=(
        {
            "name": "mode",
            "in": "query",
            "schema": {"enum": list(MODES), "default": MODES[0]},
            "description": "fewest: the fewest payments; banker: everyone settles with `to`; "
            "as_is: the balances only.",
        },
        {
            "name": "to",
            "in": "query",
            "schema": {"type": "string"},
            "description": "The banker's name (with mode=banker).",
        },
    ),
)
def settle_up(table_id: int) -> tuple[Response, int]:
    """The night's balances and who pays whom: the fewest payments, or all through a banker,
    or none (balances as they are), as the settle-up page offers."""
    table = _table(table_id)
    balances = {row["player"].name: row["amount"] for row in _tally(session(), table)}
    transfers = transfers_for(balances, request.args.get("mode", MODES[0]), request.args.get("to"))
    paid = [
        answers.Transfer.model_validate({"from": t.payer, "to": t.payee, "amount": t.amount})
        for t in transfers
    ]
    return _answer(answers.SettleUp(balances=balances, transfers=paid))


# Hands


@bp.get("/tables/<int:table_id>/hands")
@described(
    "Every hand, oldest first, void ones included",
    {200: Answer("The hands.", lambda game: game.hand, many=True)},
    errors=(404,),
)
def list_hands(table_id: int) -> Response:
    """Every hand, oldest first; void ones stay, marked."""
    table = _table(table_id)
    db = session()
    players = players_of(db, table)
    each = (_hand_answer(db, table, hand, players) for hand in every_hand(db, table))
    return jsonify([answers.said(hand) for hand in each])


@bp.post("/tables/<int:table_id>/hands")
@described(
    "Enter a hand, dealt by whoever deals next; settled under the rules now",
    {
        201: Answer("The hand entered.", lambda game: game.hand),
        200: Answer("The hand this Idempotency-Key entered before.", lambda game: game.hand),
    },
    errors=(400, 403, 404, 413, 422, 507),
    body=lambda game: game.entry,
    example={"outcome": OUT, "override": False},
    parameters=({"$ref": "#/components/parameters/IdempotencyKey"},),
)
def enter_hand(table_id: int) -> tuple[Response, int]:
    """Enter a hand, dealt by whoever deals next, settled under the rules in force; a drop
    by a player who must still wait, or out of turn, is refused as the page refuses it,
    unless the body says `"override": true` (the hand then carries the page's note).

    With an Idempotency-Key, exactly once: the same key again (a retry after a dropped
    connection) answers 200 with the hand the key entered, and enters nothing.
    """
    table = _table(table_id, write=True)
    key = _idempotency_key()
    # A malformed hand is refused, even with a key seen before.
    entry = _body(bodies_of(table.game).entry)
    override = isinstance(entry, WaitingEntry) and entry.override
    db = session()
    entered = commands.enter_hand(
        db, table, entry.outcome.to_json(), entry_key=key, by=BY, override=override
    )
    return _answer(_hand_answer(db, table, entered.hand), 200 if entered.again else 201)


@bp.put("/tables/<int:table_id>/hands/<int:no>")
@described(
    "Change a hand's outcome; re-settled under the rules it was played with",
    {
        200: Answer(
            "The hand. The outcome it already has changes nothing: the hand as it was, its "
            "version and history unchanged.",
            lambda game: game.hand,
        )
    },
    errors=(400, 403, 404, 409, 413, 507),
    body=lambda game: game.edit,
    example={"outcome": OUT, "version": 1},
)
def edit_hand(table_id: int, no: int) -> tuple[Response, int]:
    """Change a hand's outcome (same dealer), re-settled under the rules it was played
    with; 409 with the hand as it is now when `version` is not its current version. The
    outcome it already has changes nothing: 200 with the hand, its version as it was."""
    table = _table(table_id, write=True)
    edit = _body(bodies_of(table.game).edit)
    hand = _hand(table, no)
    db = session()
    dealer = db.exec(select(Player).where(Player.id == hand.dealer_id)).one()
    outcome = edit.outcome.to_json()
    commands.edit_hand(db, table, hand, outcome, dealer, version=edit.version, by=BY)
    return _answer(_hand_answer(db, table, hand))


@bp.delete("/tables/<int:table_id>/hands/<int:no>")
@described(
    "Void a hand: out of the tally, still in the history",
    {200: Answer("The hand, marked void.", lambda game: game.hand)},
    errors=(400, 403, 404, 409, 413, 507),
    body=lambda _: HandVoid,
    example={"version": 1},
)
def void_hand(table_id: int, no: int) -> tuple[Response, int]:
    """Void a hand: out of the tally, still in the history; 409 when `version` is stale."""
    table = _table(table_id, write=True)
    version = _body(HandVoid).version
    hand = _hand(table, no)
    db = session()
    commands.void_hand(db, table, hand, version=version, by=BY)
    return _answer(_hand_answer(db, table, hand))
