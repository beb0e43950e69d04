"""Both doors of the settle contract answer a Tongits request (tongits.md section 3), and the
OpenAPI document describes it."""

import json

import pytest
from click.testing import CliRunner

from referee import exact_json
from referee.cli import main
from referee.documents.answers import ANSWERS
from referee.documents.reading import read
from referee.documents.requests import BODIES
from referee.rules.tongits.house_rules import option_keys
from referee.web.openapi import DOCUMENT, REF
from tests.scoring.test_tongits_examples import (
    ANSWER_1,
    ANSWER_2,
    ANSWER_3,
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
)


def test_the_command_settles_example_1():
    result = CliRunner().invoke(main, ["settle"], input=json.dumps(EXAMPLE_1))
    assert result.exit_code == 0
    assert json.loads(result.output) == ANSWER_1


# 6.9, "Paid by the caller" with point_pays 1: every payment runs between the caller and one
# opponent; Anna, lowest, wins the game.
PAIRED = {
    "game": "tongits",
    "rules": {"draw_pays": "caller", "point_pays": 1},
    "players": ["Anna", "Ben", "Carla"],
    "outcome": {"kind": "draw", "caller": "Ben", "fought": ["Anna", "Carla"],
                "totals": {"Ben": 8, "Anna": 5, "Carla": 12}},
}  # fmt: skip
PAIRED_ANSWER = {
    "result": "draw_lost",
    "winners": ["Anna"],
    "payments": [
        {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
        {"from": "Ben", "to": "Anna", "amount": 3, "why": "points behind"},
        {"from": "Carla", "to": "Ben", "amount": 2, "why": "lost the fight"},
        {"from": "Carla", "to": "Ben", "amount": 4, "why": "points behind"},
    ],
    "net": {"Anna": 5, "Ben": 1, "Carla": -6},
    "points": None,
    "state": {
        "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
        "streak": {"player": "Anna", "wins": 1},
        "dealer": "Anna",
    },
    "pot_won": 0,
}


def test_the_command_settles_a_draw_paid_by_the_caller():
    result = CliRunner().invoke(main, ["settle"], input=json.dumps(PAIRED))
    assert result.exit_code == 0
    assert json.loads(result.output) == PAIRED_ANSWER


def test_the_http_door_settles_a_draw_paid_by_the_caller(client):
    response = client.post("/api/settle", json=PAIRED)
    assert response.status_code == 200
    assert response.get_json() == PAIRED_ANSWER


def test_the_command_refuses_a_tongits_request_with_status_2():
    bad = {**EXAMPLE_1, "outcome": {**EXAMPLE_1["outcome"], "fought": ["Carla"]}}
    result = CliRunner().invoke(main, ["settle"], input=json.dumps(bad))
    assert result.exit_code == 2
    assert json.loads(result.output) == {
        "error": "fought: Carla is burned and cannot fight; a burned player folds automatically"
    }


def test_the_http_door_settles_example_1(client):
    response = client.post("/api/settle", json=EXAMPLE_1)
    assert response.status_code == 200
    assert response.get_json() == ANSWER_1


def test_the_http_door_keeps_half_stakes_exact(client):
    text = exact_json.dumps(EXAMPLE_3)
    response = client.post("/api/settle", data=text, content_type="application/json")
    assert response.status_code == 200
    assert exact_json.loads(response.get_data()) == exact_json.loads(exact_json.dumps(ANSWER_3))
    assert '"amount": 0.5' in response.get_data(as_text=True)


def test_a_tonk_request_carrying_a_state_is_refused(client):
    tonk = {
        "players": ["Anna", "Ben", "Carla"],
        "state": {},
        "outcome": {"kind": "out", "player": "Anna"},
    }
    response = client.post("/api/settle", json=tonk)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "request: there is no field 'state'; a request has game, preset, rules, "
        "players, outcome"
    }


@pytest.mark.parametrize(
    ("sent", "answer"),
    [(EXAMPLE_1, ANSWER_1), (EXAMPLE_2, ANSWER_2), (EXAMPLE_3, ANSWER_3), (PAIRED, PAIRED_ANSWER)],
)
def test_the_openapi_document_describes_the_tongits_requests_and_answers(sent, answer):
    """The schemas are never stricter than the door: the examples fit them, as sent."""
    as_sent = exact_json.loads(exact_json.dumps(sent))
    read(BODIES["tongits"].settle, as_sent, root="request")
    read(
        ANSWERS["tongits"].settlement, exact_json.loads(exact_json.dumps(answer)), root="settlement"
    )
    settle = DOCUMENT["paths"]["/api/settle"]["post"]
    body = settle["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"anyOf": [{"$ref": REF + "SettleRequest"},
                              {"$ref": REF + "TongitsSettleRequest"}]}  # fmt: skip
    ok = settle["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"anyOf": [{"$ref": REF + "Settlement"}, {"$ref": REF + "TongitsSettlement"}]}


def test_the_tongits_rules_schema_lists_tongits_options_only():
    schemas = DOCUMENT["components"]["schemas"]
    assert list(schemas["TongitsRulesChanges"]["properties"]) == option_keys()
    assert schemas["TongitsSettleRequest"]["properties"]["players"]["minItems"] == 3
