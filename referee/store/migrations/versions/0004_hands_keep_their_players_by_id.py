"""hands keep their players by id

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 10:00:00.000000

Every hand's outcome and settlement, and the outcome before and after each change in its
history, named the players as they were named at that moment (a change's names in
handchange.names_json); they now hold each player's id (referee.stored_form), so the
names are no longer kept. A hand's settlement lists its players in the hand's seating
order (seats_json), as does each change's names_json: names are matched to ids seat by
seat. The downgrade writes the players' current names back, which the app of 0003 shows
exactly as this one does (it showed every hand under the names of now).
"""

import json
from collections.abc import Mapping, Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

from referee import exact_json
from referee.store.stored_form import named, stored

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

HAND = sa.table(
    "hand",
    sa.column("id"),
    sa.column("seats_json"),
    sa.column("outcome_json"),
    sa.column("settlement_json"),
)
CHANGE = sa.table(
    "handchange",
    sa.column("id"),
    sa.column("hand_id"),
    sa.column("names_json"),
    sa.column("before_json"),
    sa.column("after_json"),
)
PLAYER = sa.table("player", sa.column("id"), sa.column("name"))


def _by_seat(names: Sequence[str], seats: Sequence[int]) -> dict[str, int]:
    """{name then: player id} for a hand's players, matched by seat."""
    return dict(zip(names, seats, strict=True))


def _stored(text: str | None, ids: Mapping[str, int]) -> str | None:
    return None if text is None else stored(exact_json.loads(text), ids)


def upgrade() -> None:
    connection = op.get_bind()
    seats_of = {}
    for hand_id, seats_json, outcome_json, settlement_json in connection.execute(
        sa.select(HAND.c.id, HAND.c.seats_json, HAND.c.outcome_json, HAND.c.settlement_json)
    ).all():
        seats_of[hand_id] = json.loads(seats_json)
        settlement = exact_json.loads(settlement_json)
        ids = _by_seat(list(settlement["net"]), seats_of[hand_id])
        connection.execute(
            HAND.update()
            .where(HAND.c.id == hand_id)
            .values(
                outcome_json=_stored(outcome_json, ids), settlement_json=stored(settlement, ids)
            )
        )
    for change_id, hand_id, names_json, before_json, after_json in connection.execute(
        sa.select(
            CHANGE.c.id,
            CHANGE.c.hand_id,
            CHANGE.c.names_json,
            CHANGE.c.before_json,
            CHANGE.c.after_json,
        )
    ).all():
        ids = _by_seat(json.loads(names_json), seats_of[hand_id])
        connection.execute(
            CHANGE.update()
            .where(CHANGE.c.id == change_id)
            .values(before_json=_stored(before_json, ids), after_json=_stored(after_json, ids))
        )
    with op.batch_alter_table("handchange", schema=None) as batch_op:
        batch_op.drop_column("names_json")


def _named(text: str | None, names: Mapping[int, str]) -> str | None:
    return None if text is None else exact_json.dumps(named(text, names))


def downgrade() -> None:
    with op.batch_alter_table("handchange", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("names_json", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
    connection = op.get_bind()
    names = dict(connection.execute(sa.select(PLAYER.c.id, PLAYER.c.name)).all())
    seats_of = {}
    for hand_id, seats_json, outcome_json, settlement_json in connection.execute(
        sa.select(HAND.c.id, HAND.c.seats_json, HAND.c.outcome_json, HAND.c.settlement_json)
    ).all():
        seats_of[hand_id] = json.dumps([names[seat] for seat in json.loads(seats_json)])
        connection.execute(
            HAND.update()
            .where(HAND.c.id == hand_id)
            .values(
                outcome_json=_named(outcome_json, names),
                settlement_json=_named(settlement_json, names),
            )
        )
    for change_id, hand_id, before_json, after_json in connection.execute(
        sa.select(CHANGE.c.id, CHANGE.c.hand_id, CHANGE.c.before_json, CHANGE.c.after_json)
    ).all():
        connection.execute(
            CHANGE.update()
            .where(CHANGE.c.id == change_id)
            .values(
                names_json=seats_of[hand_id],
                before_json=_named(before_json, names),
                after_json=_named(after_json, names),
            )
        )
    with op.batch_alter_table("handchange", schema=None) as batch_op:
        batch_op.alter_column(
            "names_json", existing_type=sqlmodel.sql.sqltypes.AutoString(), nullable=False
        )
