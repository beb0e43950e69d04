"""One unit per table (issue 12, item 4): a tally adds chips to chips, never to dollars, so
`unit` may change only before the first hand, at every door; the stake may change any time."""

from decimal import Decimal

import pytest
from sqlmodel import Session

from referee import exact_json
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.rules import Refusal
from referee.store import commands
from referee.store.models import GameTable, RulesVersion
from referee.store.rules_versions import current_rules
from tests.test_api_tables import body, enter, new_table, send
from tests.test_export import counts, play, upload
from tests.test_pages import (
    enter_hand,
    error_beside,
    payments,
    set_rules,
    start_table,
    text,
)
from tests.test_tongits_tables import SECOND, enter_game, start_tongits


def kept(played: str = "chips", asked: str = "$") -> str:
    """The refusal's words, written out literally once."""
    return (
        f"the unit stays {played}: this table has counted in {played} since its first hand, "
        "and its tally adds every hand up (the stake can still change, for the hands to "
        f"come). To play in {asked}, start a new table from the home page and set its unit "
        f"to {asked} before its first hand."
    )


OUT = {"kind": "out", "player": "Anna"}


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def test_the_unit_changes_freely_before_the_first_hand(web, rows):
    table = start_table(web)
    set_rules(web, table, {"unit": "$"})
    set_rules(web, table, {"unit": "€", "stake": "0.25"})
    enter_hand(web, table, OUT)
    assert rows(RulesVersion) == 3
    assert payments(text(web.get(f"/t/{table}/hands/1"))) == [
        ("Ben", "Anna", "0.25 €"),
        ("Carla", "Anna", "0.25 €"),
    ]


def test_the_rules_form_refuses_a_new_unit_after_a_hand_beside_the_unit_box(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    before = rows(RulesVersion)

    response = web.submit(f"/t/{table}/rules/edit", {"unit": "$", "stake": "2"})

    assert response.status_code == 200
    assert error_beside(text(response), "unit") == kept()
    assert 'value="$"' in text(response) and 'value="2"' in text(response)  # as typed
    assert rows(RulesVersion) == before


def test_a_void_hand_was_counted_in_its_unit_too(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    web.post(f"/t/{table}/hands/1/void", {"version": "1"}, page=f"/t/{table}/hands/1/void")
    response = web.submit(f"/t/{table}/rules/edit", {"unit": "$"})
    assert error_beside(text(response), "unit") == kept()


def test_the_stake_changes_after_hands_for_the_hands_to_come(web, rows):
    table = start_table(web)
    enter_hand(web, table, OUT)
    set_rules(web, table, {"stake": "0.5"})
    enter_hand(web, table, OUT)
    assert rows(RulesVersion) == 2


def test_the_api_refuses_a_new_unit_after_a_hand_and_names_the_field(client):
    table_id, token, _ = new_table(client)
    assert (
        send(
            client, "PUT", f"/api/tables/{table_id}/rules", {"rules": {"unit": "pts"}}, token
        ).status_code
        == 200
    )
    enter(client, table_id, token, OUT)

    refused = send(client, "PUT", f"/api/tables/{table_id}/rules", {"rules": {"unit": "$"}}, token)

    assert refused.status_code == 400
    assert body(refused) == {"error": "unit: " + kept("pts", "$")}
    table = body(send(client, "GET", f"/api/tables/{table_id}", token=token))
    assert table["rules"]["unit"] == "pts"


def test_the_door_refuses_it_for_tongits_too(web, db, app):
    table_id = start_tongits(web)
    enter_game(web, table_id, SECOND)
    table = db.get(GameTable, table_id)
    with pytest.raises(Refusal) as refused:
        commands.change_rules(db, table, None, {"unit": "₱"})
    assert refused.value.field == "unit"
    assert refused.value.message == "unit: " + kept("chips", "₱")
    assert current_rules(db, table)[1].unit == "chips"
    assert commands.change_rules(db, table, None, {"stake": Decimal("5")})


def test_a_file_whose_unit_changes_after_its_first_hand_is_not_imported(db, web, rows):
    table = commands.start_table(
        db, name="", players=["Anna", "Ben", "Carla"], preset_name="classic", first_dealer=0
    )
    commands.change_rules(db, table, None, {"unit": "$"})  # before the first hand: fine
    play(db, table, OUT)
    commands.change_rules(db, table, None, {"stake": Decimal("2"), "unit": "$"})
    document = export_table(db, table)
    document["rules_versions"][2]["rules"]["unit"] = "chips"  # as if changed after hand 1
    before = counts(rows)

    response = web.post("/import", upload(exact_json.dumps(document).encode()))

    message = error_beside(text(response), "file")
    assert message == "rules_versions[2].rules.unit: " + kept("$", "chips")
    assert counts(rows) == before
    # The test's session read before the page's request wrote (the import's count, apart):
    # a fresh snapshot, as each request of the app has, before it writes itself.
    db.rollback()
    assert commands.import_table(
        db, load_document(exact_json.dumps(export_table(db, table)).encode())
    )
