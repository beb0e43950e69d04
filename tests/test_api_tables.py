"""The tables API (tables-api.md): every endpoint, who may use it, exactly-once hands,
stale edits, and bad input answered in JSON, never with a 5xx."""

import json
import re
import threading
import urllib.error
import urllib.request
from decimal import Decimal

import pytest
from sqlmodel import Session, select
from werkzeug.serving import make_server

from referee import exact_json
from referee.store import commands, turns
from referee.store.models import GameTable, Hand, Player, RulesVersion
from referee.store.rules_versions import current_rules
from referee.store.seating import next_deal, players_of
from referee.web.openapi import DOCUMENT

ABC = ["Anna", "Ben", "Carla"]
RULES = {"stake": Decimal("0.1"), "double_double_pays": 3}
OUTCOMES = [
    {"kind": "out", "player": "Anna"},
    {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}},
    {"kind": "tonk_out", "player": "Ben"},
    {"kind": "deal_tonk", "totals": {"Carla": 50}},
    {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 9, "Carla": 12}},
    {"kind": "double_double", "player": "Carla"},
    {"kind": "out", "player": "Carla"},
]


def pays(payer, payee, amount, why):
    """One payment line of a settlement, as the API writes it (the amount exact)."""
    return {"from": payer, "to": payee, "amount": Decimal(amount), "why": why}


def settlement(result, winners, payments, net, points=None):
    """A settlement as the API answers it, from literal values."""
    return {
        "result": result,
        "winners": winners,
        "payments": payments,
        "net": {name: Decimal(amount) for name, amount in net.items()},
        "points": points,
    }


# What section 2 of the house-rules spec pays for each of OUTCOMES under RULES (a stake of
# 0.1), worked out by hand: each "pays k" is k tenths.
SETTLED = [
    settlement(
        "out",
        ["Anna"],
        [pays("Ben", "Anna", "0.1", "out"), pays("Carla", "Anna", "0.1", "out")],
        {"Anna": "0.2", "Ben": "-0.1", "Carla": "-0.1"},
    ),
    settlement(  # the spec's 001 example, at a tenth
        "caught",
        ["Ben"],
        [pays("Anna", "Ben", "0.2", "caught"), pays("Carla", "Ben", "0.1", "lowest after a catch")],
        {"Anna": "-0.2", "Ben": "0.3", "Carla": "-0.1"},
    ),
    settlement(
        "tonk_out",
        ["Ben"],
        [pays("Anna", "Ben", "0.2", "tonk out"), pays("Carla", "Ben", "0.2", "tonk out")],
        {"Anna": "-0.2", "Ben": "0.4", "Carla": "-0.2"},
    ),
    settlement(
        "deal_tonk",
        ["Carla"],
        [
            pays("Anna", "Carla", "0.2", "tonk on the deal"),
            pays("Ben", "Carla", "0.2", "tonk on the deal"),
        ],
        {"Anna": "-0.2", "Ben": "-0.2", "Carla": "0.4"},
    ),
    settlement(
        "stock_out",
        ["Anna"],
        [
            pays("Ben", "Anna", "0.1", "lowest when the stock ran out"),
            pays("Carla", "Anna", "0.1", "lowest when the stock ran out"),
        ],
        {"Anna": "0.2", "Ben": "-0.1", "Carla": "-0.1"},
    ),
    settlement(
        "double_double",
        ["Carla"],
        [
            pays("Anna", "Carla", "0.3", "double-double"),
            pays("Ben", "Carla", "0.3", "double-double"),
        ],
        {"Anna": "-0.3", "Ben": "-0.3", "Carla": "0.6"},
    ),
    settlement(
        "out",
        ["Carla"],
        [pays("Anna", "Carla", "0.1", "out"), pays("Ben", "Carla", "0.1", "out")],
        {"Anna": "-0.1", "Ben": "-0.1", "Carla": "0.2"},
    ),
]


def body(response):
    """The JSON of a response, read exactly (amounts as Decimal, never float)."""
    return exact_json.loads(response.get_data())


def send(client, method, url, data=None, token=None, **headers):
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    text = None if data is None else exact_json.dumps(data)
    kind = None if data is None else "application/json"
    return client.open(url, method=method, data=text, headers=headers, content_type=kind)


def new_table(client, players=ABC, **fields):
    response = send(client, "POST", "/api/tables", {"players": players, **fields})
    assert response.status_code == 201, response.get_data(as_text=True)
    created = body(response)
    return created["id"], created["tokens"]["scorekeeper"], created["tokens"]["watch"]


def enter(client, table_id, token, outcome, key=None):
    headers = {} if key is None else {"Idempotency-Key": key}
    return send(
        client, "POST", f"/api/tables/{table_id}/hands", {"outcome": outcome}, token, **headers
    )


def same_text(a, b) -> bool:
    """Equal as exact JSON text: 0.3 and 0.30 are the same, 0.30000000000000004 is not."""
    return exact_json.dumps(a) == exact_json.dumps(b)


# Tables


def test_a_table_is_created_with_its_tokens_and_links(client, app):
    response = send(client, "POST", "/api/tables", {"name": "Friday", "players": ABC})
    assert response.status_code == 201 and response.is_json
    created = body(response)
    assert set(created) == {"id", "tokens", "links"}
    tokens = created["tokens"]
    assert set(tokens) == {"scorekeeper", "watch"} and tokens["scorekeeper"] != tokens["watch"]
    for role, token in tokens.items():
        assert created["links"][role] == f"http://localhost/join/{created['id']}/{token}"
    opened = client.get(created["links"]["scorekeeper"])
    assert opened.status_code == 303 and opened.location.endswith(f"/t/{created['id']}")

    table = body(send(client, "GET", f"/api/tables/{created['id']}", token=tokens["watch"]))
    assert table == {
        "id": created["id"],
        "name": "Friday",
        "game": "tonk",
        "players": ABC,
        "preset": "classic",
        "rules": table["rules"],
        "version": table["version"],
        "hands": 0,
        "dealer": "Anna",
        "tally": {"Anna": 0, "Ben": 0, "Carla": 0},
        "points": None,
        "games": None,
    }
    assert table["rules"]["stake"] == 1 and table["rules"]["tonk_out_pays"] == 2


def test_a_table_takes_a_preset_rules_and_the_first_dealer(client):
    table_id, token, _ = new_table(
        client, preset="street", rules={"stake": Decimal("0.25")}, first_dealer="Ben"
    )
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["name"] == "Tonk night" and table["preset"] == "street"
    assert table["rules"]["stake"] == Decimal("0.25") and table["rules"]["caught_pays"] == 1
    assert table["dealer"] == "Ben"


def test_hands_are_settled_exactly_as_the_spec_pays_them(client):
    table_id, token, _ = new_table(client, rules=RULES)
    for no, (outcome, expected) in enumerate(zip(OUTCOMES, SETTLED, strict=True), start=1):
        response = enter(client, table_id, token, outcome)
        assert response.status_code == 201
        hand = body(response)
        assert hand == {
            "no": no,
            "version": 1,
            "void": False,
            "dealer": ABC[(no - 1) % 3],  # the deal passes to the left after every hand
            "outcome": outcome,
            "settlement": expected,
            "note": None,
        }
        assert same_text(hand["settlement"], expected)

    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert same_text(
        table["tally"], {"Anna": Decimal("-0.6"), "Ben": Decimal("-0.1"), "Carla": Decimal("0.7")}
    )
    assert table["hands"] == len(OUTCOMES)
    assert sum(table["tally"].values()) == 0
    assert table["dealer"] == ABC[len(OUTCOMES) % 3]
    text = send(client, "GET", f"/api/tables/{table_id}", token=token).get_data(as_text=True)
    assert "0000000" not in text  # no float artefacts anywhere

    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert [hand["no"] for hand in listed] == list(range(1, len(OUTCOMES) + 1))
    assert [hand["outcome"] for hand in listed] == OUTCOMES


def test_a_stake_of_a_tenth_paid_three_times_is_exactly_three_tenths(client):
    table_id, token, _ = new_table(client, players=["A", "B", "C", "D"], rules={"stake": 0.1})
    response = enter(client, table_id, token, {"kind": "out", "player": "A"})
    assert '"A": 0.3,' in response.get_data(as_text=True)
    table = send(client, "GET", f"/api/tables/{table_id}", token=token)
    assert '"tally": {"A": 0.3, "B": -0.1, "C": -0.1, "D": -0.1}' in table.get_data(as_text=True)


def test_points_are_tallied_when_the_table_plays_for_points(client):
    table_id, token, _ = new_table(client, rules={"scoring": "points"})
    outcome = {"kind": "out", "player": "Anna", "totals": {"Ben": 7, "Carla": 12}}
    hand = body(enter(client, table_id, token, outcome))
    points = {"Anna": 0, "Ben": 7, "Carla": 12}  # out_pays 1: each scores what they hold
    zeros = dict.fromkeys(ABC, 0)
    assert hand["settlement"] == settlement("out", ["Anna"], [], zeros, points)
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["points"] == points
    assert table["tally"] == dict.fromkeys(ABC, 0)


def test_new_rules_apply_to_later_hands_only(client):
    table_id, token, _ = new_table(client, rules=RULES)
    first = body(enter(client, table_id, token, OUTCOMES[0]))
    response = send(
        client,
        "PUT",
        f"/api/tables/{table_id}/rules",
        {"preset": "classic", "rules": {"stake": 2, "out_pays": 3}},
        token,
    )
    assert response.status_code == 200
    table = body(response)
    assert table["rules"]["stake"] == 2 and table["rules"]["out_pays"] == 3
    assert table["rules"]["double_double_pays"] is None  # the preset with these changes
    second = body(enter(client, table_id, token, OUTCOMES[0]))
    assert second["settlement"] == settlement(  # out_pays 3 at a stake of 2
        "out",
        ["Anna"],
        [pays("Ben", "Anna", "6", "out"), pays("Carla", "Anna", "6", "out")],
        {"Anna": 12, "Ben": -6, "Carla": -6},
    )
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert listed == [first, second]

    # An edit re-settles a hand under the rules it was played with, not today's.
    edited = send(
        client,
        "PUT",
        f"/api/tables/{table_id}/hands/1",
        {"outcome": OUTCOMES[2], "version": 1},
        token,
    )
    assert body(edited)["settlement"] == SETTLED[2]  # at a stake of 0.1, as played


def test_the_same_rules_again_make_no_new_version(client):
    table_id, token, _ = new_table(client, rules={"stake": 2})
    before = body(send(client, "GET", f"/api/tables/{table_id}", token=token))["version"]
    same = {"preset": "classic", "rules": {"stake": 2}}
    after = body(send(client, "PUT", f"/api/tables/{table_id}/rules", same, token))
    assert after["version"] == before


def test_a_hand_is_edited_with_its_version(client):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[0])
    enter(client, table_id, token, OUTCOMES[1])
    url = f"/api/tables/{table_id}/hands/1"
    response = send(client, "PUT", url, {"outcome": OUTCOMES[4], "version": 1}, token)
    assert response.status_code == 200
    assert body(response) == {
        "no": 1,
        "version": 2,
        "void": False,
        "dealer": "Anna",
        "outcome": OUTCOMES[4],
        "settlement": SETTLED[4],
        "note": None,
    }
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    # Hand 1 now Anna's stock out (+0.2, -0.1, -0.1), hand 2 the catch (-0.2, +0.3, -0.1).
    assert table["tally"] == {"Anna": 0, "Ben": Decimal("0.2"), "Carla": Decimal("-0.2")}


def test_two_edits_from_the_same_version_one_wins_one_gets_409_with_the_hand(client):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[0])
    url = f"/api/tables/{table_id}/hands/1"
    first = send(client, "PUT", url, {"outcome": OUTCOMES[2], "version": 1}, token)
    second = send(client, "PUT", url, {"outcome": OUTCOMES[6], "version": 1}, token)
    assert first.status_code == 200 and second.status_code == 409
    stale = body(second)
    assert stale["error"] == "hand 1 was changed meanwhile; it is now version 2"
    assert stale["hand"] == body(first)
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert listed == [body(first)]


def test_a_hand_is_voided_and_stays_in_the_history(client):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[0])
    kept = body(enter(client, table_id, token, OUTCOMES[2]))
    url = f"/api/tables/{table_id}/hands/1"
    assert send(client, "DELETE", url, {"version": 2}, token).status_code == 409
    response = send(client, "DELETE", url, {"version": 1}, token)
    assert response.status_code == 200
    voided = body(response)
    assert voided["void"] is True and voided["version"] == 2 and voided["no"] == 1
    assert voided["settlement"] == SETTLED[0]
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["hands"] == 1 and table["tally"] == kept["settlement"]["net"]
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert listed == [voided, kept]

    edit = send(client, "PUT", url, {"outcome": OUTCOMES[2], "version": 2}, token)
    assert edit.status_code == 409 and body(edit) == {
        "error": "hand 1 is void; a void hand cannot be changed",
        "hand": voided,
    }
    again = send(client, "DELETE", url, {"version": 2}, token)
    assert again.status_code == 200 and body(again) == voided


def test_settle_up_in_every_mode(client):
    table_id, token, _ = new_table(client, players=["A", "B", "C", "D", "E"], rules=RULES)
    outcomes = [
        {"kind": "out", "player": "A"},
        {"kind": "tonk_out", "player": "B"},
        {"kind": "drop", "player": "E", "totals": {"A": 9, "B": 8, "C": 20, "D": 30, "E": 7}},
    ]
    for outcome in outcomes:
        enter(client, table_id, token, outcome)
    # A out: +0.4, the others -0.1; B's tonk out: +0.8, the others -0.2; E's drop won: +0.4,
    # the others -0.1.
    tenths = {"A": 1, "B": 6, "C": -4, "D": -4, "E": 1}
    balances = {name: Decimal(n) / 10 for name, n in tenths.items()}

    def transfers(*moves):
        return [
            {"from": payer, "to": payee, "amount": Decimal(n) / 10} for payer, payee, n in moves
        ]

    url = f"/api/tables/{table_id}/settle-up"
    fewest = body(send(client, "GET", url, token=token))
    assert fewest == {
        "balances": balances,
        "transfers": transfers(("C", "A", 1), ("C", "B", 3), ("D", "B", 3), ("D", "E", 1)),
    }
    assert body(send(client, "GET", url + "?mode=fewest", token=token)) == fewest
    banker = body(send(client, "GET", url + "?mode=banker&to=C", token=token))
    assert banker["transfers"] == transfers(
        ("C", "A", 1), ("C", "B", 6), ("D", "C", 4), ("C", "E", 1)
    )
    as_is = body(send(client, "GET", url + "?mode=as_is", token=token))
    assert as_is == {"balances": balances, "transfers": []}
    for query, message in [
        ("?mode=cash", "mode: choose fewest, banker, as_is"),
        ("?mode=banker", "to: say who is the banker"),
        ("?mode=banker&to=Zed", "Zed has no balance tonight, so cannot be the banker"),
    ]:
        refused = send(client, "GET", url + query, token=token)
        assert refused.status_code == 400 and body(refused) == {"error": message}


def test_hands_show_players_under_their_current_names(client, app):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[1])
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = db.get(GameTable, table_id)
        ben = db.exec(select(Player).where(Player.name == "Ben")).one()
        commands.rename_player(db, table, ben, "Benjamin")
    (hand,) = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert hand["outcome"]["totals"] == {"Anna": 6, "Benjamin": 4, "Carla": 11}
    assert hand["settlement"]["winners"] == ["Benjamin"]
    assert hand["settlement"]["net"] == {
        "Anna": Decimal("-0.2"),
        "Benjamin": Decimal("0.3"),
        "Carla": Decimal("-0.1"),
    }
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["players"] == ["Anna", "Benjamin", "Carla"] and "Benjamin" in table["tally"]


def test_refusals_of_the_house_rules_are_400_with_the_engines_message(client):
    table_id, token, _ = new_table(client)
    outcome = {"kind": "deal_tonk", "totals": {"Ben": 48}}
    response = enter(client, table_id, token, outcome)
    assert response.status_code == 400
    assert body(response) == {
        "error": "Ben: 48 is not a tonk here; tonk on the deal is 49 or 50 "
        "(house rule “Tonk on the deal”)"
    }
    assert body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token)) == []


# Who may do what

READS = [
    ("GET", "/api/tables/{id}", None),
    ("GET", "/api/tables/{id}/hands", None),
    ("GET", "/api/tables/{id}/settle-up", None),
    ("GET", "/api/tables/{id}/settle-up?mode=banker&to=Ben", None),
]
WRITES = [
    ("POST", "/api/tables/{id}/hands", {"outcome": OUTCOMES[0]}),
    ("PUT", "/api/tables/{id}/hands/1", {"outcome": OUTCOMES[2], "version": 1}),
    ("DELETE", "/api/tables/{id}/hands/1", {"version": 1}),
    ("PUT", "/api/tables/{id}/rules", {"rules": {"stake": 5}}),
]


@pytest.fixture
def two_tables(client):
    """Table A with one hand, table B; their tokens."""
    a = new_table(client)
    b = new_table(client)
    enter(client, a[0], a[1], OUTCOMES[0])
    return a, b


@pytest.mark.parametrize(("method", "path", "data"), READS + WRITES)
def test_no_token_or_another_tables_token_is_404(client, two_tables, method, path, data):
    (a_id, a_keeper, a_watch), (b_id, b_keeper, b_watch) = two_tables
    url = path.format(id=a_id)
    before = body(send(client, "GET", f"/api/tables/{a_id}", token=a_keeper))
    for headers in [
        {},
        {"Authorization": f"Bearer {b_keeper}"},
        {"Authorization": f"Bearer {b_watch}"},
        {"Authorization": "Bearer "},
        {"Authorization": "Bearer not-a-token"},
        {"Authorization": a_keeper},
        {"Authorization": f"Basic {a_keeper}"},
        {"Authorization": f"Bearer {a_keeper}x"},
        {"Authorization": f"Bearer {a_keeper[:-1]}"},
    ]:
        response = client.open(
            url,
            method=method,
            data=None if data is None else exact_json.dumps(data),
            headers=headers,
        )
        assert response.status_code == 404, headers
        assert set(body(response)) == {"error"}
    # A table that does not exist answers the same as a wrong token.
    missing = send(client, method, path.format(id=a_id + 99), data, a_keeper)
    assert missing.status_code == 404 and body(missing)["error"] == body(response)["error"]
    assert body(send(client, "GET", f"/api/tables/{a_id}", token=a_keeper)) == before


@pytest.mark.parametrize(("method", "path", "data"), WRITES)
def test_a_watch_token_cannot_write(client, two_tables, method, path, data):
    (a_id, a_keeper, a_watch), _ = two_tables
    before = [
        body(send(client, "GET", url, token=a_keeper))
        for url in (f"/api/tables/{a_id}", f"/api/tables/{a_id}/hands")
    ]
    response = send(client, method, path.format(id=a_id), data, a_watch, **{"Idempotency-Key": "k"})
    assert response.status_code == 403
    assert body(response) == {
        "error": "This is the watch token: it can see the table but not change it."
    }
    after = [
        body(send(client, "GET", url, token=a_keeper))
        for url in (f"/api/tables/{a_id}", f"/api/tables/{a_id}/hands")
    ]
    assert after == before


@pytest.mark.parametrize(("method", "path", "data"), READS)
def test_a_watch_token_reads_like_the_scorekeeper(client, two_tables, method, path, data):
    (a_id, a_keeper, a_watch), _ = two_tables
    url = path.format(id=a_id)
    watched = send(client, method, url, data, a_watch)
    assert watched.status_code == 200
    assert body(watched) == body(send(client, method, url, data, a_keeper))


@pytest.mark.parametrize(("method", "path", "data"), WRITES)
def test_the_scorekeeper_token_writes(client, two_tables, method, path, data):
    (a_id, a_keeper, _), _ = two_tables
    response = send(client, method, path.format(id=a_id), data, a_keeper)
    assert response.status_code in (200, 201), response.get_data(as_text=True)


def test_a_lower_case_scheme_is_still_bearer(client, two_tables):
    (a_id, a_keeper, _), _ = two_tables
    response = client.get(f"/api/tables/{a_id}", headers={"Authorization": f"bearer {a_keeper}"})
    assert response.status_code == 200


# Exactly once


WAITING_DROP = {"kind": "drop", "player": "Ben", "totals": {"Anna": 9, "Ben": 3, "Carla": 12}}


def _ben_lays_a_spread(app, table_id):
    """The scorekeeper's page marks Ben's spread in the hand in play (the API has no marks)."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = db.get(GameTable, table_id)
        ben = db.exec(select(Player).where(Player.name == "Ben")).one()
        assert commands.mark_turn(db, table, "spread", ben, seen=0)


def _mark_turns_until(app, table_id, name):
    """The scorekeeper's page taps "Next turn" until it is `name`'s turn."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = db.get(GameTable, table_id)
        for _ in range(3):
            everyone = players_of(db, table)
            deal = next_deal(db, table, everyone)
            state, seen = turns.turn_state(db, table, current_rules(db, table)[1], everyone, deal)
            if state.player == name:
                return
            assert commands.mark_turn(db, table, "turn", None, seen=seen)
    raise AssertionError(f"never {name}'s turn")


def test_a_drop_by_a_waiting_player_is_refused_as_the_page_refuses_it(client, app, rows):
    table_id, token, _ = new_table(client, rules={"wait_after_spread": 3})
    _ben_lays_a_spread(app, table_id)
    _mark_turns_until(app, table_id, "Anna")
    _mark_turns_until(app, table_id, "Ben")  # Ben's next turn, the first after the spread
    response = enter(client, table_id, token, WAITING_DROP)
    assert response.status_code == 400
    assert body(response) == {
        "error": "Ben may not drop yet: Ben laid a new spread and waits 3 more turns "
        "(house rule: must wait 3 turns after laying a spread). If the table agrees to let "
        "it stand, tick 'Record it anyway'."
    }
    assert rows(Hand, Hand.table_id == table_id) == 0


def test_a_waiting_drop_sent_with_override_is_recorded_with_the_pages_note(client, app, rows):
    table_id, token, _ = new_table(client, rules={"wait_after_spread": 3})
    _ben_lays_a_spread(app, table_id)
    _mark_turns_until(app, table_id, "Anna")
    _mark_turns_until(app, table_id, "Ben")
    data = {"outcome": WAITING_DROP, "override": True}
    response = send(client, "POST", f"/api/tables/{table_id}/hands", data, token)
    assert response.status_code == 201
    hand = body(response)
    assert hand["note"] == (
        "Ben dropped with 3 more turns to wait (house rule: must wait 3 turns after laying a "
        "spread); the scorekeeper recorded it anyway."
    )
    assert hand["settlement"]["winners"] == ["Ben"]
    (listed,) = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert listed["note"] == hand["note"]
    assert rows(Hand, Hand.table_id == table_id) == 1


OUT_OF_TURN = {"kind": "drop", "player": "Carla", "totals": {"Anna": 9, "Ben": 12, "Carla": 3}}


def test_a_drop_out_of_turn_is_refused_as_the_page_refuses_it(client, app, rows):
    table_id, token, _ = new_table(client, rules={"hit_blocks_laydown": True})
    _mark_turns_until(app, table_id, "Anna")
    response = enter(client, table_id, token, OUT_OF_TURN)
    assert response.status_code == 400
    assert body(response) == {
        "error": "Carla may not drop now: it is Anna's turn (house rule: only the player "
        "whose turn it is may drop, before drawing). If the table agrees to let it stand, "
        "tick 'Record it anyway'."
    }
    assert rows(Hand, Hand.table_id == table_id) == 0
    data = {"outcome": OUT_OF_TURN, "override": True}
    response = send(client, "POST", f"/api/tables/{table_id}/hands", data, token)
    assert response.status_code == 201
    assert body(response)["note"] == (
        "Carla dropped on Anna's turn (house rule: only the player whose turn it is may "
        "drop, before drawing); the scorekeeper recorded it anyway."
    )
    assert body(response)["settlement"]["winners"] == ["Carla"]
    assert rows(Hand, Hand.table_id == table_id) == 1


def test_a_drop_by_a_player_who_may_drop_needs_no_override(client, app):
    table_id, token, _ = new_table(client, rules={"wait_after_spread": 3})
    _ben_lays_a_spread(app, table_id)
    _mark_turns_until(app, table_id, "Anna")
    anna = {"kind": "drop", "player": "Anna", "totals": {"Anna": 3, "Ben": 9, "Carla": 12}}
    response = enter(client, table_id, token, anna)
    assert response.status_code == 201 and body(response)["note"] is None


def test_the_same_idempotency_key_enters_one_hand(client, rows):
    table_id, token, _ = new_table(client, rules=RULES)
    first = enter(client, table_id, token, OUTCOMES[0], key="hand-1_a")
    again = enter(client, table_id, token, OUTCOMES[0], key="hand-1_a")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_data() == first.get_data()
    # The same key with another outcome is not a retry: 422, and nothing entered.
    other = enter(client, table_id, token, OUTCOMES[2], key="hand-1_a")
    assert other.status_code == 422
    assert body(other) == {
        "error": "Idempotency-Key: this key already entered hand 1, with another outcome; send "
        "a new key to enter another hand, or PUT the hand to change it"
    }
    assert rows(Hand, Hand.table_id == table_id) == 1
    fresh = enter(client, table_id, token, OUTCOMES[2], key="hand-2")
    assert fresh.status_code == 201 and body(fresh)["no"] == 2
    # Without a key every POST is a new hand.
    assert body(enter(client, table_id, token, OUTCOMES[2]))["no"] == 3
    assert body(enter(client, table_id, token, OUTCOMES[2]))["no"] == 4


def test_a_retry_after_a_rename_is_still_the_retry(client):
    table_id, token, _ = new_table(client, rules=RULES)
    first = enter(client, table_id, token, OUTCOMES[0], key="renamed")
    assert first.status_code == 201
    with Session(client.application.extensions["db_engine"]) as db:
        table = db.get(GameTable, table_id)
        anna = db.exec(select(Player).where(Player.table_id == table_id, Player.name == "Anna"))
        commands.rename_player(db, table, anna.one(), "Annie")
    again = enter(client, table_id, token, OUTCOMES[0], key="renamed")
    assert again.status_code == 200 and body(again)["no"] == 1


def test_a_key_belongs_to_its_table(client):
    a_id, a_token, _ = new_table(client)
    b_id, b_token, _ = new_table(client)
    assert enter(client, a_id, a_token, OUTCOMES[0], key="same").status_code == 201
    assert enter(client, b_id, b_token, OUTCOMES[2], key="same").status_code == 201


def test_a_refused_hand_does_not_use_up_its_key(client):
    table_id, token, _ = new_table(client)
    refused = enter(client, table_id, token, {"kind": "out", "player": "Zed"}, key="k1")
    refuses(refused, field="player", player="'Zed'")
    entered = enter(client, table_id, token, OUTCOMES[0], key="k1")
    assert entered.status_code == 201 and body(entered)["no"] == 1


@pytest.mark.parametrize("key", ["", " ", "a" * 65, "has space", "dot.dot", "é", "a/b", "a\tb"])
def test_a_malformed_idempotency_key_is_refused(client, rows, key):
    table_id, token, _ = new_table(client)
    response = enter(client, table_id, token, OUTCOMES[0], key=key)
    assert response.status_code == 400
    assert body(response) == {"error": "Idempotency-Key: use 1 to 64 letters, digits, '-' or '_'"}
    assert rows(Hand) == 0


@pytest.mark.parametrize("key", ["a", "A" * 64, "0-_Zz"])
def test_keys_of_1_to_64_allowed_characters_are_taken(client, key):
    table_id, token, _ = new_table(client)
    assert enter(client, table_id, token, OUTCOMES[0], key=key).status_code == 201


# Many phones at once, against a real threaded server


@pytest.fixture
def server(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


def http(method, url, data=None, token=None, **headers):
    """(status, body text) over real HTTP; 4xx answers are answers, not exceptions."""
    headers = {"Content-Type": "application/json", **headers}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    payload = None if data is None else exact_json.dumps(data).encode()
    request = urllib.request.Request(url, data=payload, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode()


def at_once(count, call):
    """Run `call(i)` in `count` threads released together; their results in order."""
    start = threading.Barrier(count)
    results: list = [None] * count

    def run(i):
        start.wait()
        results[i] = call(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_ten_phones_sending_the_same_key_at_once_enter_one_hand(client, server, rows):
    table_id, token, _ = new_table(client, rules=RULES)
    url = f"{server}/api/tables/{table_id}/hands"
    answers = at_once(
        10,
        lambda _: http("POST", url, {"outcome": OUTCOMES[1]}, token, **{"Idempotency-Key": "once"}),
    )
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * 9 + [201], answers
    assert len({text for _, text in answers}) == 1
    assert rows(Hand, Hand.table_id == table_id) == 1
    assert exact_json.loads(answers[0][1])["settlement"] == SETTLED[1]


def test_hands_entered_at_once_are_numbered_without_gaps_and_dealt_in_turn(client, server):
    table_id, token, _ = new_table(client, rules=RULES)
    before = body(send(client, "GET", f"/api/tables/{table_id}", token=token))["version"]
    url = f"{server}/api/tables/{table_id}/hands"
    answers = at_once(
        10,
        lambda i: http(
            "POST", url, {"outcome": OUTCOMES[0]}, token, **{"Idempotency-Key": f"k{i}"}
        ),
    )
    assert [status for status, _ in answers] == [201] * 10
    hands = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert [hand["no"] for hand in hands] == list(range(1, 11))
    assert [hand["dealer"] for hand in hands] == [ABC[i % 3] for i in range(10)]
    # Every change moves the table's version on (phones poll it), none is lost.
    after = body(send(client, "GET", f"/api/tables/{table_id}", token=token))["version"]
    assert after == before + 10


def test_two_phones_editing_the_same_version_at_once_one_wins(client, server):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[0])
    url = f"{server}/api/tables/{table_id}/hands/1"
    edits = [OUTCOMES[2], OUTCOMES[6]]
    answers = at_once(2, lambda i: http("PUT", url, {"outcome": edits[i], "version": 1}, token))
    by_status = {status: exact_json.loads(text) for status, text in answers}
    assert sorted(by_status) == [200, 409], answers
    assert by_status[409]["hand"] == by_status[200]
    assert by_status[200]["version"] == 2


def test_two_changes_of_rules_at_once_both_land_in_turn(client, server, rows):
    table_id, token, _ = new_table(client)
    url = f"{server}/api/tables/{table_id}/rules"
    answers = at_once(2, lambda i: http("PUT", url, {"rules": {"stake": i + 2}}, token))
    assert [status for status, _ in answers] == [200, 200], answers
    assert rows(RulesVersion, RulesVersion.table_id == table_id) == 3
    tables = [exact_json.loads(text) for _, text in answers]
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["version"] == 2 and table["rules"]["stake"] in (2, 3)
    # Each answer is the table as it was at one moment: after its own change, or after both.
    for i, answer in enumerate(tables):
        assert (answer["version"], answer["rules"]["stake"]) in [
            (1, i + 2),
            (2, table["rules"]["stake"]),
        ]


def test_hand_numbers_stay_gap_free_through_refusals_retries_and_voids(client):
    table_id, token, _ = new_table(client, rules=RULES)
    enter(client, table_id, token, OUTCOMES[0], key="a")
    enter(client, table_id, token, {"kind": "out", "player": "Zed"})
    enter(client, table_id, token, OUTCOMES[0], key="a")
    send(client, "DELETE", f"/api/tables/{table_id}/hands/1", {"version": 1}, token)
    enter(client, table_id, token, {"kind": "drop", "player": "Anna"})
    enter(client, table_id, token, OUTCOMES[2], key="b")
    enter(client, table_id, token, OUTCOMES[3])
    hands = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert [hand["no"] for hand in hands] == [1, 2, 3]
    assert [hand["void"] for hand in hands] == [True, False, False]


# Bad input: always a 4xx with {"error"}, never a 5xx

JUNK = [
    b"",
    b'{"version": ' + b"9" * 5000 + b"}",
    b"not json",
    b"[]",
    b"{",
    b"\xff\xfe",
    b"NaN",
    b"null",
    b'"text"',
    b"[" * 5000 + b"]" * 5000,
]


def refuses(response, status=400, field=None, player=None):
    """A 4xx whose body is {"error": message}, the message naming the field and the player
    concerned (the API has no other place to say which)."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json and set(body(response)) == {"error"} and body(response)["error"]
    message = body(response)["error"]
    if field is not None:
        assert re.search(rf"(?<![\w-]){re.escape(field)}(?![\w-])", message), (field, message)
    if player is not None:
        assert player in message, (player, message)


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/tables"),
        ("POST", "/api/tables/{id}/hands"),
        ("PUT", "/api/tables/{id}/hands/1"),
        ("DELETE", "/api/tables/{id}/hands/1"),
        ("PUT", "/api/tables/{id}/rules"),
    ],
)
def test_bodies_that_are_not_a_json_object_are_refused(client, two_tables, method, path, junk):
    (a_id, a_keeper, _), _ = two_tables
    response = client.open(
        path.format(id=a_id),
        method=method,
        data=junk,
        headers={"Authorization": f"Bearer {a_keeper}"},
        content_type="application/json",
    )
    refuses(response)


BODY_ROUTES = [
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{id}/hands"),
    ("PUT", "/api/tables/{id}/hands/1"),
    ("DELETE", "/api/tables/{id}/hands/1"),
    ("PUT", "/api/tables/{id}/rules"),
    ("POST", "/api/settle"),
]


@pytest.mark.parametrize(
    ("kind", "shown"),
    [("text/plain", "text/plain"), ("application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded"), (None, "no Content-Type")],
)  # fmt: skip
@pytest.mark.parametrize(("method", "path"), BODY_ROUTES)
def test_a_body_not_sent_as_json_answers_415_and_changes_nothing(
    client, two_tables, rows, method, path, kind, shown
):
    """Tables API version 2: any web page can make a visitor's browser post text/plain or
    a form to any address, never application/json without asking first."""
    (a_id, a_keeper, _), _ = two_tables
    before = [rows(model) for model in (GameTable, Hand, RulesVersion)]
    response = client.open(
        path.format(id=a_id),
        method=method,
        data=exact_json.dumps({"players": ABC, "version": 1, "outcome": OUTCOMES[0]}),
        headers={"Authorization": f"Bearer {a_keeper}"},
        content_type=kind,
    )
    assert response.status_code == 415
    assert body(response) == {
        "error": f"the body must be JSON sent as Content-Type: application/json, not {shown}"
    }
    assert [rows(model) for model in (GameTable, Hand, RulesVersion)] == before


def test_json_with_a_charset_is_json(client):
    response = client.post(
        "/api/tables", data=exact_json.dumps({"players": ABC}),
        content_type="application/json; charset=utf-8",
    )  # fmt: skip
    assert response.status_code == 201


# Each malformed body with the field its refusal names, and the player where one is concerned.
NEW_TABLES = [
    ({}, "players", None),
    ({"players": ABC, "extra": 1}, "extra", None),
    ({"players": "Anna, Ben"}, "players", None),
    ({"players": ["Anna"]}, "players", None),
    ({"players": ["Anna", "anna"]}, "players", "'anna'"),
    ({"players": ["Anna", ""]}, "players", None),
    ({"players": ["Anna", " Ben"]}, "players", "' Ben'"),
    ({"players": ["Anna", "B" * 41]}, "players", "B" * 40),  # the name shown cut at 40
    ({"players": ["Anna", 7]}, "players", None),
    ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "players", None),
    ({"players": ABC, "name": 5}, "name", None),
    ({"players": ABC, "name": "N" * 61}, "name", None),
    ({"players": ABC, "name": "tab\there"}, "name", None),
    ({"players": ABC, "name": "nul\x00"}, "name", None),
    ({"players": ABC, "preset": "poker"}, "preset", None),
    ({"players": ABC, "preset": None}, "preset", None),
    ({"players": ABC, "preset": ["classic"]}, "preset", None),
    ({"players": ABC, "rules": []}, "rules", None),
    ({"players": ABC, "rules": {"stake": "1"}}, "stake", None),
    ({"players": ABC, "rules": {"stake": 1e400}}, None, None),  # sent as Infinity: not JSON
    ({"players": ABC, "rules": {"stake": 0.001}}, "stake", None),
    ({"players": ABC, "rules": {"stakes": 1}}, "stakes", None),
    ({"players": ABC, "rules": {"hand_size": 5.0}}, "hand_size", None),
    ({"players": ABC, "rules": {"deal_tonks": [{"min": 1}]}}, "deal_tonks", None),
    ({"players": ABC, "first_dealer": "Zed"}, "first_dealer", None),
    ({"players": ABC, "first_dealer": 1}, "first_dealer", None),
    ({"players": ABC, "first_dealer": ["Anna"]}, "first_dealer", None),
]


@pytest.mark.parametrize(("data", "field", "player"), NEW_TABLES, ids=range(len(NEW_TABLES)))
def test_a_malformed_new_table_is_refused(client, rows, data, field, player):
    response = client.post("/api/tables", data=json.dumps(data), content_type="application/json")
    refuses(response, field=field, player=player)
    assert rows(GameTable) == 0


HAND_BODIES = [
    ({}, "outcome", None),
    ({"outcome": None}, "outcome", None),
    ({"outcome": []}, "outcome", None),
    ({"outcome": {}}, "kind", None),
    ({"outcome": {"kind": "win"}}, "kind", None),
    ({"outcome": {"kind": "out"}}, "player", None),
    ({"outcome": {"kind": "out", "player": 3}}, "player", None),
    ({"outcome": {"kind": "out", "player": "Zed"}}, "player", "'Zed'"),
    ({"outcome": {"kind": "out", "player": "Anna", "extra": 1}}, "extra", None),
    (
        {
            "outcome": {
                "kind": "drop",
                "player": "Anna",
                "totals": {"Anna": 1.5, "Ben": 2, "Carla": 3},
            }
        },
        "totals",
        "Anna",
    ),
    (
        {
            "outcome": {
                "kind": "drop",
                "player": "Anna",
                "totals": {"Anna": True, "Ben": 2, "Carla": 3},
            }
        },
        "totals",
        "Anna",
    ),
    ({"outcome": {"kind": "drop", "player": "Anna", "totals": [1, 2, 3]}}, "totals", None),
    ({"outcome": {"kind": "tonk_out", "player": "Anna", "spread_six": "yes"}}, "spread_six", None),
    ({"outcome": OUTCOMES[0], "dealer": "Ben"}, "dealer", None),
]


@pytest.mark.parametrize(("data", "field", "player"), HAND_BODIES, ids=range(len(HAND_BODIES)))
def test_a_malformed_hand_is_refused(client, rows, two_tables, data, field, player):
    (a_id, a_keeper, _), _ = two_tables
    response = send(client, "POST", f"/api/tables/{a_id}/hands", data, a_keeper)
    refuses(response, field=field, player=player)
    assert rows(Hand, Hand.table_id == a_id) == 1


EDITS = [
    ({"outcome": OUTCOMES[2]}, "PUT", "version", None),
    ({"version": 1}, "PUT", "outcome", None),
    ({"outcome": OUTCOMES[2], "version": "1"}, "PUT", "version", None),
    ({"outcome": OUTCOMES[2], "version": True}, "PUT", "version", None),
    ({"outcome": OUTCOMES[2], "version": 1.0}, "PUT", "version", None),
    ({"outcome": OUTCOMES[2], "version": None}, "PUT", "version", None),
    ({"outcome": {"kind": "out", "player": "Zed"}, "version": 1}, "PUT", "player", "'Zed'"),
    ({"outcome": OUTCOMES[2], "version": 1, "extra": 0}, "PUT", "extra", None),
    ({}, "DELETE", "version", None),
    ({"version": "1"}, "DELETE", "version", None),
    ({"version": False}, "DELETE", "version", None),
    ({"version": 1, "why": "typo"}, "DELETE", "why", None),
]


@pytest.mark.parametrize(("data", "method", "field", "player"), EDITS, ids=range(len(EDITS)))
def test_a_malformed_edit_or_void_is_refused(client, two_tables, data, method, field, player):
    (a_id, a_keeper, _), _ = two_tables
    before = body(send(client, "GET", f"/api/tables/{a_id}/hands", token=a_keeper))
    response = send(client, method, f"/api/tables/{a_id}/hands/1", data, a_keeper)
    refuses(response, field=field, player=player)
    assert body(send(client, "GET", f"/api/tables/{a_id}/hands", token=a_keeper)) == before


RULES_CHANGES = [
    ({"preset": "poker"}, "preset"),
    ({"preset": 1}, "preset"),
    ({"rules": "stake=2"}, "rules"),
    ({"rules": {"stake": -1}}, "stake"),
    ({"rules": {"nope": 1}}, "nope"),
    ({"rules": {"scoring": "money"}}, "scoring"),
    ({"preset": "classic", "rules": {}, "extra": True}, "extra"),
]


@pytest.mark.parametrize(("data", "field"), RULES_CHANGES, ids=range(len(RULES_CHANGES)))
def test_malformed_rules_are_refused(client, two_tables, data, field):
    (a_id, a_keeper, _), _ = two_tables
    before = body(send(client, "GET", f"/api/tables/{a_id}", token=a_keeper))
    refuses(send(client, "PUT", f"/api/tables/{a_id}/rules", data, a_keeper), field=field)
    assert body(send(client, "GET", f"/api/tables/{a_id}", token=a_keeper)) == before


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/99999999999999999999",
        "/api/tables/0",
        "/api/tables/-1",
        "/api/tables/x",
        "/api/tables/{id}/hands/99999999999999999999",
        "/api/tables/{id}/hands/0",
        "/api/tables/{id}/hands/2",
        "/api/tables/{id}/nothing",
    ],
)
def test_unknown_tables_and_hands_are_404_in_json(client, two_tables, path):
    (a_id, a_keeper, _), _ = two_tables
    method = "PUT" if "/hands/" in path else "GET"
    data = {"outcome": OUTCOMES[0], "version": 1} if method == "PUT" else None
    refuses(send(client, method, path.format(id=a_id), data, a_keeper), 404)


def test_a_number_too_long_to_read_is_refused_by_the_settle_door_too(client):
    number = b'{"players": ' + b"1" * 5000 + b"}"
    refuses(client.post("/api/settle", data=number, content_type="application/json"))


def test_an_oversized_body_is_413_in_json(client, two_tables):
    (a_id, a_keeper, _), _ = two_tables
    big = b'{"outcome": {"kind": "out", "player": "' + b"A" * (300 * 1024) + b'"}}'
    refuses(
        client.post(
            f"/api/tables/{a_id}/hands",
            data=big,
            headers={"Authorization": f"Bearer {a_keeper}"},
            content_type="application/json",
        ),
        413,
    )


def test_a_wrong_method_is_405_in_json_with_allow(client, two_tables):
    (a_id, a_keeper, _), _ = two_tables
    response = send(client, "PATCH", f"/api/tables/{a_id}/hands/1", {}, a_keeper)
    refuses(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"PUT", "DELETE"}


# The OpenAPI document


def test_the_openapi_document_describes_every_endpoint(client, app):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and body(response) == exact_json.loads(
        exact_json.dumps(DOCUMENT)
    )
    served = {
        (rule.rule.replace("<int:", "{").replace(">", "}"), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {
        (path, method)
        for path, item in DOCUMENT["paths"].items()
        for method in item
        if method != "parameters"
    }
    assert served == documented
