"""The running tally the pages read (RunningTally: each player's tally after each hand not
voided) is, after every write of the one door, what a recount of the stored nets gives: a
hand entered, fixed, voided, undone by its saved message, restored, a Tongits night whose
later games are recounted, a table imported, a database migrated from revision 0006. Money
stays whole cents, and every hand's tally sums to zero.
"""

from decimal import Decimal

import pytest
from alembic import command
from sqlmodel import Session, col, select

from referee.documents.upload import load_document
from referee.store import commands
from referee.store.migrate import alembic_config, upgrade
from referee.store.models import Hand, HandNet, Player, RunningTally, now
from referee.store.storage import make_engine
from tests.test_export import exported_text, night
from tests.test_ledger import CAUGHT, out, play
from tests.test_migrations import url  # noqa: F401  (the database fixture, both engines)

ABC = ["Anna", "Ben", "Carla"]


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def stored(db, table) -> dict[tuple[int, str], tuple[int, int, int]]:
    """The running tally as stored: (hand no, player) -> (cents, points, hands played)."""
    names = {p.id: p.name for p in db.exec(select(Player).where(Player.table_id == table.id))}
    rows = db.exec(select(RunningTally).where(RunningTally.table_id == table.id)).all()
    return {(r.hand_no, names[r.player_id]): (r.cents, r.points, r.played) for r in rows}


def recounted(db, table) -> dict[tuple[int, str], tuple[int, int, int]]:
    """The same, worked out here from every hand's nets: after each hand not voided, each
    player who has played by then."""
    names = {p.id: p.name for p in db.exec(select(Player).where(Player.table_id == table.id))}
    hands = db.exec(
        select(Hand).where(Hand.table_id == table.id, Hand.void == False).order_by(col(Hand.no))  # noqa: E712
    ).all()
    so_far: dict[str, tuple[int, int]] = {}
    found = {}
    for played, hand in enumerate(hands, start=1):
        for net in db.exec(select(HandNet).where(HandNet.hand_id == hand.id)):
            cents, points = so_far.get(names[net.player_id], (0, 0))
            so_far[names[net.player_id]] = (cents + net.cents, points + net.points)
        for name, (cents, points) in so_far.items():
            found[hand.no, name] = (cents, points, played)
    return found


def check(db, table) -> None:
    """The running tally is the recount, and each hand's sums to zero."""
    db.expire_all()
    assert stored(db, table) == recounted(db, table)
    by_hand: dict[int, int] = {}
    for (no, _), (cents, _, _) in stored(db, table).items():
        by_hand[no] = by_hand.get(no, 0) + cents
    assert set(by_hand.values()) <= {0}


def hand(db, table, no: int) -> Hand:
    return db.exec(select(Hand).where(Hand.table_id == table.id, Hand.no == no)).one()


def dealer(db, of: Hand) -> Player:
    return db.exec(select(Player).where(Player.id == of.dealer_id)).one()


def test_the_running_tally_after_each_hand_not_voided(db):
    table = commands.start_table(db, name="", players=ABC, preset_name="classic")
    play(db, table, out("Anna"))  # Anna +2, Ben −1, Carla −1
    voided = play(db, table, out("Ben"))
    play(db, table, CAUGHT)  # Anna caught: Anna −2, Ben +3, Carla −1
    commands.void_hand(db, table, voided, version=voided.version)
    assert stored(db, table) == {
        (1, "Anna"): (200, 0, 1),
        (1, "Ben"): (-100, 0, 1),
        (1, "Carla"): (-100, 0, 1),
        (3, "Anna"): (0, 0, 2),
        (3, "Ben"): (200, 0, 2),
        (3, "Carla"): (-200, 0, 2),
    }


def test_every_write_of_a_tonk_night_keeps_the_running_tally_a_recount(db):
    table = commands.start_table(
        db, name="", players=ABC, preset_name="classic", changes={"stake": Decimal("0.25")}
    )
    for outcome in [out("Anna"), CAUGHT, out("Carla"), out("Ben"), CAUGHT]:
        play(db, table, outcome)
    check(db, table)
    first = hand(db, table, 1)
    commands.edit_hand(db, table, first, out("Carla"), dealer(db, first), version=1)
    check(db, table)  # a fix of the first hand moves the tally after every later one
    third = hand(db, table, 3)
    commands.void_hand(db, table, third, version=third.version)
    check(db, table)
    commands.restore_hand(db, table, third, version=third.version)
    check(db, table)
    commands.sit_in(db, table, "Dan")
    latest = play(db, table, out("Dan"))
    check(db, table)
    assert stored(db, table)[6, "Dan"] == (75, 0, 6)  # three others pay him a quarter each
    commands.void_hand(db, table, latest, version=1, undo_at=now())  # the saved message's Undo
    check(db, table)
    assert (6, "Dan") not in stored(db, table)
    play(db, table, out("Dan"))
    check(db, table)


def test_points_are_kept_in_the_running_tally_as_in_the_tally(db):
    table = commands.start_table(
        db, name="", players=ABC, preset_name="classic", changes={"scoring": "points"}
    )
    play(db, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}})
    play(db, table, {"kind": "stock_out", "totals": {"Anna": 2, "Ben": 20, "Carla": 5}})
    check(db, table)
    assert {name: row[1] for (no, name), row in stored(db, table).items() if no == 2} == {
        "Anna": 7,
        "Ben": 20,
        "Carla": 17,
    }


def test_a_tongits_recount_of_later_games_keeps_the_running_tally_a_recount(db):
    table = commands.start_table(db, name="", players=ABC, preset_name="tongits", game="tongits")
    for outcome in [
        {"kind": "draw", "caller": "Ben"},  # the pot grows
        {"kind": "tongits", "player": "Ben"},  # Ben's second win: the pot is his
        {"kind": "tongits", "player": "Carla"},
        {"kind": "bisaklat", "player": "Anna"},
    ]:
        commands.enter_hand(db, table, outcome)
    check(db, table)
    jackpot = stored(db, table)[2, "Ben"]
    first = hand(db, table, 1)
    commands.void_hand(db, table, first, version=1)  # game 2 is recounted: no pot, no run
    check(db, table)
    assert stored(db, table)[2, "Ben"] != jackpot
    commands.restore_hand(db, table, first, version=2)
    check(db, table)
    assert stored(db, table)[2, "Ben"] == jackpot
    commands.edit_hand(
        db, table, first, {"kind": "tongits", "player": "Anna"}, dealer(db, first), version=3
    )
    check(db, table)


def test_an_imported_table_has_the_running_tally_of_the_original(db):
    original = night(db)  # a fix, a void, a rename, a player who leaves and one who sits in
    imported = commands.import_table(db, load_document(exported_text(db, original)))
    check(db, imported)
    assert stored(db, imported) == stored(db, original)


def test_the_migration_fills_the_running_tally_the_one_door_would_have(url):  # noqa: F811
    upgrade(url)
    engine = make_engine(url)
    try:
        with Session(engine, expire_on_commit=False) as db:
            table = commands.start_table(db, name="", players=ABC, preset_name="classic")
            for outcome in [out("Anna"), out("Ben"), CAUGHT, out("Carla")]:
                play(db, table, outcome)
            second = hand(db, table, 2)
            commands.void_hand(db, table, second, version=1)
            kept = stored(db, table)
        command.downgrade(alembic_config(url), "0006")
        upgrade(url)
        with Session(engine) as db:
            assert stored(db, table) == kept
            check(db, table)
    finally:
        engine.dispose()
