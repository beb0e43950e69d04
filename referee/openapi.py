"""The OpenAPI document of the JSON API, served at GET /api/openapi.json.

Written as a Python dict next to the code it describes, so a test can hold the two
together. The house rules' part is built from the declaration of each option in
`referee.rules.house_rules`, the enums from the engine's own tuples, so a new option,
preset or outcome kind shows up here without a second list to keep in step.

Request schemas are never stricter than the API: whatever the API accepts fits its
schema (a client can check a request before sending it). What only the table can
say (who sits there, which totals can be dealt under its rules) is refused with 400
and the house rule's message.
"""

from typing import Any

from referee.rules import KINDS, PRESETS, option_keys
from referee.rules.house_rules import MAX_DEALT_TOTAL, MAX_STAKE, check_of
from referee.rules.limits import (
    IDEMPOTENCY_KEY_PATTERN,
    MAX_ID,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE_NAME_LENGTH,
)
from referee.rules.outcome import FIELDS
from referee.scoring.settlement import RESULTS

REF = "#/components/schemas/"


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


def _option_schema(key: str) -> dict[str, Any]:
    """The JSON schema of one house rule, from what its check allows."""
    check = check_of(key)
    schema: dict[str, Any]
    if check.kind == "whole":
        schema = {"type": "integer", "minimum": check.low, "maximum": check.high}
    elif check.kind == "choice":
        schema = {"enum": list(check.choices)}
    elif check.kind == "flag":
        schema = {"type": "boolean"}
    elif check.kind == "money":
        schema = {"type": "number", "exclusiveMinimum": 0, "maximum": int(MAX_STAKE)}
    elif check.kind == "text":
        # Trimmed before its length is counted, so only an empty text is refused by shape.
        schema = {"type": "string", "minLength": 1}
    elif check.kind == "bands":
        schema = {"type": "array", "maxItems": check.high, "items": ref("Band")}
    else:  # pragma: no cover - a new kind of option must be described here
        raise ValueError(f"no schema for house rule {key} ({check.kind})")
    if check.optional:
        schema = {"anyOf": [schema, {"type": "null"}]}
    return {**schema, "description": f"{key}: {check.words}"}


def _rules_schema(*, every_option: bool) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {key: _option_schema(key) for key in option_keys()},
    }
    if every_option:
        schema["required"] = option_keys()
        schema["description"] = "Every house rule in force (section 1 of house-rules.md)."
    else:
        schema["description"] = (
            "House rules that differ from the preset (section 1 of house-rules.md); each key "
            "overrides the preset's value."
        )
    return schema


def _object(properties: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": properties,
        **extra,
    }


MONEY = {
    "type": "number",
    "description": "An exact amount of money with at most 2 decimals (never a float artefact).",
}
NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
AMOUNTS = {"type": "object", "additionalProperties": MONEY, "description": "{name: amount}"}
POINTS = {"type": "object", "additionalProperties": {"type": "integer"}}
ANY_RULES = {"anyOf": [ref("RulesChanges"), {"type": "null"}]}
PRESET = {"enum": list(PRESETS), "description": "The preset the house rules start from."}

SCHEMAS: dict[str, Any] = {
    "Error": _object(
        {"error": {"type": "string", "description": "What was wrong, in words a player reads."}},
        ["error"],
    ),
    "Money": MONEY,
    "Band": _object(
        {
            "min": {"type": "integer", "minimum": 0, "maximum": MAX_DEALT_TOTAL},
            "max": {"type": "integer", "minimum": 0, "maximum": MAX_DEALT_TOTAL},
            "pays": {"type": "integer", "minimum": 1, "maximum": 10},
        },
        ["min", "max", "pays"],
        description="Dealt totals from min to max (inclusive) are a tonk paying `pays` stakes.",
    ),
    "RulesChanges": _rules_schema(every_option=False),
    "Rules": _rules_schema(every_option=True),
    "Players": {
        "type": "array",
        "minItems": MIN_PLAYERS,
        "maxItems": MAX_PLAYERS,
        "uniqueItems": True,
        "items": NAME,
        "description": "Distinct names in seating order (no space at either end).",
    },
    "Outcome": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind"],
        "properties": {
            "kind": {"enum": list(KINDS)},
            "player": {"type": "string"},
            "totals": {
                "type": "object",
                "additionalProperties": {"type": "integer"},
                "description": "{name: points in hand, or dealt total for a tonk on the deal}",
            },
            "spread_six": {"type": ["boolean", "null"]},
            "last_draw": {"type": "string"},
        },
        "description": "How a hand ended, as settle-contract.md says; fields: " + ", ".join(FIELDS),
    },
    "Settlement": _object(
        {
            "result": {"enum": list(RESULTS)},
            "winners": {"type": "array", "items": {"type": "string"}},
            "payments": {
                "type": "array",
                "items": _object(
                    {
                        "from": {"type": "string"},
                        "to": {"type": "string"},
                        "amount": {**MONEY, "exclusiveMinimum": 0},
                        "why": {"type": "string"},
                    },
                    ["from", "to", "amount", "why"],
                ),
            },
            "net": AMOUNTS,
            "points": {"anyOf": [POINTS, {"type": "null"}]},
        },
        ["result", "winners", "payments", "net", "points"],
    ),
    "SettleRequest": _object(
        {
            "preset": PRESET,
            "rules": ANY_RULES,
            "players": ref("Players"),
            "outcome": ref("Outcome"),
        },
        ["players", "outcome"],
    ),
    "NewTable": _object(
        {
            "name": {
                "type": "string",
                "maxLength": TABLE_NAME_LENGTH,
                "description": 'Defaults to "Tonk night".',
            },
            "players": ref("Players"),
            "preset": {**PRESET, "default": "classic"},
            "rules": ANY_RULES,
            "first_dealer": {
                "type": "string",
                "description": "Who deals the first hand (a player's name); default the first.",
            },
        },
        ["players"],
    ),
    "CreatedTable": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "tokens": _object(
                {"scorekeeper": {"type": "string"}, "watch": {"type": "string"}},
                ["scorekeeper", "watch"],
                description="Send one as `Authorization: Bearer <token>`.",
            ),
            "links": _object(
                {
                    "scorekeeper": {"type": "string", "format": "uri"},
                    "watch": {"type": "string", "format": "uri"},
                },
                ["scorekeeper", "watch"],
                description="The page links to open on a phone.",
            ),
        },
        ["id", "tokens", "links"],
    ),
    "Table": _object(
        {
            "id": {"type": "integer", "minimum": 1},
            "name": {"type": "string"},
            "players": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Who is seated now, in seating order.",
            },
            "preset": PRESET,
            "rules": ref("Rules"),
            "version": {
                "type": "integer",
                "minimum": 0,
                "description": "Grows with every change to the table.",
            },
            "hands": {
                "type": "integer",
                "minimum": 0,
                "description": "Hands played (void ones not counted).",
            },
            "dealer": {"type": "string", "description": "Who deals the next hand."},
            "tally": {
                **AMOUNTS,
                "description": "Each player's money so far tonight, everyone who played.",
            },
            "points": {
                "anyOf": [POINTS, {"type": "null"}],
                "description": "Each player's points so far when the table plays for points.",
            },
        },
        ["id", "name", "players", "preset", "rules", "version", "hands", "dealer"]
        + ["tally", "points"],
    ),
    "Hand": _object(
        {
            "no": {"type": "integer", "minimum": 1, "description": "1, 2, 3... without gaps."},
            "version": {"type": "integer", "minimum": 1},
            "void": {"type": "boolean"},
            "dealer": {"type": "string"},
            "outcome": ref("Outcome"),
            "settlement": ref("Settlement"),
        },
        ["no", "version", "void", "dealer", "outcome", "settlement"],
        description="A hand under the players' current names; its settlement was made under "
        "the rules in force when it was entered.",
    ),
    "Stale": _object(
        {"error": {"type": "string"}, "hand": ref("Hand")},
        ["error", "hand"],
        description="The change was refused: the hand is not the version sent (or is void).",
    ),
    "HandEntry": _object({"outcome": ref("Outcome")}, ["outcome"]),
    "HandEdit": _object(
        {"outcome": ref("Outcome"), "version": {"type": "integer"}}, ["outcome", "version"]
    ),
    "HandVoid": _object({"version": {"type": "integer"}}, ["version"]),
    "RulesChange": _object(
        {
            "preset": {**PRESET, "description": "Default: the table's current preset."},
            "rules": ANY_RULES,
        },
        [],
        description="The new house rules: the preset with these changes (not added to the "
        "rules in force). They apply to hands entered from now on.",
    ),
    "SettleUp": _object(
        {
            "balances": AMOUNTS,
            "transfers": {
                "type": "array",
                "items": _object(
                    {
                        "from": {"type": "string"},
                        "to": {"type": "string"},
                        "amount": {**MONEY, "exclusiveMinimum": 0},
                    },
                    ["from", "to", "amount"],
                ),
            },
        },
        ["balances", "transfers"],
    ),
}


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
    "Stale": _json(ref("Stale"), "The hand changed meanwhile (or is void): here it is now."),
    "Hand": _json(ref("Hand"), "The hand."),
    "Table": _json(ref("Table"), "The table as it is now."),
}


def _responses(ok: dict[str, Any], *errors: str) -> dict[str, Any]:
    names = {
        "400": "Refused",
        "403": "WatchOnly",
        "404": "NotFound",
        "409": "Stale",
        "413": "TooLarge",
    }
    return {**ok, **{code: {"$ref": f"#/components/responses/{names[code]}"} for code in errors}}


def _body(name: str, example: Any) -> dict[str, Any]:
    return {
        "required": True,
        "content": {"application/json": {"schema": ref(name), "example": example}},
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
            "summary": "Settle one hand without storing it (settle-contract.md)",
            "security": ANYONE,
            "requestBody": _body(
                "SettleRequest",
                {"preset": "classic", "players": ["Anna", "Ben", "Carla"], "outcome": OUT},
            ),
            "responses": _responses(
                {"200": _json(ref("Settlement"), "Who pays whom.")}, "400", "413"
            ),
        }
    },
    "/api/tables": {
        "post": {
            "operationId": "createTable",
            "summary": "Start a table",
            "security": ANYONE,
            "requestBody": _body(
                "NewTable",
                {"name": "Friday", "players": ["Anna", "Ben", "Carla"], "preset": "classic"},
            ),
            "responses": _responses(
                {"201": _json(ref("CreatedTable"), "The table, its tokens and its links.")},
                "400",
                "413",
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
                {"200": _json({"type": "array", "items": ref("Hand")}, "The hands.")}, "404"
            ),
        },
        "post": {
            "operationId": "enterHand",
            "summary": "Enter a hand, dealt by whoever deals next; settled under the rules now",
            "parameters": [{"$ref": "#/components/parameters/IdempotencyKey"}],
            "requestBody": _body("HandEntry", {"outcome": OUT}),
            "responses": _responses(
                {
                    "201": _json(ref("Hand"), "The hand entered."),
                    "200": _json(ref("Hand"), "The hand this Idempotency-Key entered before."),
                },
                "400",
                "403",
                "404",
                "413",
            ),
        },
    },
    "/api/tables/{table_id}/hands/{no}": {
        "parameters": [TABLE, HAND_NO],
        "put": {
            "operationId": "editHand",
            "summary": "Change a hand's outcome; re-settled under the rules it was played with",
            "requestBody": _body("HandEdit", {"outcome": OUT, "version": 1}),
            "responses": _responses({"200": RESPONSES["Hand"]}, "400", "403", "404", "409", "413"),
        },
        "delete": {
            "operationId": "voidHand",
            "summary": "Void a hand: out of the tally, still in the history",
            "requestBody": _body("HandVoid", {"version": 1}),
            "responses": _responses(
                {"200": _json(ref("Hand"), "The hand, marked void.")},
                "400",
                "403",
                "404",
                "409",
                "413",
            ),
        },
    },
    "/api/tables/{table_id}/rules": {
        "parameters": [TABLE],
        "put": {
            "operationId": "changeRules",
            "summary": "New house rules for the hands entered from now on",
            "requestBody": _body("RulesChange", {"preset": "classic", "rules": {"stake": 0.5}}),
            "responses": _responses({"200": RESPONSES["Table"]}, "400", "403", "404", "413"),
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
                    "schema": {"enum": ["fewest", "banker", "as_is"], "default": "fewest"},
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
                "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                "example": 1,
            },
            "HandNo": {
                "name": "no",
                "in": "path",
                "required": True,
                "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                "example": 1,
            },
            "IdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "schema": {"type": "string", "pattern": IDEMPOTENCY_KEY_PATTERN},
                "description": "A key of your choosing: sent again with the same table, it "
                "answers 200 with the hand it entered the first time instead of entering "
                "another.",
            },
        },
        "schemas": SCHEMAS,
        "responses": RESPONSES,
    },
}
