"""Seats are checked through the table's game at every door: start, sit in, leave, import.

The bug this pins: `leave` and `sit_in` counted Tonk's 2 to 6 seats whatever the game, so a
Tongits table of three took three more players, and the refusal came only at the next
game ("…not 6"). Between games a Tongits table now changes one seat at a time (one player
short, or one over, of what its rules seat); the next game wants them exact. Each refusal
is asserted whole: its words, its field and its player, at the one door
(referee.store.commands) and at the pages, the API and the import that reach it.
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
AWAY = "; between games one seat at most waits for a player"
WAITING = "; between games one player at most waits for a seat"


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


def test_a_tongits_table_of_three_changes_one_seat_at_a_time(db):
    """Between games a Tongits table may be one player short (Carla left, nobody sat in yet)
    or one over (Dan sat in before Carla leaves), never more."""
    table = tongits(db)
    ben, carla = (p for p in players_of(db, table) if p.name in ("Ben", "Carla"))
    commands.leave(db, table, carla)
    with pytest.raises(Refusal) as left:
        commands.leave(db, table, ben)
    assert refusal(left) == (f"Ben cannot leave: {THREE}{AWAY}", "players", "Ben")
    db.rollback()
    commands.sit_in(db, table, "Dan")
    commands.sit_in(db, table, "carla")
    assert sitting(db, table) == ["Anna", "Ben", "Carla", "Dan"]
    with pytest.raises(Refusal) as sat:
        commands.sit_in(db, table, "Eve")
    assert refusal(sat) == (f"name: {THREE}{WAITING}", "name", "Eve")
    db.rollback()
    assert sitting(db, table) == ["Anna", "Ben", "Carla", "Dan"]


def test_a_tongits_table_of_four_seats_three_to_five_between_games(db):
    table = tongits(db, ("Anna", "Ben", "Carla", "Dan"))
    commands.sit_in(db, table, "Eve")
    with pytest.raises(Refusal) as sat:
        commands.sit_in(db, table, " Fay ")
    assert refusal(sat) == (f"name: {FOUR}{WAITING}", "name", "Fay")
    db.rollback()
    for name in ("Eve", "Dan"):
        commands.leave(db, table, next(p for p in players_of(db, table) if p.name == name))
    carla = next(p for p in players_of(db, table) if p.name == "Carla")
    with pytest.raises(Refusal) as left:
        commands.leave(db, table, carla)
    assert refusal(left) == (f"Carla cannot leave: {FOUR}{AWAY}", "players", "Carla")
    db.rollback()
    assert sitting(db, table) == ["Anna", "Ben", "Carla"]


def test_the_next_game_is_refused_until_the_seats_match_the_rules(db):
    table = tongits(db)
    commands.sit_in(db, table, "Dan")
    with pytest.raises(Refusal) as refused:
        commands.enter_hand(db, table, {"kind": "tongits", "player": "Anna"})
    assert refusal(refused) == (f"players: {THREE}, not 4", "players", None)
    db.rollback()
    assert commands.change_rules(db, table, None, {"seats": 4})
    assert commands.enter_hand(db, table, {"kind": "tongits", "player": "Anna"}).hand.no == 1


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
    assert web.post(players, {"action": "leave", "player": ids["Carla"]}).status_code == 302
    refused = web.post(players, {"action": "leave", "player": ids["Ben"]})
    assert refused.status_code == 200
    assert alert(text(refused)) == f"Ben cannot leave: {THREE}{AWAY}"
    for name in ("Dan", "Carla"):
        assert web.post(players, {"action": "sit_in", "name": name}).status_code == 302
    refused = web.post(players, {"action": "sit_in", "name": "Eve"})
    assert refused.status_code == 200
    assert alert(text(refused)) == f"{THREE}{WAITING}"
    assert list(player_ids(web, table)) == ["Anna", "Ben", "Carla", "Dan"]


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


def seated_in_file(db, count: int) -> dict:
    """A file of a Tongits table of three whose players say `count` are seated (six: what
    the old leave and sit in let such a table become)."""
    document = export_table(db, tongits(db))
    more = [{"name": name, "seated": True} for name in ("Dan", "Eve", "Fay")[: count - 3]]
    return {**document, "players": document["players"] + more}


def test_an_import_of_a_tongits_table_seating_five_or_six_is_refused_and_writes_nothing(db, rows):
    before = rows(GameTable), rows(Player)
    for count in (5, 6):
        with pytest.raises(Refusal) as refused:
            commands.import_table(db, seated_in_file(db, count))
        message = f"players: {count} are seated; {THREE}{WAITING}"
        assert refusal(refused) == (message, "players", None)
    assert (rows(GameTable), rows(Player)) == (before[0] + 2, before[1] + 6)  # the two exported
    assert commands.import_table(db, seated_in_file(db, 4)).game == "tongits"


def test_the_import_page_says_why_a_tongits_file_seating_six_is_refused(db, web, rows):
    raw = exact_json.dumps(seated_in_file(db, 6)).encode()
    before = rows(GameTable)
    response = web.post("/import", {"file": (io.BytesIO(raw), "friday.json")})
    assert response.status_code == 422
    assert errors(text(response))["file-error"] == f"players: 6 are seated; {THREE}{WAITING}"
    assert rows(GameTable) == before
