"""Seats are checked through the table's game at every door: start, sit in, leave, import.

The bug this pins: `leave` and `sit_in` counted Tonk's 2 to 6 seats whatever the game, so a
Tongits table of three took three more players and went down to two, and the refusal came
only at the next game ("…not 6"). Each refusal is asserted whole: its words, its field and
its player, at the one door (referee.store.commands) and at the pages, the API and the
import that reach it.
"""

import io

import pytest
from sqlmodel import Session

from referee import exact_json
from referee.documents.table_export import export_table
from referee.rules import Refusal
from referee.store import commands
from referee.store.models import GameTable, Player
from referee.store.seating import players_of, seated
from tests.test_api_tables import body, send
from tests.test_pages import alert, errors, player_ids, text
from tests.test_tongits_tables import start_tongits

THREE = "Tongits is played by 3 (four only with house rule “Seats” at 4)"
FOUR = "Tongits is played by 4"


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def tongits(db, names=("Anna", "Ben", "Carla")) -> GameTable:
    return commands.start_table(
        db, name="Friday", players=list(names), preset_name="tongits", game="tongits"
    )


def refusal(raised: pytest.ExceptionInfo[Refusal]) -> tuple[str, str | None, str | None]:
    return raised.value.message, raised.value.field, raised.value.player


def sitting(db, table: GameTable) -> list[str]:
    return [p.name for p in seated(players_of(db, table))]


# The one door


def test_a_tongits_table_of_three_refuses_a_leave_and_a_fourth_player(db):
    table = tongits(db)
    ben = next(p for p in players_of(db, table) if p.name == "Ben")
    with pytest.raises(Refusal) as left:
        commands.leave(db, table, ben)
    assert refusal(left) == (f"Ben cannot leave: {THREE}", "players", "Ben")
    db.rollback()
    with pytest.raises(Refusal) as sat:
        commands.sit_in(db, table, "Dan")
    assert refusal(sat) == (f"name: {THREE}", "name", "Dan")
    db.rollback()
    assert sitting(db, table) == ["Anna", "Ben", "Carla"]


def test_a_tongits_table_of_four_seats_four_and_no_fifth(db):
    table = tongits(db, ("Anna", "Ben", "Carla", "Dan"))
    with pytest.raises(Refusal) as sat:
        commands.sit_in(db, table, " Eve ")
    assert refusal(sat) == (f"name: {FOUR}", "name", "Eve")
    db.rollback()
    dan = next(p for p in players_of(db, table) if p.name == "Dan")
    with pytest.raises(Refusal) as left:
        commands.leave(db, table, dan)
    assert refusal(left) == (f"Dan cannot leave: {FOUR}", "players", "Dan")
    db.rollback()
    # Three seats again by the house rule first: then one may leave, and sit in again.
    assert commands.change_rules(db, table, None, {"seats": 3})
    commands.leave(db, table, dan)
    assert sitting(db, table) == ["Anna", "Ben", "Carla"]
    assert commands.change_rules(db, table, None, {"seats": 4})
    commands.sit_in(db, table, "Dan")
    assert sitting(db, table) == ["Anna", "Ben", "Carla", "Dan"]


def test_a_tonk_table_keeps_its_two_to_six_seats(db):
    table = commands.start_table(db, name="Friday", players=["Anna", "Ben"], preset_name="classic")
    anna = players_of(db, table)[0]
    with pytest.raises(Refusal) as left:
        commands.leave(db, table, anna)
    assert refusal(left) == (
        "Anna cannot leave: a table needs at least 2 players",
        "players",
        "Anna",
    )
    db.rollback()
    for name in ("Carla", "Dan", "Eve", "Fay"):
        commands.sit_in(db, table, name)
    with pytest.raises(Refusal) as sat:
        commands.sit_in(db, table, "Gus")
    assert refusal(sat) == ("name: at most 6 players sit at a table", "name", "Gus")


# The pages


def test_the_players_page_of_a_tongits_table_refuses_in_the_game_s_words(web):
    table = start_tongits(web)
    ids = player_ids(web, table)
    players = f"/t/{table}/players"
    refused = web.post(players, {"action": "leave", "player": ids["Ben"]})
    assert refused.status_code == 200
    assert alert(text(refused)) == f"Ben cannot leave: {THREE}"
    refused = web.post(players, {"action": "sit_in", "name": "Dan"})
    assert refused.status_code == 200
    assert alert(text(refused)) == THREE
    assert list(player_ids(web, table)) == ["Anna", "Ben", "Carla"]


def test_the_start_page_refuses_a_tongits_table_of_five(web, rows):
    boxes = {f"player_{seat}": name for seat, name in enumerate(["A", "B", "C", "D", "E"])}
    start = {**boxes, "first_dealer": "0", "game": "tongits", "preset": "tongits"}
    response = web.submit("/", start)
    assert response.status_code == 200
    assert errors(text(response))["players-error"] == f"{THREE}, not 5"
    assert rows(GameTable) == 0


# The API


def test_the_api_refuses_a_tongits_table_of_six(client, rows):
    players = ["Anna", "Ben", "Carla", "Dan", "Eve", "Fay"]
    response = send(client, "POST", "/api/tables", {"game": "tongits", "players": players})
    assert response.status_code == 400
    assert body(response) == {"error": f"players: {THREE}, not 6"}
    assert rows(GameTable) == 0


# The import


def six_seated(db) -> dict:
    """A Tongits table's file whose players say six are seated: what the old leave and sit
    in let a table become."""
    document = export_table(db, tongits(db))
    more = [{"name": name, "seated": True} for name in ("Dan", "Eve", "Fay")]
    return {**document, "players": document["players"] + more}


def test_an_import_of_a_tongits_table_seating_six_is_refused_and_writes_nothing(db, rows):
    document = six_seated(db)
    before = rows(GameTable), rows(Player)
    with pytest.raises(Refusal) as refused:
        commands.import_table(db, document)
    assert refusal(refused) == (f"players: 6 are seated; {THREE}", "players", None)
    two = {
        **document,
        "players": [{**p, "seated": p["name"] in ("Anna", "Ben")} for p in document["players"]],
    }
    with pytest.raises(Refusal) as refused:
        commands.import_table(db, two)
    assert refusal(refused) == (f"players: 2 are seated; {THREE}", "players", None)
    assert (rows(GameTable), rows(Player)) == before


def test_the_import_page_says_why_a_tongits_file_seating_six_is_refused(db, web, rows):
    raw = exact_json.dumps(six_seated(db)).encode()
    before = rows(GameTable)
    response = web.post("/import", {"file": (io.BytesIO(raw), "friday.json")})
    assert response.status_code == 200
    assert errors(text(response))["file-error"] == f"players: 6 are seated; {THREE}"
    assert rows(GameTable) == before
