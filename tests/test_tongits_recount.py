"""A Tongits night fixed after the fact is stored as if it had been entered right.

Each game's pot and run depend on every game before it (tongits.md 2.7), so an edit or a
void of one game must move every later game (issue 11, item 5). The property: enter a
night, then fix one game or void it (commands.edit_hand, commands.void_hand); every game
of that table is then stored with the payments, nets and state of the same night entered
from scratch at a second table, where nothing was ever fixed. The two paths share the
engine but not the recount, which is what is checked.
"""

import json
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, col, select

from referee.store import commands
from referee.store.hands import preview
from referee.store.models import Hand, HandNet, Player
from referee.store.rules_versions import current_rules
from referee.store.seating import players_of
from referee.store.stored_form import named

ABC = ["Anna", "Ben", "Carla"]


def _endings():
    """Endings any three players can have, with who wins left to the draw of names."""
    who = st.sampled_from(ABC)
    tongits = st.builds(lambda p: {"kind": "tongits", "player": p}, who)
    bisaklat = st.builds(lambda p: {"kind": "bisaklat", "player": p}, who)
    folded = st.builds(lambda p: {"kind": "draw", "caller": p}, who)
    fought = st.builds(
        lambda p, low: {
            "kind": "draw",
            "caller": p,
            "fought": [n for n in ABC if n != p][:1],
            "totals": {p: 5 if low else 9, **{n: 7 for n in ABC if n != p}},
        },
        who,
        st.booleans(),
    )
    stock = st.builds(
        lambda totals, last: {
            "kind": "stock_out",
            "totals": dict(zip(ABC, totals, strict=True)),
            "last_card": last,
        },
        st.tuples(*(st.integers(0, 20),) * 3),
        who,
    )
    burned = st.builds(lambda: {"kind": "stock_out", "burned": ABC})
    return st.one_of(tongits, bisaklat, folded, fought, stock, burned)


def _stored(db: Session, table) -> list[tuple]:
    """Each game as stored: (void, settlement under names, nets by name)."""
    names = {p.id: p.name for p in db.exec(select(Player).where(Player.table_id == table.id))}
    hands = db.exec(select(Hand).where(Hand.table_id == table.id).order_by(col(Hand.no))).all()
    games = []
    for hand in hands:
        nets = db.exec(select(HandNet).where(HandNet.hand_id == hand.id)).all()
        games.append(
            (
                hand.void,
                json.dumps(named(hand.settlement_json, names), sort_keys=True, default=str),
                sorted((names[n.player_id], n.cents) for n in nets),
            )
        )
    return games


def _tongits_table(db: Session):
    return commands.start_table(db, name="", players=ABC, preset_name="tongits", game="tongits")


def _anna(db: Session, table) -> Player:
    """Anna deals every game at both tables: who dealt is what happened at the table, kept
    by a fix; only the payments, the pot and the run follow the fixed game."""
    return db.exec(select(Player).where(Player.table_id == table.id, Player.name == "Anna")).one()


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],  # one app, a table per example
)
@given(
    night=st.lists(_endings(), min_size=2, max_size=6),
    fix=st.data(),
)
def test_a_fixed_night_is_stored_as_the_same_night_entered_right(app, night, fix):
    at = fix.draw(st.integers(0, len(night) - 1), label="game fixed")
    void = fix.draw(st.booleans(), label="voided")
    instead = fix.draw(_endings(), label="entered instead")
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        fixed = commands.start_table(
            db, name="", players=ABC, preset_name="tongits", game="tongits"
        )
        for outcome in night:
            commands.enter_hand(db, fixed, outcome, dealer=_anna(db, fixed))
        hand = db.exec(select(Hand).where(Hand.table_id == fixed.id, Hand.no == at + 1)).one()
        if void:
            commands.void_hand(db, fixed, hand, version=hand.version)
        else:
            commands.edit_hand(db, fixed, hand, instead, _anna(db, fixed), version=hand.version)

        right = commands.start_table(
            db, name="", players=ABC, preset_name="tongits", game="tongits"
        )
        for no, outcome in enumerate(night):
            entered = instead if no == at and not void else outcome
            commands.enter_hand(db, right, entered, dealer=_anna(db, right))
            if no == at and void:
                last = db.exec(
                    select(Hand).where(Hand.table_id == right.id, Hand.no == no + 1)
                ).one()
                commands.void_hand(db, right, last, version=last.version)

        assert _stored(db, fixed) == _stored(db, right)


def test_a_payout_the_night_moved_under_the_lock_is_refused_and_nothing_is_written(app):
    """The one door compares, under the table's lock, what a hand settles to with what the
    phone showed: game 2 shown with Ben's jackpot is refused once game 1 is void."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        table = commands.start_table(
            db, name="", players=ABC, preset_name="tongits", game="tongits"
        )
        first = {"kind": "draw", "caller": "Ben"}
        commands.enter_hand(db, table, first)
        second = {"kind": "tongits", "player": "Ben"}
        shown = preview(db, table, *_in_force(db, table), second)[1].to_json()
        assert shown["pot_won"] == Decimal(6)
        hand = db.exec(select(Hand).where(Hand.table_id == table.id, Hand.no == 1)).one()
        commands.void_hand(db, table, hand, version=1)
        with pytest.raises(commands.PayoutMoved) as refused:
            commands.enter_hand(db, table, second, shown=shown)
        assert (refused.value.field, refused.value.words) == (
            "form",
            "the payout changed since it was checked (another phone changed the night or the "
            "rules); nothing was saved: check the payout again, then save",
        )
        assert len(db.exec(select(Hand).where(Hand.table_id == table.id)).all()) == 1


def _in_force(db: Session, table):
    """The rules in force and the seated players, as a new hand is settled with them."""
    _, rules = current_rules(db, table)
    return rules, [p for p in players_of(db, table) if p.seated]
