"""A table that scored in points before house rules version 2 keeps its scores: its old
hands, edited or exported and imported, score as version 1 did (doubled after a tonk),
and a change of rules brings in version 2 (points times what the hand pays in chips)."""

import pytest
from sqlmodel import Session, select

from referee import exact_json
from referee.documents.table_export import export_table
from referee.documents.upload import load_document
from referee.store import commands
from referee.store.commands import import_table
from referee.store.models import RulesVersion
from referee.store.seating import next_deal, players_of
from referee.store.tally import tally

BY = "scorekeeper"
SIX_SPREAD = {"kind": "tonk_out", "player": "Anna", "spread_six": True,
              "totals": {"Ben": 7, "Carla": 4}}  # fmt: skip


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def play(db, table, outcome):
    deal = next_deal(db, table, players_of(db, table))
    return commands.enter_hand(db, table, outcome, dealer=deal.dealer, by=BY).hand


def points_by_name(db, table):
    names = {p.id: p.name for p in players_of(db, table)}
    return {names[pid]: points for pid, (_, points) in tally(db, table).items()}


def table_from_before_v2(db):
    """A street table in points mode whose rules were stored before version 2: what a
    database from before the upgrade holds (no caught_pays_tied)."""
    table = commands.start_table(db, name="Old", players=["Anna", "Ben", "Carla"],
                                 preset_name="street", changes={"scoring": "points"},
                                 first_dealer=0)  # fmt: skip
    version = db.exec(select(RulesVersion).where(RulesVersion.table_id == table.id)).one()
    stored = exact_json.loads(version.rules_json)
    del stored["caught_pays_tied"]
    version.rules_json = exact_json.dumps(stored)
    db.add(version)
    db.commit()
    return table


def test_an_old_points_hand_edited_or_imported_keeps_its_version_1_score(db):
    table = table_from_before_v2(db)
    hand = play(db, table, SIX_SPREAD)
    # version 1: doubled after a tonk (street's six-card tonk out pays 3 in chips today)
    assert points_by_name(db, table) == {"Anna": 0, "Ben": 14, "Carla": 8}
    ben = next(p for p in players_of(db, table) if p.name == "Ben")
    edited = {**SIX_SPREAD, "totals": {"Ben": 9, "Carla": 4}}
    commands.edit_hand(db, table, hand, edited, ben, version=hand.version, by=BY)
    assert points_by_name(db, table) == {"Anna": 0, "Ben": 18, "Carla": 8}

    document = export_table(db, table)
    assert "caught_pays_tied" not in document["rules_versions"][0]["rules"]
    copy = import_table(db, load_document(exact_json.dumps(document).encode()))
    assert points_by_name(db, copy) == {"Anna": 0, "Ben": 18, "Carla": 8}
    again = export_table(db, copy)
    assert "caught_pays_tied" not in again["rules_versions"][0]["rules"]


def test_a_change_of_rules_brings_in_version_2_points_for_the_hands_after_it(db):
    table = table_from_before_v2(db)
    play(db, table, SIX_SPREAD)
    assert commands.change_rules(db, table, None, {"scoring": "points"})
    play(db, table, SIX_SPREAD)
    # 14 + 21 and 8 + 12: the second hand is times 3, what street pays in chips
    assert points_by_name(db, table) == {"Anna": 0, "Ben": 35, "Carla": 20}
