"""The OpenAPI document of the JSON API, served at GET /api/openapi.json.

The components are generated from the documents the API reads and answers
(`referee.documents`): the request bodies are the very models that read them, the house
rules' part comes from the declaration of each option, the enums from the engine's own
tuples, and every limit from `referee.rules.limits`. The paths are written here.

Request schemas are never stricter than the API: whatever the API accepts fits its
schema (a client can check a request before sending it). What only the table can
say (who sits there, which totals can be dealt under its rules) is refused with 400
and the house rule's message.
"""

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import CoreModeRef, DefsRef, GenerateJsonSchema, models_json_schema
from pydantic_core import CoreSchema

from referee.documents import answers, requests
from referee.scoring.settle_up import MODES

REF = "#/components/schemas/"


class _Untitled(GenerateJsonSchema):
    """JSON schemas without the titles pydantic makes of field names ("First Dealer")."""

    def field_title_should_be_set(self, schema: CoreSchema) -> bool:
        return False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._named: dict[str, str] = {}  # a schema's name: the model it names first

    def get_defs_ref(self, core_mode_ref: CoreModeRef) -> DefsRef:
        """A model's name; where two games name a kind alike (a stock-out), the second one
        is named after its game's package too (TongitsStockOut), not by its module path."""
        chosen = super().get_defs_ref(core_mode_ref)
        choices = self._prioritized_defsref_choices[chosen]
        path = core_mode_ref[0].rsplit(":", 1)[0]
        if self._named.setdefault(choices[0], path) != path and "[" not in path:
            *package, _module, name = path.split(".")
            choices[0] = DefsRef(package[-1].title() + name)
        return chosen


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
    answers.Stale,
    answers.SettleUp,
)
SCHEMAS: dict[str, Any] = models_json_schema(
    [(model, "validation") for model in MODELS],
    ref_template=REF + "{model}",
    schema_generator=_Untitled,
)[1]["$defs"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def either(models: list[type[BaseModel]]) -> dict[str, Any]:
    """One of each game's schemas of a document, as the table plays (just the one when
    there is one game)."""
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
    "TooLarge": _error("The body is larger than any request needs."),
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
    "Stale": _json(ref("Stale"), "The hand changed meanwhile (or is void): here it is now."),
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
    if "404" in errors:  # a route that takes a token counts the wrong ones (referee.rate_limits)
        errors = (*errors, "429")
    return {**ok, **{code: {"$ref": f"#/components/responses/{names[code]}"} for code in errors}}


def _body(models: list[type[BaseModel]], example: Any) -> dict[str, Any]:
    """A request body: one of each game's documents (or the one every game sends)."""
    schema = either(models)
    return {
        "required": True,
        "content": {"application/json": {"schema": schema, "example": example}},
    }


TABLE = {"$ref": "#/components/parameters/TableId"}
HAND_NO = {"$ref": "#/components/parameters/HandNo"}
OUT = {"kind": "out", "player": "Anna"}
ANYONE: list[dict[str, list[str]]] = []  # no token needed

PATHS: dict[str, Any] = {
    "/api/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "security": ANYONE,
            "responses": {"200": _json({"type": "object"}, "The OpenAPI document.")},
        }
    },
    "/api/settle": {
        "post": {
            "operationId": "settle",
            "summary": "Settle one hand without storing it (settle-contract.md; a game of "
            "Tongits, tongits.md section 3)",
            "security": ANYONE,
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": either([bodies.settle for bodies in BODIES]),
                        "example": {
                            "preset": "classic",
                            "players": ["Anna", "Ben", "Carla"],
                            "outcome": OUT,
                        },
                    }
                },
            },
            "responses": _responses(
                {
                    "200": _json(
                        either([each.settlement for each in ANSWERS]),
                        "Who pays whom (for Tongits, with the state after the game).",
                    )
                },
                "400",
                "413",
            ),
        }
    },
    "/api/tables": {
        "post": {
            "operationId": "createTable",
            "summary": "Start a table",
            "security": ANYONE,
            "requestBody": _body(
                [bodies.new_table for bodies in BODIES],
                {"name": "Friday", "players": ["Anna", "Ben", "Carla"], "preset": "classic"},
            ),
            "responses": _responses(
                {"201": _json(ref("CreatedTable"), "The table, its tokens and its links.")},
                "400",
                "413",
                "429",
                "507",
            ),
        }
    },
    "/api/tables/{table_id}": {
        "parameters": [TABLE],
        "get": {
            "operationId": "getTable",
            "summary": "The table: players, rules, who deals, the tally",
            "responses": _responses({"200": RESPONSES["Table"]}, "404"),
        },
    },
    "/api/tables/{table_id}/hands": {
        "parameters": [TABLE],
        "get": {
            "operationId": "listHands",
            "summary": "Every hand, oldest first, void ones included",
            "responses": _responses(
                {"200": _json({"type": "array", "items": HANDS}, "The hands.")},
                "404",
            ),
        },
        "post": {
            "operationId": "enterHand",
            "summary": "Enter a hand, dealt by whoever deals next; settled under the rules now",
            "parameters": [{"$ref": "#/components/parameters/IdempotencyKey"}],
            "requestBody": _body(
                [bodies.entry for bodies in BODIES], {"outcome": OUT, "override": False}
            ),
            "responses": _responses(
                {
                    "201": _json(HANDS, "The hand entered."),
                    "200": _json(
                        HANDS,
                        "The hand this Idempotency-Key entered before.",
                    ),
                },
                "400",
                "403",
                "404",
                "413",
                "422",
                "507",
            ),
        },
    },
    "/api/tables/{table_id}/hands/{no}": {
        "parameters": [TABLE, HAND_NO],
        "put": {
            "operationId": "editHand",
            "summary": "Change a hand's outcome; re-settled under the rules it was played with",
            "requestBody": _body(
                [bodies.edit for bodies in BODIES], {"outcome": OUT, "version": 1}
            ),
            "responses": _responses(
                {"200": RESPONSES["Hand"]}, "400", "403", "404", "409", "413", "507"
            ),
        },
        "delete": {
            "operationId": "voidHand",
            "summary": "Void a hand: out of the tally, still in the history",
            "requestBody": _body([requests.HandVoid], {"version": 1}),
            "responses": _responses(
                {"200": _json(HANDS, "The hand, marked void.")},
                "400",
                "403",
                "404",
                "409",
                "413",
                "507",
            ),
        },
    },
    "/api/tables/{table_id}/rules": {
        "parameters": [TABLE],
        "put": {
            "operationId": "changeRules",
            "summary": "New house rules for the hands entered from now on",
            "requestBody": _body(
                [bodies.rules_change for bodies in BODIES],
                {"preset": "classic", "rules": {"stake": 0.5}},
            ),
            "responses": _responses({"200": RESPONSES["Table"]}, "400", "403", "404", "413", "507"),
        },
    },
    "/api/tables/{table_id}/settle-up": {
        "parameters": [TABLE],
        "get": {
            "operationId": "settleUp",
            "summary": "Who pays whom to clear the night",
            "parameters": [
                {
                    "name": "mode",
                    "in": "query",
                    "schema": {"enum": list(MODES), "default": MODES[0]},
                    "description": "fewest: the fewest payments; banker: everyone settles with "
                    "`to`; as_is: the balances only.",
                },
                {
                    "name": "to",
                    "in": "query",
                    "schema": {"type": "string"},
                    "description": "The banker's name (with mode=banker).",
                },
            ],
            "responses": _responses(
                {"200": _json(ref("SettleUp"), "The balances and the transfers.")}, "400", "404"
            ),
        },
    },
}

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
    "paths": PATHS,
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
