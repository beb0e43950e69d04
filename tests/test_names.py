"""Lookalike, mixed-script and blank names, and blank table names, are refused at every door
that gives one (issues 13 and 24): the start page, the API, renaming, sitting in, and the
import of a table's file (its page, `referee import` and the one door beneath both), on
SQLite and on PostgreSQL (DATABASE_URL). Each refusal names the field and the player, keeps
what was typed and stores nothing. Tables that already have such names still open, play and
export. The rule itself is the core's (tests/rules/test_names.py)."""

import io
import re

import pytest
from click.testing import CliRunner
from sqlmodel import Session, select

from referee import cli, exact_json
from referee.documents.table_export import export_table
from referee.rules import Refusal
from referee.store import commands
from referee.store.models import GameTable, Hand, Player
from referee.store.storage import database_url
from tests.conftest import form_fields
from tests.test_api_tables import body, send
from tests.test_pages import (
    alert,
    error_beside,
    player_ids,
    start_table,
    table_page,
    tally,
    text,
)

ANNA = "\u0410nna"  # with a Cyrillic А


def looks_like(name: str, other: str) -> str:
    return f"{name!r} looks like {other!r}; give each player a name the table can tell apart"


def blank(name: str) -> str:
    return f"{ascii(name)} shows nothing; every player needs a name the table can read"


def mixes(name: str, scripts: str) -> str:
    return f"{name!r} mixes {scripts} letters; write each name in one alphabet"


# (the name already at the table, the name given, what the refusal says)
REFUSED = [
    ("Anna", ANNA, looks_like(ANNA, "Anna")),
    ("Dan", "\u13a0an", looks_like("\u13a0an", "Dan")),  # a Cherokee letter (issue 24)
    ("Bob", "B\u0585b", looks_like("B\u0585b", "Bob")),  # an Armenian letter (issue 24)
    ("Kim", "Kirn", looks_like("Kirn", "Kim")),  # r and n close together (issue 24)
    ("Anna", "\u3164", blank("\u3164")),  # the Hangul filler
    ("Anna", "\u2800", blank("\u2800")),  # the blank Braille pattern (issue 24)
    ("Anna", "M\u0430ria", mixes("M\u0430ria", "Latin and Cyrillic")),  # issue 24
]
IDS = ["cyrillic", "cherokee", "armenian", "rn-m", "hangul-filler", "braille-blank", "mixed"]
BLANK_TABLES = ["\u3164", "\u2800"]
TABLE_SHOWS_NOTHING = "{} shows nothing; give the table a name that can be read"


# The start page


@pytest.mark.parametrize(("other", "name", "words"), REFUSED, ids=IDS)
def test_the_start_page_refuses_them_beside_the_players(web, rows, other, name, words):
    typed = {"player_0": other, "player_1": "Carla", "player_2": name, "first_dealer": "0"}
    response = web.submit("/", typed)
    page = text(response)
    assert response.status_code == 200
    assert error_beside(page, "players") == words
    assert form_fields(page)["player_2"] == name  # what was typed is kept
    assert rows(GameTable) == rows(Player) == 0


@pytest.mark.parametrize("name", BLANK_TABLES)
def test_the_start_page_refuses_a_table_name_that_shows_nothing(web, rows, name):
    typed = {"name": name, "player_0": "Anna", "player_1": "Ben", "first_dealer": "0"}
    response = web.submit("/", typed)
    page = text(response)
    assert response.status_code == 200
    assert error_beside(page, "name") == TABLE_SHOWS_NOTHING.format(ascii(name))
    assert form_fields(page)["name"] == name
    assert rows(GameTable) == 0


# The API


@pytest.mark.parametrize(("other", "name", "words"), REFUSED, ids=IDS)
def test_the_api_refuses_them_naming_the_field(client, rows, other, name, words):
    answer = send(client, "POST", "/api/tables", {"players": [other, "Carla", name]})
    assert answer.status_code == 400
    assert body(answer) == {"error": f"players: {words}"}
    assert rows(GameTable) == rows(Player) == 0


@pytest.mark.parametrize("game", ["tonk", "tongits"])
@pytest.mark.parametrize("name", BLANK_TABLES)
def test_the_api_refuses_a_table_name_that_shows_nothing(client, rows, name, game):
    data = {"name": name, "players": ["Anna", "Ben", "Carla"], "game": game}
    answer = send(client, "POST", "/api/tables", data)
    assert answer.status_code == 400
    assert body(answer) == {"error": "name: " + TABLE_SHOWS_NOTHING.format(ascii(name))}
    assert rows(GameTable) == 0


# Renaming and sitting in


@pytest.mark.parametrize(("other", "name", "words"), REFUSED, ids=IDS)
def test_renaming_refuses_them_and_keeps_what_was_typed(web, other, name, words):
    table = start_table(web, [other, "Ben", "Carla"])
    ben = player_ids(web, table)["Ben"]
    response = web.post(f"/t/{table}/players", {"action": "rename", "player": ben, "name": name})
    page = text(response)
    assert response.status_code == 200
    assert alert(page) == words
    assert f'id="name-{ben}" name="name" value="{name}"' in page
    assert list(tally(table_page(web, table))) == [other, "Ben", "Carla"]


@pytest.mark.parametrize(("other", "name", "words"), REFUSED, ids=IDS)
def test_sitting_in_refuses_them_and_keeps_what_was_typed(web, other, name, words):
    table = start_table(web, [other, "Ben", "Carla"])
    response = web.post(f"/t/{table}/players", {"action": "sit_in", "name": name})
    page = text(response)
    assert response.status_code == 200
    assert alert(page) == words
    assert f'id="new-name" name="name" maxlength="40" autocomplete="off" value="{name}"' in page
    assert list(tally(table_page(web, table))) == [other, "Ben", "Carla"]


def test_a_name_is_stored_composed_and_trimmed(web, app):
    table = start_table(web, ["Jose\u0301", "Ben\u3164", "Carla"])
    with Session(app.extensions["db_engine"]) as db:
        names = db.exec(select(Player.name).where(Player.table_id == table)).all()
    assert sorted(names) == ["Ben", "Carla", "José"]


# Tables from before the rule, and their files


def _table_of_old(app, names: list[str], table_name: str = "Old") -> int:
    """A table from before the rule: started as Anna, Ben and Carla, one hand played, then
    named `names` (and `table_name`) as the database let tables be named then."""
    with Session(app.extensions["db_engine"]) as db:
        table = commands.start_table(
            db, name="Old", players=["Anna", "Ben", "Carla"], preset_name="classic"
        )
        players = db.exec(select(Player).where(Player.table_id == table.id)).all()
        commands.enter_hand(db, table, {"kind": "out", "player": "Ben"}, dealer=players[0])
        for player, name in zip(players, names, strict=True):
            player.name = name
            db.add(player)
        table.name = table_name
        db.add(table)
        db.commit()
        return table.id


def _file_of(app, table_id: int) -> bytes:
    with Session(app.extensions["db_engine"]) as db:
        return exact_json.dumps(export_table(db, db.get(GameTable, table_id))).encode()


def test_a_table_that_already_has_them_still_plays_and_exports(app):
    table_id = _table_of_old(app, ["Anna", ANNA, "\u3164"])
    with Session(app.extensions["db_engine"]) as db:
        table = db.get(GameTable, table_id)
        phone = app.test_client()
        assert phone.get(f"/join/{table_id}/{table.scorekeeper_token}").status_code == 303
        assert list(tally(table_page(phone, table_id))) == ["Anna", ANNA, "\u3164"]
        players = {p.name: p for p in db.exec(select(Player).where(Player.table_id == table_id))}
        commands.enter_hand(db, table, {"kind": "out", "player": ANNA}, dealer=players["Anna"])
        document = export_table(db, table)
    assert [p["name"] for p in document["players"]] == ["Anna", ANNA, "\u3164"]
    assert [h["outcome"]["player"] for h in document["hands"]] == [ANNA, ANNA]


def mended(words: str, name: str) -> str:
    """A refusal of a file's player: the rule's words, then how to mend the file."""
    return (
        f"{words}. To mend the file, rename {name!r} under “Players and seats” at the table it "
        f"came from and download its file again, or write another name for {name!r} "
        "everywhere in the file"
    )


# (the file's players, the one refused, what the refusal says)
FILES = [
    (["Anna", ANNA, "Carla"], 1, mended(looks_like(ANNA, "Anna"), ANNA)),
    (["Anna", "Ben", "\u3164"], 2, mended(blank("\u3164"), "\u3164")),
    (["Dan", "\u13a0an", "Carla"], 1, mended(looks_like("\u13a0an", "Dan"), "\u13a0an")),
    (["Bob", "B\u0585b", "Carla"], 1, mended(looks_like("B\u0585b", "Bob"), "B\u0585b")),
    (["Kim", "Ben", "Kirn"], 2, mended(looks_like("Kirn", "Kim"), "Kirn")),
    (["Anna", "\u2800", "Carla"], 1, mended(blank("\u2800"), "\u2800")),
    (
        ["M\u0430ria", "Ben", "Carla"],
        0,
        mended(mixes("M\u0430ria", "Latin and Cyrillic"), "M\u0430ria"),
    ),
]
FILE_IDS = ["cyrillic", "hangul-filler", "cherokee", "armenian", "rn-m", "braille-blank", "mixed"]


@pytest.mark.parametrize(("names", "index", "words"), FILES, ids=FILE_IDS)
def test_the_one_door_refuses_a_file_that_holds_them(app, rows, names, index, words):
    """Issue 24: such a file imported (303) on both databases while every other door refused
    its names."""
    raw = _file_of(app, _table_of_old(app, names))
    tables, players, hands = rows(GameTable), rows(Player), rows(Hand)
    with Session(app.extensions["db_engine"]) as db, pytest.raises(Refusal) as refused:
        commands.import_table(db, exact_json.loads(raw))
    assert refused.value.message == f"players[{index}].name: {words}"
    assert (refused.value.field, refused.value.player) == (f"players[{index}].name", names[index])
    assert (rows(GameTable), rows(Player), rows(Hand)) == (tables, players, hands)


def upload(data: bytes) -> dict:
    return {"file": (io.BytesIO(data), "old.json")}


@pytest.mark.parametrize(("names", "index", "words"), FILES, ids=FILE_IDS)
def test_the_import_page_refuses_a_file_that_holds_them(app, web, rows, names, index, words):
    raw = _file_of(app, _table_of_old(app, names))
    response = web.post("/import", upload(raw))
    assert response.status_code == 422
    assert error_beside(text(response), "file") == f"players[{index}].name: {words}"
    assert rows(GameTable) == 1  # the old table alone


def test_the_command_refuses_a_file_that_holds_them(app, rows, tmp_path, monkeypatch):
    path = tmp_path / "old.json"
    path.write_bytes(_file_of(app, _table_of_old(app, ["Anna", ANNA, "Carla"])))
    monkeypatch.setattr(cli, "_database_url", lambda: database_url(app))
    result = CliRunner().invoke(cli.main, ["import", str(path)])
    assert result.exit_code == 2
    words = mended(looks_like(ANNA, "Anna"), ANNA)
    assert f"Nothing was imported: players[1].name: {words}" in " ".join(result.output.split())
    assert rows(GameTable) == 1


@pytest.mark.parametrize("name", BLANK_TABLES)
def test_a_file_whose_table_name_shows_nothing_is_refused(app, web, rows, name):
    raw = _file_of(app, _table_of_old(app, ["Anna", "Ben", "Carla"], table_name=name))
    response = web.post("/import", upload(raw))
    assert response.status_code == 422
    assert error_beside(text(response), "file") == "name: " + TABLE_SHOWS_NOTHING.format(
        ascii(name)
    )
    assert rows(GameTable) == 1


def test_a_file_whose_names_only_need_tidying_imports_them_tidied(app, web):
    """A name stored before names were composed and trimmed (issue 13) comes back as a new
    table would take it, its hands and payments still its own."""
    raw = _file_of(app, _table_of_old(app, ["Jose\u0301", "Ben\u3164", "Carla"]))
    response = web.post("/import", upload(raw))
    assert response.status_code == 303
    table_id = int(re.fullmatch(r"/t/(\d+)", response.headers["Location"]).group(1))
    with Session(app.extensions["db_engine"]) as db:
        document = export_table(db, db.get(GameTable, table_id))
    assert [p["name"] for p in document["players"]] == ["José", "Ben", "Carla"]
    assert document["first_dealer"] == "José"
    assert document["hands"][0]["outcome"]["player"] == "Ben"
    assert document["hands"][0]["settlement"]["net"] == {"José": -1, "Ben": 2, "Carla": -1}


FILIPINO = {"Accept-Language": "fil"}


def test_the_refusals_are_said_in_the_pages_language(app, web):
    """The rule's words are the core's messages: a page in Filipino says them in Filipino,
    the names and the file's places as they are."""
    maria = "M\u0430ria"
    typed = {"player_0": "Ben", "player_1": maria, "first_dealer": "0"}
    page = text(web.resubmit(web.get("/", headers=FILIPINO), "/", typed, headers=FILIPINO))
    assert error_beside(page, "players") == (
        f"pinaghalo ng {maria!r} ang mga letrang Latin at Cyrillic; isulat ang bawat "
        "pangalan sa iisang alpabeto"
    )
    raw = _file_of(app, _table_of_old(app, ["Anna", "Ben", "\u2800"]))
    response = web.post("/import", upload(raw), headers=FILIPINO)
    assert error_beside(text(response), "file") == (
        "players[2].name: walang lumalabas sa '\\u2800'; kailangan ng bawat player ng "
        "pangalang mababasa ng mesa. Para maayos ang file, palitan ang pangalan ni '\u2800' "
        "sa “Mga player at upuan” ng mesang pinanggalingan nito at i-download ulit ang file "
        "nito, o isulat ang ibang pangalan para kay '\u2800' sa lahat ng bahagi ng file"
    )
