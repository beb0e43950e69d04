"""Both doors take the settle request's optional "game", and refuse an unknown one alike."""

import json

from click.testing import CliRunner

from referee.cli import main

REQUEST = {"game": "tonk", "players": ["Anna", "Ben"], "outcome": {"kind": "out", "player": "Ben"}}
REFUSED = {"error": "game: there is no game 'gin'; choose tonk, tongits"}


def test_the_command_settles_a_request_naming_tonk():
    result = CliRunner().invoke(main, ["settle"], input=json.dumps(REQUEST))
    assert result.exit_code == 0
    assert json.loads(result.output)["net"] == {"Anna": -1, "Ben": 1}


def test_the_command_refuses_an_unknown_game():
    result = CliRunner().invoke(main, ["settle"], input=json.dumps({**REQUEST, "game": "gin"}))
    assert result.exit_code == 2
    assert json.loads(result.output) == REFUSED


def test_the_http_door_refuses_an_unknown_game_with_400(client):
    response = client.post("/api/settle", json={**REQUEST, "game": "gin"})
    assert response.status_code == 400
    assert response.get_json() == REFUSED


def test_the_http_door_settles_a_request_naming_tonk(client):
    response = client.post("/api/settle", json=REQUEST)
    assert response.status_code == 200
    assert response.get_json()["net"] == {"Anna": -1, "Ben": 1}


def test_help_says_a_request_may_name_its_game():
    result = CliRunner().invoke(main, ["settle", "--help"])
    assert '"game": "tonk"' in result.output


def test_help_says_tongits_carries_its_state():
    result = CliRunner().invoke(main, ["settle", "--help"])
    assert '"tongits"' in result.output and '"state": {"pot", "streak", "dealer"}' in result.output
