"""A Tongits table through every door that reads or writes it as a document: the tables
API, the OpenAPI document, the table's file (export and import) and the CSV. The night is
tongits.md section 3's Example 1 then Example 2: Ben wins a fought draw, then goes tong-its
with a Secret on his second win in a row and takes the pot ("Two Hits")."""

import csv
import io
from decimal import Decimal

import pytest
from sqlmodel import Session, select

from referee import exact_json
from referee.documents.answers import ANSWERS
from referee.documents.reading import read
from referee.documents.spreadsheet import export_csv
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.rules import Refusal
from referee.store import commands
from referee.store.commands import import_table
from referee.store.models import GameTable, Hand, HandChange, Player, RulesVersion
from referee.web.openapi import DOCUMENT, REF
from tests.scoring.test_tongits_examples import ANSWER_1, ANSWER_2, EXAMPLE_1, EXAMPLE_2
from tests.test_api_tables import body, enter, send

ABC = ["Anna", "Ben", "Carla"]
NIGHT = [EXAMPLE_1["outcome"], EXAMPLE_2["outcome"]]
# Version 2 added opening_ante, run_bonus... (tongits.md 6.1) at defaults that change nothing.
TONGITS_RULES = {
    "stake": 1,
    "unit": "chips",
    "seats": 3,
    "card_values": "standard",
    "ante": 1,
    "opening_ante": 0,
    "jackpot_wins": 2,
    "second_win_bonus": 1,
    "run_bonus": 0,
    "joiner_matches_pot": False,
    "tongits_pays": 2,
    "fold_pays": 1,
    "fight_pays": 2,
    "stock_out_pays": 1,
    "bisaklat_pays": 2,
    "burned_factor": 2,
    "burned_extra": 0,
    "secret_bonus": 1,
    "escalera_bonus": 0,
    "ace_bonus": 0,
    "king_bonus": 0,
    "play_direction": "counterclockwise",
    "sapaw_blocks_draw": True,
    "draw_pays": "winner",
    "point_pays": 0,
    "point_pays_on": "difference",
    "next_dealer": "winner",
    "hand_melds_count": False,
    "discard_take": "meld_only",
    "same_turn_discard": False,
    "ace_low_only": True,
    "jokers": 0,
    "joker_points": 0,
    "joker_bonus": 0,
}
# Ben's jackpot: the state Example 2 leaves, and the night's tally (-2 - 5, 4 + 10, -2 - 5).
AFTER_THE_JACKPOT = {
    "pot": {"Anna": 0, "Ben": 0, "Carla": 0},
    "streak": {"player": "Ben", "wins": 2},
    "dealer": "Ben",
}
TALLY = {"Anna": -7, "Ben": 14, "Carla": -7}


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def new_tongits_table(client, players=ABC, **fields):
    response = send(
        client, "POST", "/api/tables", {"game": "tongits", "players": players, **fields}
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    created = body(response)
    return created["id"], created["tokens"]["scorekeeper"]


def hand(no, dealer, outcome, settlement, version=1, void=False):
    """A hand as the API shows it, from literal values."""
    return {
        "no": no,
        "version": version,
        "void": void,
        "dealer": dealer,
        "outcome": outcome,
        "settlement": settlement,
        "note": None,
    }


@pytest.fixture
def played(client):
    """The night through the API: Example 1 dealt by Anna, Example 2 by Ben."""
    table_id, token = new_tongits_table(client, name="Friday")
    for outcome in NIGHT:
        assert enter(client, table_id, token, outcome).status_code == 201
    return table_id, token


def table_rows(rows):
    return rows(GameTable), rows(Player), rows(RulesVersion), rows(Hand)


# A new table


def test_a_tongits_table_starts_with_the_tongits_preset_and_no_state(client):
    table_id, token = new_tongits_table(client)
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table == {
        "id": table_id,
        "name": "Tongits night",
        "game": "tongits",
        "players": ABC,
        "preset": "tongits",
        "rules": TONGITS_RULES,
        "version": 0,
        "hands": 0,
        "dealer": "Anna",
        "tally": {"Anna": 0, "Ben": 0, "Carla": 0},
        "points": None,
        "games": None,
        "state": None,
    }


def test_a_tongits_table_takes_its_presets_and_rules_and_four_names_seat_four(client):
    table_id, token = new_tongits_table(
        client,
        players=[*ABC, "Dan"],
        preset="1-3-5",
        rules={"stake": Decimal("0.5"), "next_dealer": "rotate"},
        first_dealer="Carla",
    )
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert (table["preset"], table["players"], table["dealer"]) == ("1-3-5", [*ABC, "Dan"], "Carla")
    assert table["rules"] == {
        **TONGITS_RULES,
        "stake": Decimal("0.5"),
        "seats": 4,
        "fold_pays": 3,
        "stock_out_pays": 3,
        "fight_pays": 5,
        "tongits_pays": 5,
        "bisaklat_pays": 5,
        "ace_bonus": 1,
        "burned_factor": 1,
        "next_dealer": "rotate",
    }


NEW_TABLE_FIELDS = "name, game, players, preset, rules, first_dealer"


@pytest.mark.parametrize(
    ("sent", "error"),
    [
        ({"players": ["Anna", "Ben"]},
         "players: Tongits is played by 3 (four only with house rule “Seats” at 4), not 2"),
        ({"players": [*ABC, "Dan", "Eve"]},
         "players: Tongits is played by 3 (four only with house rule “Seats” at 4), not 5"),
        ({"players": ABC, "rules": {"caught_pays": 2}},
         "rules: caught_pays is a house rule of Tonk, not of Tongits (the Tongits rules sheet "
         "lists them all)"),
        ({"players": ABC, "preset": "classic"},
         "preset: 'classic' is not one of tongits, three-hits, 1-3-5, joker"),
        ({"players": ABC, "rules": {"ante": 11}},
         "House rule ante: 11 is not allowed; allowed: a whole number from 0 to 10"),
        ({"players": ABC, "state": {}},
         f"state: there is no such field; the fields here are {NEW_TABLE_FIELDS}"),
        ({"players": ABC, "first_dealer": "Dan"},
         "first_dealer: give the name of one of the players"),
    ],
)  # fmt: skip
def test_a_tongits_table_is_refused_in_words_and_nothing_is_written(client, rows, sent, error):
    response = send(client, "POST", "/api/tables", {"game": "tongits", **sent})
    assert (response.status_code, body(response)) == (400, {"error": error})
    assert table_rows(rows) == (0, 0, 0, 0)


# Hands through the API


def test_the_night_is_settled_game_after_game_with_the_pot_and_the_streak(client, played):
    table_id, token = played
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert listed == [
        hand(1, "Anna", EXAMPLE_1["outcome"], ANSWER_1),
        hand(2, "Ben", EXAMPLE_2["outcome"], ANSWER_2),
    ]
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert (table["hands"], table["dealer"], table["tally"], table["state"]) == (
        2,
        "Ben",
        TALLY,
        AFTER_THE_JACKPOT,
    )


def test_the_answers_fit_the_documents_the_openapi_document_describes(client, played):
    table_id, token = played
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert read(ANSWERS["tongits"].table, table, root="table").state.streak.wins == 2
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert [read(ANSWERS["tongits"].hand, h, root="hand").settlement.pot_won for h in listed] == [
        0,
        6,
    ]


@pytest.mark.parametrize(
    ("sent", "error"),
    [
        ({"outcome": {"kind": "out", "player": "Ben"}},
         "kind: 'out' is not a way a game of Tongits ends; choose tongits, draw, stock_out, "
         "bisaklat"),
        ({"outcome": {"kind": "tongits", "player": "Dan"}},
         "player: 'Dan' is not at this table (players: Anna, Ben and Carla)"),
        ({"outcome": {"kind": "tongits", "player": "Ben"}, "override": True},
         "override: there is no such field; the fields here are outcome"),
        ({"outcome": {"kind": "draw", "caller": "Ben", "fought": ["Carla"],
                      "burned": ["Carla"]}},
         "fought: Carla is burned and cannot fight; a burned player folds automatically"),
    ],
)  # fmt: skip
def test_a_game_the_rules_refuse_is_answered_400_and_nothing_is_entered(client, rows, sent, error):
    table_id, token = new_tongits_table(client)
    response = send(client, "POST", f"/api/tables/{table_id}/hands", sent, token)
    assert (response.status_code, body(response)) == (400, {"error": error})
    assert rows(Hand) == 0


def test_a_game_not_sent_as_json_answers_415(client, rows):
    table_id, token = new_tongits_table(client)
    response = client.post(
        f"/api/tables/{table_id}/hands",
        data="outcome=tongits",
        headers={"Authorization": f"Bearer {token}"},
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 415
    assert rows(Hand) == 0


def test_an_edit_of_the_first_game_settles_the_second_again(client, played):
    """Anna now wins the fight (5 against Ben's 6): Ben's tong-its is his first win in a row,
    so the pot stays, 2 from each player."""
    table_id, token = played
    fought = {**EXAMPLE_1["outcome"], "totals": {"Ben": 6, "Anna": 5}}
    response = send(
        client, "PUT", f"/api/tables/{table_id}/hands/1", {"outcome": fought, "version": 1}, token
    )
    assert response.status_code == 200
    listed = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))
    assert [h["settlement"] for h in listed] == [
        {
            "result": "draw_lost",
            "winners": ["Anna"],
            "payments": [
                {"from": "Ben", "to": "Anna", "amount": 2, "why": "lost the fight"},
                {"from": "Carla", "to": "Anna", "amount": 2, "why": "folded, burned"},
            ],
            "net": {"Anna": 4, "Ben": -2, "Carla": -2},
            "points": None,
            "state": {
                "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
                "streak": {"player": "Anna", "wins": 1},
                "dealer": "Anna",
            },
            "pot_won": 0,
        },
        {
            "result": "tongits",
            "winners": ["Ben"],
            "payments": [
                {"from": "Anna", "to": "Ben", "amount": 2, "why": "tong-its"},
                {"from": "Anna", "to": "Ben", "amount": 1, "why": "secret"},
                {"from": "Carla", "to": "Ben", "amount": 2, "why": "tong-its"},
                {"from": "Carla", "to": "Ben", "amount": 1, "why": "secret"},
            ],
            "net": {"Anna": -3, "Ben": 6, "Carla": -3},
            "points": None,
            "state": {
                "pot": {"Anna": 2, "Ben": 2, "Carla": 2},
                "streak": {"player": "Ben", "wins": 1},
                "dealer": "Ben",
            },
            "pot_won": 0,
        },
    ]
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["tally"] == {"Anna": 1, "Ben": 4, "Carla": -5}


def test_a_void_first_game_leaves_the_second_the_first_of_the_night(client, played):
    table_id, token = played
    response = send(client, "DELETE", f"/api/tables/{table_id}/hands/1", {"version": 1}, token)
    assert (response.status_code, body(response)["void"]) == (200, True)
    second = body(send(client, "GET", f"/api/tables/{table_id}/hands", token=token))[1]
    assert second["settlement"] == {
        "result": "tongits",
        "winners": ["Ben"],
        "payments": [
            {"from": "Anna", "to": "Ben", "amount": 2, "why": "tong-its"},
            {"from": "Anna", "to": "Ben", "amount": 1, "why": "secret"},
            {"from": "Carla", "to": "Ben", "amount": 2, "why": "tong-its"},
            {"from": "Carla", "to": "Ben", "amount": 1, "why": "secret"},
        ],
        "net": {"Anna": -3, "Ben": 6, "Carla": -3},
        "points": None,
        "state": {
            "pot": {"Anna": 1, "Ben": 1, "Carla": 1},
            "streak": {"player": "Ben", "wins": 1},
            "dealer": "Ben",
        },
        "pot_won": 0,
    }
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert (table["hands"], table["tally"]) == (1, {"Anna": -3, "Ben": 6, "Carla": -3})


def test_new_rules_for_a_tongits_table_are_tongits_rules(client, rows):
    table_id, token = new_tongits_table(client)
    url = f"/api/tables/{table_id}/rules"
    changed = send(client, "PUT", url, {"preset": "three-hits", "rules": {"ante": 2}}, token)
    assert changed.status_code == 200
    table = body(changed)
    assert (table["preset"], table["rules"]["jackpot_wins"], table["rules"]["ante"]) == (
        "three-hits",
        3,
        2,
    )
    refused = send(client, "PUT", url, {"rules": {"hand_size": 5}}, token)
    assert (refused.status_code, body(refused)) == (
        400,
        {"error": "rules: hand_size is a house rule of Tonk, not of Tongits (the Tongits rules "
         "sheet lists them all)"},
    )  # fmt: skip
    assert rows(RulesVersion) == 2


# The OpenAPI document


def test_the_openapi_document_offers_the_tongits_bodies_and_answers():
    paths = DOCUMENT["paths"]

    def schema(operation, status=None):
        if status is None:
            return operation["requestBody"]["content"]["application/json"]["schema"]
        return operation["responses"][status]["content"]["application/json"]["schema"]

    def either(*names):
        return {"anyOf": [{"$ref": REF + name} for name in names]}

    assert schema(paths["/api/tables"]["post"]) == either("NewTable", "NewTongitsTable")
    hands = paths["/api/tables/{table_id}/hands"]
    assert schema(hands["post"]) == either("HandEntry", "TongitsHandEntry")
    assert schema(hands["get"], "200")["items"] == either("Hand", "TongitsHand")
    one = paths["/api/tables/{table_id}/hands/{no}"]
    assert schema(one["put"]) == either("HandEdit", "TongitsHandEdit")
    responses = DOCUMENT["components"]["responses"]
    assert responses["Table"]["content"]["application/json"]["schema"] == either(
        "Table", "TongitsTable"
    )
    schemas = DOCUMENT["components"]["schemas"]
    new_table = schemas["NewTongitsTable"]["properties"]
    assert (new_table["players"]["minItems"], new_table["players"]["maxItems"]) == (3, 4)
    assert new_table["game"] == {"const": "tongits", "type": "string"}
    assert list(schemas["TongitsRules"]["properties"]) == list(TONGITS_RULES)
    assert schemas["TongitsTable"]["properties"]["state"]["anyOf"][0] == {
        "$ref": REF + "TongitsState"
    }


# The table's file


def night_file(client, played, db):
    table_id, _ = played
    return export_table(db, db.get(GameTable, table_id))


def test_a_tongits_table_exports_its_game_rules_and_each_games_state(client, played, db):
    document = night_file(client, played, db)
    assert (document["game"], document["games"]) == ("tongits", [])
    assert [(v["preset"], v["rules"]) for v in document["rules_versions"]] == [
        ("tongits", TONGITS_RULES)
    ]
    assert [(h["dealer"], h["settlement"]) for h in document["hands"]] == [
        ("Anna", ANSWER_1),
        ("Ben", ANSWER_2),
    ]


def test_a_tongits_file_imports_as_the_same_night(client, played, db):
    text = exact_json.dumps(night_file(client, played, db)).encode()
    imported = import_table(db, load_document(text))
    again = export_table(db, imported)
    assert (imported.game, again["hands"]) == ("tongits", load_document(text)["hands"])
    token = imported.scorekeeper_token
    table = body(send(client, "GET", f"/api/tables/{imported.id}", token=token))
    assert (table["tally"], table["state"]) == (TALLY, AFTER_THE_JACKPOT)


def test_a_void_game_comes_back_void_and_the_next_game_as_the_first(client, played, db):
    table_id, token = played
    send(client, "DELETE", f"/api/tables/{table_id}/hands/1", {"version": 1}, token)
    imported = import_table(db, night_file(client, played, db))
    hands = export_table(db, imported)["hands"]
    assert [(h["void"], h["settlement"]["pot_won"]) for h in hands] == [(True, 0), (False, 0)]
    assert [c["action"] for c in hands[1]["changes"]] == ["entered", "recounted"]


def _voided_first(document):
    """Game 1 voided in the file, game 2 left as the jackpot it was."""
    document["hands"][0]["void"] = True


def _tonk_rule(document):
    document["rules_versions"][0]["rules"]["caught_pays"] = 2


def _smaller_pot(document):
    document["hands"][1]["settlement"]["pot_won"] = 5


def _three_hits(document):
    """The file's rules say three hits: Ben's second win pays the second-win bonus, not the pot."""
    document["rules_versions"][0]["preset"] = "three-hits"
    document["rules_versions"][0]["rules"]["jackpot_wins"] = 3


def _stranger_in_the_pot(document):
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["state"]["pot"]["Dan"] = 1


def _void_net_changed(document):
    """Game 1 void, its net no longer what its payments make."""
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["net"]["Anna"] = -3


def _void_paid_to_oneself(document):
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["payments"][0]["to"] = "Anna"


def _void_won_twice(document):
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["winners"] = ["Ben", "Ben"]


def _void_run_past_a_night(document):
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["state"]["streak"]["wins"] = 10**18


def _void_paid_in_tenths_of_a_cent(document):
    document["hands"][0]["void"] = True
    document["hands"][0]["settlement"]["payments"][0]["amount"] = Decimal("0.001")


REFUSED_FILES = [
    (_voided_first, "hands[1].settlement.payments",
     "hands[1].settlement.payments: the file says [{'from': 'Anna', 'to': 'Ben', 'amoun..., "
     "but the engine settles hand 2 as [{'from': 'Anna', 'to': 'Ben', 'amoun... under its "
     "rules (version 1); the file was changed after it was exported, so nothing was imported"),
    (_smaller_pot, "hands[1].settlement.pot_won",
     "hands[1].settlement.pot_won: the file says 5, but the engine settles hand 2 as 6 under "
     "its rules (version 1); the file was changed after it was exported, so nothing was "
     "imported"),
    (_three_hits, "hands[1].settlement.payments[2].amount",
     "hands[1].settlement.payments[2].amount: the file says 2, but the engine settles hand 2 "
     "as 1 under its rules (version 1); the file was changed after it was exported, so "
     "nothing was imported"),
    (_tonk_rule, "rules_versions[0].rules.caught_pays",
     "rules_versions[0].rules.caught_pays: caught_pays is a house rule of Tonk, not of "
     "Tongits (the Tongits rules sheet lists them all)"),
    (_void_net_changed, "hands[0].settlement.net.Anna",
     "hands[0].settlement.net.Anna: the file says -3, but the engine settles hand 1 as -2 "
     "under its rules (version 1); the file was changed after it was exported, so nothing "
     "was imported"),
    (_void_paid_in_tenths_of_a_cent, "hands[0].settlement.payments[0].amount",
     "hands[0].settlement.payments[0].amount: 0.001 is not an amount above 0, to the cent"),
    (_void_paid_to_oneself, "hands[0].settlement.payments[0]",
     "hands[0].settlement.payments[0]: a player does not pay themselves"),
    (_void_won_twice, "hands[0].settlement.winners",
     "hands[0].settlement.winners: names a player twice"),
    (_void_run_past_a_night, "hands[0].settlement.state.streak.wins",
     "hands[0].settlement.state.streak.wins: 1000000000000000000 is more than 1000"),
    (_stranger_in_the_pot, "hands[0].settlement",
     "hands[0].settlement: 'Dan' is not one of the hand's players then (Anna, Ben, Carla)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tamper", "field", "message"), REFUSED_FILES, ids=[row[1] for row in REFUSED_FILES]
)
def test_a_tongits_file_whose_night_does_not_replay_is_refused(
    client, played, db, rows, tamper, field, message
):
    document = night_file(client, played, db)
    tamper(document)
    before = table_rows(rows), rows(HandChange)
    with pytest.raises(Refusal) as refused:
        import_table(db, document)
    assert (refused.value.message, refused.value.field) == (message, field)
    assert (table_rows(rows), rows(HandChange)) == before


def test_a_tongits_file_of_a_night_where_a_player_left_imports(client, played, db):
    """A table can be mid-change (Carla left, nobody sat in yet): the app allows it between
    games, so its file imports as it is."""
    document = night_file(client, played, db)
    document["players"][2]["seated"] = False
    table = import_table(db, document)
    seated = [
        p.name for p in db.exec(select(Player).where(Player.table_id == table.id)) if p.seated
    ]
    assert seated == ["Anna", "Ben"]


# The spreadsheet


def test_the_csv_has_a_row_per_payment_of_each_game_the_pot_included(client, played, db):
    table_id, _ = played
    found = list(csv.reader(io.StringIO(export_csv(db, db.get(GameTable, table_id)))))
    assert found == [
        ["hand", "game", "void", "dealer", "result", "payer", "payee", "amount", "why"],
        ["1", "", "no", "Anna", "draw_won", "Anna", "Ben", "2.00", "lost the fight"],
        ["1", "", "no", "Anna", "draw_won", "Carla", "Ben", "2.00", "folded, burned"],
        ["2", "", "no", "Ben", "tongits", "Anna", "Ben", "2.00", "tong-its"],
        ["2", "", "no", "Ben", "tongits", "Anna", "Ben", "1.00", "secret"],
        ["2", "", "no", "Ben", "tongits", "Anna", "Ben", "2.00", "pot"],
        ["2", "", "no", "Ben", "tongits", "Carla", "Ben", "2.00", "tong-its"],
        ["2", "", "no", "Ben", "tongits", "Carla", "Ben", "1.00", "secret"],
        ["2", "", "no", "Ben", "tongits", "Carla", "Ben", "2.00", "pot"],
    ]


def test_the_api_shows_the_state_as_the_players_seated_now_see_it(client, db):
    """Ben won game 1 and leaves: his share of the pot is his again and his run is over
    (tongits.md 2.8), as the next game, and the table page, see it."""
    table_id, token = new_tongits_table(client)
    assert enter(client, table_id, token, NIGHT[0]).status_code == 201
    db.add(Player(table_id=table_id, name="Dan", seat=3))  # sits in, then Ben leaves
    db.commit()
    ben = db.exec(select(Player).where(Player.table_id == table_id, Player.name == "Ben")).one()
    commands.leave(db, db.get(GameTable, table_id), ben)
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["state"] == {
        "pot": {"Anna": Decimal(1), "Carla": Decimal(1)},
        "streak": None,
        "dealer": None,
    }
