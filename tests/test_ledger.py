"""Seating, hands and the tally without pages: who deals next, a hand's history, exact tallies.

Each test gets an empty in-memory database; no Flask app is involved.
"""

import json
from decimal import Decimal

import pytest
from sqlmodel import Session, SQLModel, select

from referee import exact_json
from referee.store import commands, seating
from referee.store.hands import change_views, hand_count, hand_players
from referee.store.models import Hand, HandNet
from referee.store.seating import players_of
from referee.store.storage import make_engine
from referee.store.tally import from_cents, running_tally, tally

ABC = ["Anna", "Ben", "Carla"]
CAUGHT = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}}
DRAW = {"kind": "stock_out", "totals": {"Anna": 3, "Ben": 3, "Carla": 9}}  # shared lowest: a draw


@pytest.fixture
def db():
    engine = make_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine, expire_on_commit=False) as session:
        yield session
    engine.dispose()


def new_table(db, names=ABC, *, first_dealer=0, **changes):
    """A table, its players by name, and who deals the first hand."""
    table = commands.start_table(
        db,
        name="Friday",
        players=names,
        preset_name="classic",
        changes=changes or None,
        first_dealer=first_dealer,
    )
    return table, {p.name: p for p in players_of(db, table)}


def out(name: str) -> dict:
    return {"kind": "out", "player": name}


def play(db, table, outcome):
    """Record a hand dealt by whoever's turn it is; the hand."""
    deal = seating.next_deal(db, table, players_of(db, table))
    return commands.enter_hand(db, table, outcome, dealer=deal.dealer).hand


def next_deal(db, table) -> tuple[str, str]:
    deal = seating.next_deal(db, table, players_of(db, table))
    return deal.dealer.name, deal.first.name


def tally_by_name(db, table) -> dict[str, Decimal]:
    """The night's money by player name, as exact amounts."""
    names = {p.id: p.name for p in players_of(db, table)}
    return {names[pid]: from_cents(cents) for pid, (cents, _) in tally(db, table).items()}


# Who deals


def test_the_deal_passes_to_the_left_after_every_hand_draws_included(db):
    table, _ = new_table(db, first_dealer=1)
    assert next_deal(db, table) == ("Ben", "Carla")
    play(db, table, out("Anna"))
    assert next_deal(db, table) == ("Carla", "Anna")
    draw = play(db, table, DRAW)
    assert exact_json.loads(draw.settlement_json)["result"] == "stock_out_draw"
    assert next_deal(db, table) == ("Anna", "Ben")  # a draw passes the deal too
    play(db, table, CAUGHT)
    assert next_deal(db, table) == ("Ben", "Carla")  # round the table and back


def test_a_voided_hand_does_not_pass_the_deal(db):
    table, _ = new_table(db)
    play(db, table, out("Ben"))  # dealt by Anna
    second = play(db, table, out("Carla"))  # dealt by Ben
    assert next_deal(db, table) == ("Carla", "Anna")
    commands.void_hand(db, table, second, version=second.version)
    assert next_deal(db, table) == ("Ben", "Carla")
    third = play(db, table, out("Anna"))
    assert (third.no, third.dealer_id) == (3, second.dealer_id)  # Ben deals hand 3


def test_the_deal_follows_the_dealer_the_hand_was_entered_with(db):
    table, players = new_table(db)
    commands.enter_hand(db, table, out("Anna"), dealer=players["Carla"])  # Carla dealt, not Anna
    assert next_deal(db, table) == ("Anna", "Ben")


def test_the_deal_skips_a_player_who_left(db):
    table, players = new_table(db, ["Anna", "Ben", "Carla", "Dan"])
    play(db, table, out("Anna"))  # dealt by Anna
    commands.leave(db, table, players["Ben"])
    assert next_deal(db, table) == ("Carla", "Dan")
    commands.leave(db, table, players["Dan"])
    play(db, table, out("Anna"))  # dealt by Carla
    assert next_deal(db, table) == ("Anna", "Carla")


# A hand's history


def changes_of(db, hand) -> list[tuple[str, dict | None, dict | None]]:
    """The hand's history as it is read: outcomes under the players' names."""
    views = change_views(db, hand, hand_players(db, hand))
    return [(view.change.action, view.before, view.after) for view in views]


def nets_of(db, hand) -> dict[str, Decimal]:
    names = {p.id: p.name for p in hand_players(db, hand)}
    rows = db.exec(select(HandNet).where(HandNet.hand_id == hand.id)).all()
    return {names[row.player_id]: from_cents(row.cents) for row in rows}


def test_recording_editing_and_voiding_keep_every_version_of_a_hand(db):
    table, players = new_table(db)
    hand = play(db, table, CAUGHT)
    assert changes_of(db, hand) == [("entered", None, CAUGHT)]
    assert nets_of(db, hand) == {"Anna": -2, "Ben": 3, "Carla": -1}  # the spec's 001 example

    fixed = {**CAUGHT, "totals": {"Anna": 6, "Ben": 8, "Carla": 11}}
    commands.edit_hand(db, table, hand, fixed, players["Ben"], version=hand.version)
    assert changes_of(db, hand) == [("entered", None, CAUGHT), ("edited", CAUGHT, fixed)]
    assert nets_of(db, hand) == {"Anna": 2, "Ben": -1, "Carla": -1}  # now Anna's drop wins
    assert (hand.version, hand.dealer_id) == (2, players["Ben"].id)

    commands.void_hand(db, table, hand, version=hand.version)
    commands.void_hand(db, table, hand, version=hand.version)  # voiding twice changes nothing more
    assert changes_of(db, hand) == [
        ("entered", None, CAUGHT),
        ("edited", CAUGHT, fixed),
        ("voided", fixed, None),
    ]
    assert (hand.void, hand.version) == (True, 3)
    assert db.exec(select(Hand)).all() == [hand]  # nothing is deleted

    # A void hand is not changed through any door, even at its current version.
    with pytest.raises(commands.StaleHand, match="^hand 1 is void; a void hand cannot be changed$"):
        commands.edit_hand(db, table, hand, CAUGHT, players["Ben"], version=3)
    assert nets_of(db, hand) == {"Anna": 2, "Ben": -1, "Carla": -1}
    assert len(changes_of(db, hand)) == 3


def test_an_edit_is_settled_under_the_rules_the_hand_was_played_with(db):
    table, players = new_table(db)
    hand = play(db, table, CAUGHT)
    commands.change_rules(db, table, "classic", {"caught_pays": 5})
    fixed = {**CAUGHT, "totals": {"Anna": 6, "Ben": 4, "Carla": 20}}
    commands.edit_hand(db, table, hand, fixed, players["Anna"], version=hand.version)
    assert nets_of(db, hand) == {"Anna": -2, "Ben": 3, "Carla": -1}  # caught_pays 2, not 5
    later = play(db, table, CAUGHT)
    assert nets_of(db, later) == {"Anna": -5, "Ben": 6, "Carla": -1}  # Anna pays Ben 5


# The tally


def test_the_tally_adds_cents_exactly(db):
    table, players = new_table(db, ["Anna", "Ben"], stake=Decimal("0.10"))
    for _ in range(3):
        play(db, table, out("Anna"))
    assert 0.1 + 0.1 + 0.1 != 0.3  # what floats would have made of it
    assert tally(db, table) == {players["Anna"].id: (30, 0), players["Ben"].id: (-30, 0)}
    by_name = tally_by_name(db, table)
    assert by_name == {"Anna": Decimal("0.30"), "Ben": Decimal("-0.30")}
    assert all(isinstance(amount, Decimal) for amount in by_name.values())
    nets = db.exec(select(HandNet).order_by(HandNet.hand_id, HandNet.player_id)).all()
    assert [row.cents for row in nets] == [10, -10, 10, -10, 10, -10]


def test_the_tally_leaves_out_voided_hands_and_keeps_players_who_left(db):
    table, players = new_table(db, stake=Decimal("0.25"))
    play(db, table, CAUGHT)  # Anna -0.50, Ben +0.75, Carla -0.25
    second = play(db, table, out("Carla"))  # Carla +0.50, Anna and Ben -0.25
    commands.leave(db, table, players["Carla"])
    play(db, table, out("Ben"))  # Ben +0.25, Anna -0.25
    assert tally_by_name(db, table) == {
        "Anna": Decimal("-1.00"),
        "Ben": Decimal("0.75"),
        "Carla": Decimal("0.25"),
    }
    commands.void_hand(db, table, second, version=second.version)
    assert tally_by_name(db, table) == {
        "Anna": Decimal("-0.75"),
        "Ben": Decimal("1.00"),
        "Carla": Decimal("-0.25"),
    }
    assert hand_count(db, table) == 2


def test_the_tally_counts_points_in_points_mode(db):
    table, _ = new_table(db, scoring="points")
    play(db, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}})
    play(db, table, {"kind": "stock_out", "totals": {"Anna": 2, "Ben": 20, "Carla": 5}})
    points = {p.name: tally(db, table)[p.id][1] for p in players_of(db, table)}
    assert points == {"Anna": 7, "Ben": 20, "Carla": 17}


def test_the_running_tally_follows_the_hands_not_voided(db):
    table, players = new_table(db)
    ids = {name: p.id for name, p in players.items()}
    play(db, table, out("Anna"))
    voided = play(db, table, out("Ben"))
    play(db, table, CAUGHT)
    commands.void_hand(db, table, voided, version=voided.version)
    series = running_tally(db, table, 60)
    assert series == [
        (1, {ids["Anna"]: (200, 0), ids["Ben"]: (-100, 0), ids["Carla"]: (-100, 0)}),
        (3, {ids["Anna"]: (0, 0), ids["Ben"]: (200, 0), ids["Carla"]: (-200, 0)}),
    ]
    assert series[-1][1] == tally(db, table)


def test_a_long_night_is_thinned_to_at_most_the_points_asked_ending_at_the_last_hand(db):
    table, players = new_table(db, ["Anna", "Ben"])
    for _ in range(7):
        play(db, table, out("Anna"))
    series = running_tally(db, table, 3)
    anna = players["Anna"].id
    assert [(no, row[anna]) for no, row in series] == [(3, (300, 0)), (6, (600, 0)), (7, (700, 0))]
    assert series[-1][1] == tally(db, table)
    assert running_tally(db, table, 100) == [
        (no, {anna: (100 * no, 0), players["Ben"].id: (-100 * no, 0)}) for no in range(1, 8)
    ]


def test_the_running_tally_carries_points_in_points_mode(db):
    table, players = new_table(db, scoring="points")
    play(db, table, {"kind": "out", "player": "Ben", "totals": {"Anna": 7, "Carla": 12}})
    series = running_tally(db, table, 60)
    assert series == [
        (1, {players["Anna"].id: (0, 7), players["Ben"].id: (0, 0), players["Carla"].id: (0, 12)})
    ]


def test_the_running_tally_takes_in_a_player_who_sits_in_later(db):
    table, players = new_table(db, ["Anna", "Ben"])
    play(db, table, out("Anna"))
    dan = commands.sit_in(db, table, "Dan")
    play(db, table, out("Dan"))
    anna, ben = players["Anna"].id, players["Ben"].id
    assert running_tally(db, table, 60) == [
        (1, {anna: (100, 0), ben: (-100, 0)}),
        (2, {anna: (0, 0), ben: (-200, 0), dan.id: (200, 0)}),
    ]
    seats = db.exec(select(Hand.seats_json).where(Hand.no == 2)).one()
    assert json.loads(seats) == [anna, ben, dan.id]
