"""Migration 0004: a night recorded under revision 0003, whose hands named the players as
they were named then, comes through with its players kept by id and reads as before.

The rows below are literally what the app of revision 0003 stored for this evening (Anna,
Ben and Carla, classic rules): hand 1 Ben goes out; hand 2 Anna drops and is caught;
Ben is renamed Benny; hand 3 Carla tonks out; hand 4 the stock runs out; hand 2 is
edited (Anna's drop won after all); hand 3 is voided; Carla is renamed Cee. On SQLite
and on PostgreSQL, like tests/test_migrations.py.
"""

import json
from datetime import UTC, datetime
from decimal import Decimal

import sqlalchemy as sa
from alembic import command
from sqlmodel import Session, col, select

from referee import exact_json
from referee.rules.tonk import rules_from
from referee.store.hands import change_views, hand_views
from referee.store.migrate import alembic_config, upgrade
from referee.store.models import GameTable, Hand
from referee.store.seating import players_of
from referee.store.storage import make_engine
from referee.store.tally import from_cents, tally
from tests.test_migrations import url  # noqa: F401  (the database fixture, both engines)

AT = datetime(2026, 11, 6, 20, 0, tzinfo=UTC)


def settled(winner: str, losers: list[str], net: dict, result="out", why="out", times=1) -> dict:
    """A settlement as the engine writes it, for a hand with one winner paid by `losers`."""
    return {
        "result": result,
        "winners": [winner],
        "payments": [{"from": p, "to": winner, "amount": times, "why": why} for p in losers],
        "net": net,
        "points": None,
    }


OUT = '{"kind": "out", "player": "Ben"}'
CAUGHT = '{"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Ben": 4, "Carla": 11}}'
CAUGHT_RENAMED = CAUGHT.replace('"Ben"', '"Benny"')
WON = '{"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Benny": 8, "Carla": 11}}'
TONK = '{"kind": "tonk_out", "player": "Carla"}'
STOCK = '{"kind": "stock_out", "totals": {"Anna": 3, "Benny": 9, "Carla": 12}}'
DROP_WON = {"result": "drop_won", "why": "drop won"}
TONK_OUT = {"result": "tonk_out", "why": "tonk out", "times": 2}
STOCK_OUT = {"result": "stock_out", "why": "lowest when the stock ran out"}
# no, dealer id, outcome, settlement, void, version
HANDS = [
    (1, 1, OUT, settled("Ben", ["Anna", "Carla"], {"Anna": -1, "Ben": 2, "Carla": -1}), False, 1),
    (2, 3, WON, settled("Anna", ["Benny", "Carla"], {"Anna": 2, "Benny": -1, "Carla": -1},
                        **DROP_WON), False, 2),
    (3, 3, TONK, settled("Carla", ["Anna", "Benny"], {"Anna": -2, "Benny": -2, "Carla": 4},
                         **TONK_OUT), True, 2),
    (4, 1, STOCK, settled("Anna", ["Benny", "Carla"], {"Anna": 2, "Benny": -1, "Carla": -1},
                          **STOCK_OUT), False, 1),
]  # fmt: skip
THEN, RENAMED = '["Anna", "Ben", "Carla"]', '["Anna", "Benny", "Carla"]'
# hand no, action, names then, before, after
CHANGES = [
    (1, "entered", THEN, None, OUT),
    (2, "entered", THEN, None, CAUGHT),
    (3, "entered", RENAMED, None, TONK),
    (4, "entered", RENAMED, None, STOCK),
    (2, "edited", RENAMED, CAUGHT_RENAMED, WON),
    (3, "voided", RENAMED, TONK, None),
]
NETS = {1: (-100, 200, -100), 2: (200, -100, -100), 3: (-200, -200, 400), 4: (200, -100, -100)}


def _insert(db, table: str, **values) -> None:
    db.execute(sa.insert(sa.table(table, *map(sa.column, values))).values(**values))


def fill_0003(address: str) -> None:
    """The evening as revision 0003 stored it, row for row."""
    engine = make_engine(address)
    try:
        with engine.begin() as db:
            _insert(db, "game_table", id=1, name="Friday", first_dealer_id=1, created_at=AT,
                    version=12, scorekeeper_token="k" * 32, watch_token="w" * 32,
                    scorekeeper_gen=1, watch_gen=1)  # fmt: skip
            for pid, name in enumerate(["Anna", "Benny", "Cee"], start=1):
                _insert(db, "player", id=pid, table_id=1, name=name, seat=pid - 1, seated=True)
            rules = exact_json.dumps(rules_from("classic").to_json())
            _insert(db, "rulesversion", id=1, table_id=1, number=1, preset="classic",
                    rules_json=rules, created_at=AT)  # fmt: skip
            for no, dealer, outcome, settlement, void, version in HANDS:
                _insert(db, "hand", id=no, table_id=1, no=no, rules_version_id=1,
                        dealer_id=dealer, seats_json="[1, 2, 3]", outcome_json=outcome,
                        settlement_json=json.dumps(settlement), void=void, version=version,
                        created_at=AT, updated_at=AT)  # fmt: skip
                for pid, cents in enumerate(NETS[no], start=1):
                    _insert(db, "handnet", hand_id=no, player_id=pid, cents=cents, points=0)
            for index, (no, action, names, before, after) in enumerate(CHANGES, start=1):
                _insert(db, "handchange", id=index, hand_id=no, at=AT, action=action,
                        by="scorekeeper", names_json=names, before_json=before,
                        after_json=after)  # fmt: skip
    finally:
        engine.dispose()


def read_back(address: str) -> dict:
    """The night as the app reads it now: hands, history lines and tally under current names."""
    engine = make_engine(address)
    try:
        with Session(engine) as db:
            table = db.exec(select(GameTable)).one()
            players = players_of(db, table)
            hands = db.exec(select(Hand).order_by(col(Hand.no))).all()
            names = {p.id: p.name for p in players}
            return {
                "hands": [(v.hand.no, v.outcome, v.settlement) for v in hand_views(hands, players)],
                "changes": [
                    (hand.no, c.change.action, c.before, c.after)
                    for hand in hands
                    for c in change_views(db, hand, players)
                ],
                "tally": {names[p]: from_cents(c) for p, (c, _) in tally(db, table).items()},
                "stored": (hands[1].outcome_json, hands[1].settlement_json),
            }
    finally:
        engine.dispose()


def test_a_night_of_0003_comes_through_0004_under_the_names_of_now(url):  # noqa: F811
    upgrade(url, "0003")
    fill_0003(url)

    upgrade(url)

    night = read_back(url)
    won = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Benny": 8, "Cee": 11}}
    caught = {"kind": "drop", "player": "Anna", "totals": {"Anna": 6, "Benny": 4, "Cee": 11}}
    stock = {"kind": "stock_out", "totals": {"Anna": 3, "Benny": 9, "Cee": 12}}
    assert night["hands"] == [
        (1, {"kind": "out", "player": "Benny"},
         settled("Benny", ["Anna", "Cee"], {"Anna": -1, "Benny": 2, "Cee": -1})),
        (2, won, settled("Anna", ["Benny", "Cee"], {"Anna": 2, "Benny": -1, "Cee": -1},
                      result="drop_won", why="drop won")),
        (3, {"kind": "tonk_out", "player": "Cee"},
         settled("Cee", ["Anna", "Benny"], {"Anna": -2, "Benny": -2, "Cee": 4},
              result="tonk_out", why="tonk out", times=2)),
        (4, stock, settled("Anna", ["Benny", "Cee"], {"Anna": 2, "Benny": -1, "Cee": -1},
                        result="stock_out", why="lowest when the stock ran out")),
    ]  # fmt: skip
    assert night["changes"] == [
        (1, "entered", None, {"kind": "out", "player": "Benny"}),
        (2, "entered", None, caught),
        (2, "edited", caught, won),
        (3, "entered", None, {"kind": "tonk_out", "player": "Cee"}),
        (3, "voided", {"kind": "tonk_out", "player": "Cee"}, None),
        (4, "entered", None, stock),
    ]
    assert night["tally"] == {"Anna": Decimal(3), "Benny": Decimal(0), "Cee": Decimal(-3)}
    assert night["stored"] == (
        '{"kind": "drop", "player": "1", "totals": {"1": 6, "2": 8, "3": 11}}',
        '{"result": "drop_won", "winners": ["1"], "payments": [{"from": "2", "to": "1", '
        '"amount": 1, "why": "drop won"}, {"from": "3", "to": "1", "amount": 1, "why": '
        '"drop won"}], "net": {"1": 2, "2": -1, "3": -1}, "points": null}',
    )
    engine = make_engine(url)
    try:
        with engine.connect() as db:
            columns = {c["name"] for c in sa.inspect(db).get_columns("handchange")}
            assert "names_json" not in columns
            assert db.exec_driver_sql("SELECT count(*) FROM hand").scalar() == 4
    finally:
        engine.dispose()


def test_0004_downgrades_to_the_names_of_now(url):  # noqa: F811
    upgrade(url, "0003")
    fill_0003(url)
    upgrade(url)

    command.downgrade(alembic_config(url), "0003")

    engine = make_engine(url)
    try:
        with engine.connect() as db:
            hand = db.exec_driver_sql(
                "SELECT outcome_json, settlement_json FROM hand WHERE no = 1"
            ).one()
            changes = db.exec_driver_sql(
                "SELECT action, names_json, before_json, after_json FROM handchange "
                "WHERE hand_id = 2 ORDER BY id"
            ).all()
    finally:
        engine.dispose()
    assert hand == (
        '{"kind": "out", "player": "Benny"}',
        '{"result": "out", "winners": ["Benny"], "payments": [{"from": "Anna", "to": "Benny", '
        '"amount": 1, "why": "out"}, {"from": "Cee", "to": "Benny", "amount": 1, "why": '
        '"out"}], "net": {"Anna": -1, "Benny": 2, "Cee": -1}, "points": null}',
    )
    names = '["Anna", "Benny", "Cee"]'
    assert changes == [
        ("entered", names, None, CAUGHT_RENAMED.replace("Carla", "Cee")),
        ("edited", names, CAUGHT_RENAMED.replace("Carla", "Cee"), WON.replace("Carla", "Cee")),
    ]
