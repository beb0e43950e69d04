"""The OpenAPI document of the JSON API, served at GET /api/openapi.json.

The components are generated from the documents the API reads and answers
(`referee.documents`): the request bodies are the very models that read them, the house
rules' part comes from the declaration of each option, the enums from the engine's own
tuples, and every limit from `referee.rules.limits`. The paths come from the routes: their
rules (method, path and its parameters) and what each says of itself where it is declared
(`referee.web.described`): its summary, the body it reads, its answers by status.

Request schemas are never stricter than the API: whatever the API accepts fits its
schema (a client can check a request before sending it). What only the table can
say (who sits there, which totals can be dealt under its rules) is refused with 400
and the house rule's message.
"""

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, Flask, Response, jsonify
from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, models_json_schema
from pydantic_core import CoreSchema

from referee.documents import answers, requests
from referee.documents.upload import size_in_words
from referee.rules.limits import MAX_REQUEST_BYTES
from referee.web import api
from referee.web.described import OPERATIONS, Answer, described
from referee.web.serving import MAX_BODY_BYTES

REF = "#/components/schemas/"


class _Untitled(GenerateJsonSchema):
    """JSON schemas without the titles pydantic makes of field names ("First Dealer")."""

    def field_title_should_be_set(self, schema: CoreSchema) -> bool:
        return False


# Every game's bodies and answers, in the registry's order (the first game's plainly named).
BODIES = list(requests.BODIES.values())
ANSWERS = list(answers.ANSWERS.values())
MODELS: tuple[type[BaseModel], ...] = (
    *(bodies.settle for bodies in BODIES),
    *(bodies.new_table for bodies in BODIES),
    *(bodies.rules_change for bodies in BODIES),
    *(bodies.entry for bodies in BODIES),
    *(bodies.edit for bodies in BODIES),
    requests.HandVoid,
    answers.Error,
    *(each.settlement for each in ANSWERS),
    answers.CreatedTable,
    *(each.table for each in ANSWERS),
    *(each.hand for each in ANSWERS),
    *(each.stale for each in ANSWERS),
    answers.SettleUp,
)
SCHEMAS: dict[str, Any] = models_json_schema(
    [(model, "validation") for model in MODELS],
    ref_template=REF + "{model}",
    schema_generator=_Untitled,
)[1]["$defs"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def either(each_games: Iterable[type[BaseModel]]) -> dict[str, Any]:
    """One of each game's schemas of a document, as the table plays (just the one when
    there is one game, or every game sends the same)."""
    models = list(dict.fromkeys(each_games))
    if len(models) == 1:
        return ref(models[0].__name__)
    return {"anyOf": [ref(model.__name__) for model in models]}


HANDS = either([each.hand for each in ANSWERS])


def _json(schema: dict[str, Any], description: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _error(description: str) -> dict[str, Any]:
    return _json(ref("Error"), description)


RESPONSES = {
    "Refused": _error("Not JSON, unknown keys, wrong types, or refused by the house rules."),
    "WatchOnly": _error("The token is the watch token: it cannot change the table."),
    "NotFound": _error("No such table or hand, or no token of this table was sent."),
    "TooLarge": _error(
        f"The body is larger than {size_in_words(MAX_REQUEST_BYTES)}, the most a request "
        f"may send. `referee serve` answers this in JSON up to {size_in_words(MAX_BODY_BYTES)}; "
        "past that it answers a bare 413 and closes the connection."
    ),
    "NotJson": _error("The body was not sent as Content-Type: application/json."),
    "KeyReused": _error(
        "This Idempotency-Key entered a hand with another outcome: nothing was entered."
    ),
    "TooMany": {
        **_error(
            "Too many wrong tokens this minute (for this table, or from this address), or "
            "too many tables started this hour from this address. A right token is always "
            "answered."
        ),
        "headers": {
            "Retry-After": {
                "description": "The seconds until the count starts again.",
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
    "DiskFull": _error("The server's disk is full: nothing was saved."),
    "Stale": _json(
        either([each.stale for each in ANSWERS]),
        "The hand changed meanwhile (or is void): here it is now.",
    ),
    "Hand": _json(HANDS, "The hand."),
    "Table": _json(either([each.table for each in ANSWERS]), "The table as it is now."),
}


def _responses(ok: dict[str, Any], *errors: str) -> dict[str, Any]:
    names = {
        "400": "Refused",
        "403": "WatchOnly",
        "404": "NotFound",
        "409": "Stale",
        "413": "TooLarge",
        "415": "NotJson",
        "422": "KeyReused",
        "429": "TooMany",
        "507": "DiskFull",
    }
    if "413" in errors:  # a route that reads a body reads only JSON
        errors = (*errors, "415")
    if "404" in errors:  # a route that takes a token counts the wrong ones (web/rate_limits.py)
        errors = (*errors, "429")
    return {**ok, **{code: {"$ref": f"#/components/responses/{names[code]}"} for code in errors}}


ARGUMENT = re.compile(r"<(?:\w+:)?(\w+)>")  # a rule's <int:table_id>: table_id
# The parameters of a route's path, by the name its rule gives them.
PATH_PARAMETERS = {
    "table_id": {"$ref": "#/components/parameters/TableId"},
    "no": {"$ref": "#/components/parameters/HandNo"},
}
ANYONE: list[dict[str, list[str]]] = []  # no token needed
bp = Blueprint("openapi", __name__, url_prefix=api.PREFIX)


@bp.get("/openapi.json")
@described("This document", {200: Answer("The OpenAPI document.")}, anyone=True)
def openapi() -> Response:
    """The OpenAPI document describing every endpoint of this API."""
    return jsonify(DOCUMENT)


def _schema(answer: Answer) -> dict[str, Any]:
    """An answer's schema: one of each game's models (or the one every game answers)."""
    if answer.model is None:
        return {"type": "object"}
    pick = answer.model
    schema = either(pick(each) for each in ANSWERS)
    return {"type": "array", "items": schema} if answer.many else schema


def _operation(view: Callable[..., Any]) -> dict[str, Any]:
    """What the route says of itself (referee.web.described), as an OpenAPI operation; its
    operationId is its view's name, in camelCase."""
    said = OPERATIONS[view]
    first, *rest = view.__name__.split("_")
    operation: dict[str, Any] = {
        "operationId": first + "".join(word.title() for word in rest),
        "summary": said.summary,
    }
    if said.anyone:
        operation["security"] = ANYONE
    if said.parameters:
        operation["parameters"] = list(said.parameters)
    if said.body is not None:
        pick = said.body
        schema = either(pick(bodies) for bodies in BODIES)
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": schema, "example": said.example}},
        }
    ok = {
        str(status): _json(_schema(answer), answer.description)
        for status, answer in said.answers.items()
    }
    operation["responses"] = _responses(ok, *map(str, said.errors))
    return operation


def _paths(app: Flask) -> dict[str, Any]:
    """Every described route of `app`, by its path in OpenAPI's words (/tables/{table_id}),
    in the order they were declared; a path's own parameters come from its rule."""
    paths: dict[str, Any] = {}
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if view not in OPERATIONS:
            raise LookupError(f"{rule.rule} says nothing of itself (referee.web.described)")
        arguments = ARGUMENT.findall(rule.rule)
        path = paths.setdefault(ARGUMENT.sub(r"{\1}", rule.rule), {})
        if arguments:
            path["parameters"] = [PATH_PARAMETERS[name] for name in arguments]
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            path[method.lower()] = _operation(view)
    return paths


def _routes() -> Flask:
    """An app holding the API's routes and this document's, to read their rules from."""
    app = Flask(__name__, static_folder=None)
    app.register_blueprint(bp)
    app.register_blueprint(api.bp)
    return app


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Tonk Referee",
        "version": "1",
        "description": "The tables of the Tonk Referee as JSON (tables-api.md), and the "
        "settle engine (settle-contract.md). Money amounts are exact JSON numbers with at "
        'most 2 decimals. Every error is {"error": "..."} with a 4xx status.',
    },
    "security": [{"bearer": []}],
    "paths": _paths(_routes()),
    "components": {
        "securitySchemes": {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "A table's scorekeeper token (read and write) or watch token "
                "(read only). A watch token on a write answers 403; a token of another table, "
                "or none, answers 404.",
            }
        },
        "parameters": {
            "TableId": {
                "name": "table_id",
                "in": "path",
                "required": True,
                "schema": requests.ROW_ID.json_schema(),
                "example": 1,
            },
            "HandNo": {
                "name": "no",
                "in": "path",
                "required": True,
                "schema": requests.ROW_ID.json_schema(),
                "example": 1,
            },
            "IdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "schema": requests.IDEMPOTENCY_KEY.json_schema(),
                "description": "A key of your choosing: sent again with the same table, it "
                "answers 200 with the hand it entered the first time instead of entering "
                "another.",
            },
        },
        "schemas": SCHEMAS,
        "responses": RESPONSES,
    },
}
