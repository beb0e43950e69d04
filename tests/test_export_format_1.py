"""A file of format version 1 (exported before players were stored by id) still imports:
its hands and their history named the players as they were named at that moment, and are
matched seat by seat to the players of now.

tests/files/friday-format-1.json is such a file, as the app of that time exported it (the
times made round): Anna, Ben and Carla; hand 1 Ben goes out; hand 2 Anna drops and is
caught; Ben is renamed Benny; hand 3 Carla tonks out; hand 4 the stock runs out; hand 2
is edited (Anna's drop won); hand 3 is voided; Carla is renamed Cee.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from referee import exact_json
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.rules import Refusal
from referee.store.commands import import_table
from referee.store.hands import change_views, hand_views
from referee.store.models import Hand
from referee.store.seating import players_of
from referee.store.tally import from_cents, tally

FILE = Path(__file__).with_name("files") / "friday-format-1.json"
WON = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Benny": 8, "Cee": 11}}
CAUGHT = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Benny": 4, "Cee": 11}}


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def test_a_file_of_format_1_imports_under_the_names_of_now(db):
    table = import_table(db, load_document(FILE.read_bytes()))

    players = players_of(db, table)
    hands = db.exec(select(Hand).where(Hand.table_id == table.id).order_by(col(Hand.no))).all()
    views = hand_views(hands, players)
    assert [(v.hand.no, v.dealer, v.outcome) for v in views] == [
        (1, "Anna", {"kind": "out", "player": "Benny"}),
        (2, "Cee", WON),
        (3, "Cee", {"kind": "tonk_out", "player": "Cee"}),
        (4, "Anna", {"kind": "stock_out", "totals": {"Anna": 3, "Benny": 9, "Cee": 12}}),
    ]
    assert views[0].settlement == {
        "result": "out",
        "winners": ["Benny"],
        "payments": [
            {"from": "Anna", "to": "Benny", "amount": 1, "why": "out"},
            {"from": "Cee", "to": "Benny", "amount": 1, "why": "out"},
        ],
        "net": {"Anna": -1, "Benny": 2, "Cee": -1},
        "points": None,
    }
    history = [(c.change.action, c.before, c.after) for c in change_views(db, hands[1], players)]
    assert history == [("entered", None, CAUGHT), ("edited", CAUGHT, WON)]
    names = {p.id: p.name for p in players}
    totals = {names[p]: from_cents(cents) for p, (cents, _) in tally(db, table).items()}
    assert totals == {"Anna": Decimal(3), "Benny": Decimal(0), "Cee": Decimal(-3)}

    again = export_table(db, table)
    assert again["format_version"] == 2
    assert again["hands"][1]["outcome"] == WON
    assert again["hands"][1]["changes"][1]["before"] == CAUGHT


def test_a_file_of_format_1_must_name_the_players_of_each_change(db, rows):
    document = exact_json.loads(FILE.read_bytes())
    del document["hands"][1]["changes"][0]["names"]

    with pytest.raises(Refusal) as refused:
        import_table(db, document)

    assert refused.value.field == "hands[1].changes[0].names"
    assert refused.value.message == (
        "hands[1].changes[0].names: list the hand's players as named at this change"
    )
    assert rows(Hand) == 0


def test_a_file_of_format_1_naming_a_player_unknown_then_is_refused(db, rows):
    document = exact_json.loads(FILE.read_bytes())
    document["hands"][1]["changes"][1]["after"]["player"] = "Cee"  # Carla then

    with pytest.raises(Refusal) as refused:
        import_table(db, document)

    assert refused.value.field == "hands[1].changes[1].after"
    assert "'Cee' is not one of the hand's players then (Anna, Benny, Carla)" in str(
        refused.value.message
    )
    assert rows(Hand) == 0
