"""Lookalike and blank names are refused at every door that gives a name, and tables that
already have such names still open, play and import (issue 13). The rule itself is the
core's (tests/rules/test_names.py)."""

import pytest
from sqlmodel import Session, select

from referee import exact_json
from referee.documents.table_export import export_table
from referee.store import commands
from referee.store.models import GameTable, Player
from tests.test_api_tables import body, send
from tests.test_pages import alert, errors, player_ids, start_table, table_page, tally, text

ANNA = "\u0410nna"  # with a Cyrillic А
LOOKS_LIKE = "'\u0410nna' looks like 'Anna'; give each player a name the table can tell apart"
BLANK = r"'\u3164' shows nothing; every player needs a name the table can read"


@pytest.mark.parametrize(("name", "words"), [(ANNA, LOOKS_LIKE), ("\u3164", BLANK)])
def test_the_start_page_refuses_them_beside_the_players(web, rows, name, words):
    typed = {"player_0": "Anna", "player_1": "Ben", "player_2": name, "first_dealer": "0"}
    page = text(web.submit("/", typed))
    assert errors(page) == {"players-error": words}
    assert rows(GameTable) == 0


@pytest.mark.parametrize(("name", "words"), [(ANNA, LOOKS_LIKE), ("\u3164", BLANK)])
def test_the_api_refuses_them_naming_the_field(client, rows, name, words):
    answer = send(client, "POST", "/api/tables", {"players": ["Anna", "Ben", name]})
    assert answer.status_code == 400
    assert body(answer) == {"error": f"players: {words}"}
    assert rows(GameTable) == 0


@pytest.mark.parametrize("action", ["sit_in", "rename"])
@pytest.mark.parametrize(("name", "words"), [(ANNA, LOOKS_LIKE), ("\u3164", BLANK)])
def test_sitting_in_and_renaming_refuse_them(web, name, words, action):
    table = start_table(web)
    ben = player_ids(web, table)["Ben"]
    page = text(web.post(f"/t/{table}/players", {"action": action, "player": ben, "name": name}))
    assert alert(page) == words
    assert list(tally(table_page(web, table))) == ["Anna", "Ben", "Carla"]


def test_a_name_is_stored_composed_and_trimmed(web, app):
    table = start_table(web, ["Jose\u0301", "Ben\u3164", "Carla"])
    with Session(app.extensions["db_engine"]) as db:
        names = db.exec(select(Player.name).where(Player.table_id == table)).all()
    assert sorted(names) == ["Ben", "Carla", "José"]


def _table_of_old(app) -> int:
    """A table from before the rule: Anna and a Cyrillic Аnna, and a blank-looking player."""
    with Session(app.extensions["db_engine"]) as db:
        table = commands.start_table(
            db, name="Old", players=["Anna", "Ben", "Carla"], preset_name="classic"
        )
        for player in db.exec(select(Player).where(Player.table_id == table.id)).all():
            player.name = {"Ben": ANNA, "Carla": "\u3164"}.get(player.name, player.name)
            db.add(player)
        db.commit()
        return table.id


def test_a_table_that_already_has_them_still_plays_exports_and_imports(app):
    table_id = _table_of_old(app)
    with Session(app.extensions["db_engine"]) as db:
        table = db.get(GameTable, table_id)
        phone = app.test_client()
        assert phone.get(f"/join/{table_id}/{table.scorekeeper_token}").status_code == 303
        assert list(tally(table_page(phone, table_id))) == ["Anna", ANNA, "\u3164"]
        players = {p.name: p for p in db.exec(select(Player).where(Player.table_id == table_id))}
        commands.enter_hand(db, table, {"kind": "out", "player": ANNA}, dealer=players["Anna"])
        document = exact_json.loads(exact_json.dumps(export_table(db, table)))
        copy = commands.import_table(db, document)
        imported = db.exec(select(Player.name).where(Player.table_id == copy.id)).all()
    assert sorted(imported) == sorted(["Anna", ANNA, "\u3164"])
