"""The documents the API and the import read: one refusal naming where and what, with the
field a page or a client shows it beside; the core's refusals kept whole."""

import pytest

from referee.documents.answers import ANSWERS
from referee.documents.reading import read, read_value
from referee.documents.requests import BODIES, IDEMPOTENCY_KEY
from referee.rules import Refusal

# Tonk's documents, as the registry of games builds them.
NewTable, HandEntry, HandEdit = (
    BODIES["tonk"].new_table,
    BODIES["tonk"].entry,
    BODIES["tonk"].edit,
)
Settlement = ANSWERS["tonk"].settlement

ABC = ["Anna", "Ben", "Carla"]
OUT = {"kind": "out", "player": "Anna"}
NEW_TABLE_FIELDS = "name, game, players, preset, rules, first_dealer"

REFUSED = [
    (NewTable, {}, "players: is missing", "players", None),
    (
        NewTable,
        {"players": ABC, "extra": 1},
        f"extra: there is no such field; the fields here are {NEW_TABLE_FIELDS}",
        "extra",
        None,
    ),
    (
        NewTable,
        [],
        f"request: must be an object {{...}} with {NEW_TABLE_FIELDS}",
        "request",
        None,
    ),
    (
        NewTable,
        {"players": ["Anna", " Ben"]},
        "players: ' Ben' is not a usable name; use up to 40 letters, digits or spaces, with no "
        "space at either end",
        "players",
        " Ben",
    ),
    (
        NewTable,
        {"players": ABC, "first_dealer": "Zed"},
        "first_dealer: give the name of one of the players",
        "first_dealer",
        None,
    ),
    (
        NewTable,
        {"players": ABC, "first_dealer": 7},
        "first_dealer: every player needs a name",
        "first_dealer",
        None,
    ),
    (
        NewTable,
        {"players": ABC, "preset": None},
        "preset: null is not text",
        "preset",
        None,
    ),
    (
        NewTable,
        {"players": ABC, "preset": "poker"},
        "preset: 'poker' is not one of classic, street, black-company, seattle",
        "preset",
        None,
    ),
    (
        NewTable,
        {"players": ABC, "name": "tab\there"},
        "name: a table's name is 1 to 60 printable characters (letters, digits, spaces; no "
        "tabs or line breaks)",
        "name",
        None,
    ),
    (
        NewTable,
        {"players": ABC, "rules": {"stake": "1"}},
        "House rule stake: '1' is not allowed; allowed: a number more than 0, at most "
        "1,000,000, with at most 2 decimals",
        "stake",
        None,
    ),
    (
        HandEntry,
        {"outcome": {"kind": "win"}},
        "kind: 'win' is not a way a hand ends; choose deal_tonk, tonk_out, double_double, out, "
        "drop, stock_out",
        "kind",
        None,
    ),
    (
        HandEntry,
        {"outcome": OUT, "override": "yes"},
        "override: 'yes' is not true or false",
        "override",
        None,
    ),
    (
        HandEdit,
        {"outcome": OUT, "version": True},
        "version: true is not a whole number",
        "version",
        None,
    ),
]


@pytest.mark.parametrize(
    ("model", "data", "message", "field", "player"), REFUSED, ids=[r[2][:30] for r in REFUSED]
)
def test_a_request_body_is_refused_naming_its_field(model, data, message, field, player):
    with pytest.raises(Refusal) as refused:
        read(model, data, root="request")
    assert refused.value.message == message
    assert refused.value.field == field
    assert refused.value.player == player


def test_a_request_body_read_whole_holds_typed_values():
    new = read(NewTable, {"players": ABC, "name": "  ", "first_dealer": "Ben"}, root="request")
    assert (new.name, new.players, new.preset, new.rules) == (
        "Tonk night",
        tuple(ABC),
        "classic",
        None,
    )
    assert new.first_seat() == 1
    entry = read(HandEntry, {"outcome": OUT, "override": True}, root="request")
    assert entry.outcome.to_json() == OUT and entry.override is True


def test_a_bad_idempotency_key_says_what_a_key_is():
    with pytest.raises(Refusal) as refused:
        read_value(IDEMPOTENCY_KEY, "a b", root="Idempotency-Key")
    assert refused.value.message == "Idempotency-Key: use 1 to 64 letters, digits, '-' or '_'"
    assert refused.value.field == "Idempotency-Key"


def test_in_a_file_the_whole_path_is_the_field():
    settlement = {"result": "out", "winners": ["Ben"], "payments": [], "points": None}
    with pytest.raises(Refusal) as refused:
        read(Settlement, {**settlement, "net": {"Ben": "1", "Anna": -1}}, root="file")
    assert refused.value.message == "net.Ben: '1' is not an exact amount of money"
    assert refused.value.field == "net.Ben"
    with pytest.raises(Refusal) as refused:
        read(Settlement, {**settlement, "net": {}, "payments": [{"from": "Anna"}]}, root="file")
    assert refused.value.message == "payments[0].to: is missing"
    assert refused.value.field == "payments[0].to"
