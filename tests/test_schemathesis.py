"""The API against its own OpenAPI document: schemathesis sends examples, edge cases and
fuzzed requests to every operation, and every answer must be one the document
describes (status, content type, body schema), never a 5xx."""

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from referee import exact_json
from referee.web.openapi import DOCUMENT
from referee.web.rate_limits import GUESSES_PER_ADDRESS, GUESSES_PER_TABLE, TABLES_PER_ADDRESS

MAX_EXAMPLES = 25
PLAYERS = ["Anna", "Ben", "Carla"]
HANDS = [
    {"kind": "out", "player": "Anna"},
    {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}},
    {"kind": "tonk_out", "player": "Ben"},
]
# A night of Tongits (tongits.md section 3, Examples 1 and 2: Ben's jackpot), for the same
# operations at a Tongits table, whose answers are Tongits' documents.
TONGITS_NIGHT = [
    {"kind": "draw", "caller": "Ben", "fought": ["Anna"], "totals": {"Ben": 6, "Anna": 11},
     "burned": ["Carla"]},
    {"kind": "tongits", "player": "Ben", "bonuses": {"Ben": {"secret": 1}}},
]  # fmt: skip
TABLE_ID = 1  # each test starts from an empty database, so its table is the first

CONFIG = SchemathesisConfig.from_dict(
    {
        # Mostly the table, hands and players that exist, so requests reach the commands;
        # the rest of the time, whatever the schema allows (and, in negative cases, not).
        "dictionaries": {
            "tables": {"values": [TABLE_ID]},
            "hands": {"values": list(range(1, len(HANDS) + 1))},
            "names": {"values": PLAYERS},
        },
        "parameters": {
            "path.table_id": {"dictionary": "tables", "probability": 0.95},
            "path.no": {"dictionary": "hands", "probability": 0.8},
            "query.to": {"dictionary": "names", "probability": 0.8},
            "body.outcome.player": {"dictionary": "names", "probability": 0.8},
            "body.outcome.caller": {"dictionary": "names", "probability": 0.8},
            "body.outcome.last_draw": {"dictionary": "names", "probability": 0.5},
        },
        # The test sends the token itself; schemathesis leaves the Authorization header alone
        # (its missing-credentials probes expect 401, where the contract answers 404).
        "generation": {"max-examples": MAX_EXAMPLES, "with-security-parameters": False},
        "phases": {"stateful": {"enabled": False}},
        "checks": {
            # The contract answers a missing or wrong token with 404, not 401/403, so
            # that nobody can tell which table ids exist (tables-api.md, Access).
            "ignored_auth": {"enabled": False},
            # Who sits at the table and what the house rules allow cannot be written in
            # a schema: a well-formed request may still be refused with 400 and the
            # rule's message. The examples of one operation share a table, so a generated
            # Idempotency-Key an earlier example sent with another outcome is refused 422
            # (tables API, version 2), as it must be.
            "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404", "409", "422"]},
        },
    }
)
# The document as a client reads it from GET /api/openapi.json (test_api_tables checks
# that the served document is this one), in a copy of its own.
schema = schemathesis.openapi.from_dict(json.loads(exact_json.dumps(DOCUMENT)), config=CONFIG)


def table_with(client, new_table, outcomes) -> str:
    """The scorekeeper's token of a new table with these hands, for requests to get past the
    door."""
    created = client.post("/api/tables", json=new_table)
    table = exact_json.loads(created.get_data())
    assert table["id"] == TABLE_ID
    token = table["tokens"]["scorekeeper"]
    for outcome in outcomes:
        response = client.post(
            f"/api/tables/{TABLE_ID}/hands",
            data=exact_json.dumps({"outcome": outcome}),
            headers={"Authorization": f"Bearer {token}"},
            content_type="application/json",
        )
        assert response.status_code == 201
    return token


@pytest.fixture(autouse=True)
def _limits_raised(app):
    """A fuzzing run starts hundreds of tables from one address and sends wrong table ids by
    the dozen, far above what a night does (referee.web.rate_limits): the limits are raised in
    the app config, as a bench raises them, so that requests reach the commands."""
    for limit in (TABLES_PER_ADDRESS, GUESSES_PER_TABLE, GUESSES_PER_ADDRESS):
        app.config[limit.name] = 10**6


@pytest.fixture
def token(app, client):
    """A Tonk table with three hands."""
    return table_with(client, {"players": PLAYERS, "rules": {"stake": 1}}, HANDS)


@pytest.fixture
def tongits_token(app, client):
    """A Tongits table with its night of two games."""
    return table_with(client, {"game": "tongits", "players": PLAYERS}, TONGITS_NIGHT)


FUZZ = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # one table per operation, not per example
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)


# schemathesis calls the app in-process with requests' default headers, which take gzip and
# brotli, and reads the body without decoding it: ask for it plain (test_transfer checks that
# the answers are compressed for a client that says it can read them).
PLAIN = {"Accept-Encoding": "identity"}


@schema.parametrize()
@FUZZ
def test_every_answer_is_one_the_document_describes(case, app, token):
    headers = {"Authorization": f"Bearer {token}", **PLAIN}
    response = case.call_and_validate(app=app, headers=headers)
    assert response.status_code < 500


@schema.parametrize()
@FUZZ
def test_every_answer_at_a_tongits_table_is_one_the_document_describes(case, app, tongits_token):
    headers = {"Authorization": f"Bearer {tongits_token}", **PLAIN}
    response = case.call_and_validate(app=app, headers=headers)
    assert response.status_code < 500
