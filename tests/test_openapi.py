"""The OpenAPI document is valid OpenAPI 3.1, and its components are the documents' models."""

import json

from openapi_spec_validator import validate

from referee import exact_json
from referee.documents import requests
from referee.rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, TABLE_NAME_LENGTH
from referee.web.openapi import DOCUMENT


def test_the_document_is_valid_openapi():
    validate(json.loads(exact_json.dumps(DOCUMENT)))  # as a client reads it, floats and all


def test_a_body_schema_is_the_model_that_reads_the_body():
    schemas = DOCUMENT["components"]["schemas"]
    new_table = schemas["NewTable"]
    assert new_table["additionalProperties"] is False and new_table["required"] == ["players"]
    assert new_table["properties"]["name"]["maxLength"] == TABLE_NAME_LENGTH == 60
    players = new_table["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)
    assert players["items"]["maxLength"] == MAX_NAME_LENGTH == 40
    assert schemas["HandEntry"]["properties"]["override"] == {"default": False, "type": "boolean"}
    assert schemas["Hand"]["properties"]["note"]["anyOf"][1] == {"type": "null"}
    assert set(schemas["RulesChanges"]["properties"]["stake"]) >= {"maximum", "exclusiveMinimum"}
    assert requests.IDEMPOTENCY_KEY.json_schema() == {
        "type": "string",
        "pattern": "^[A-Za-z0-9_-]{1,64}$",
    }
