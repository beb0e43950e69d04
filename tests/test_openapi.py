"""The OpenAPI document is valid OpenAPI 3.1, and its components are the documents' models."""

import json
import re
from pathlib import Path

from openapi_spec_validator import validate

import referee
from referee import exact_json
from referee.documents import requests
from referee.games import GAMES
from referee.rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, TABLE_NAME_LENGTH
from referee.web.openapi import DOCUMENT, REF


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


def test_an_outcome_is_one_schema_per_kind_told_apart_by_its_kind():
    schemas = DOCUMENT["components"]["schemas"]
    tonk = schemas["HandEntry"]["properties"]["outcome"]
    assert tonk["discriminator"] == {
        "propertyName": "kind",
        "mapping": {
            "deal_tonk": REF + "DealTonk",
            "double_double": REF + "DoubleDouble",
            "drop": REF + "Drop",
            "out": REF + "Out",
            "stock_out": REF + "StockOut",
            "tonk_out": REF + "TonkOut",
        },
    }
    tongits = schemas["TongitsHandEntry"]["properties"]["outcome"]["discriminator"]["mapping"]
    assert tongits["stock_out"] == REF + "TongitsStockOut"  # two games' stock-outs, apart
    drop = schemas["Drop"]
    assert (drop["additionalProperties"], drop["required"]) == (False, ["kind", "player"])
    assert list(drop["properties"]) == ["kind", "player", "totals"]
    draw = schemas["Draw"]["properties"]
    assert list(draw) == [
        *("kind", "burned", "concealed", "bonuses"),
        *("caller", "fought", "totals", "sapaw_on_caller"),
    ]
    assert schemas["Held"]["properties"]["aces"] == {"default": 0, "minimum": 0, "type": "integer"}


def test_the_documents_never_name_a_game():
    shell = [*(Path(referee.__file__).parent / "documents").glob("*.py")]
    shell.append(Path(referee.__file__).parent / "web" / "openapi.py")
    named = re.compile(r"[\"'](" + "|".join(GAMES) + r")[\"']")
    assert [
        f"{path.name}:{no}"
        for path in shell
        for no, line in enumerate(path.read_text().splitlines(), 1)
        if named.search(line)
    ] == []
