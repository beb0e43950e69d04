"""the running tally

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04 08:00:00.000000

Each player's tally after each hand (`runningtally`), which the pages read instead of summing
every hand's nets on every page: a night of 2,000 hands cost them as much as it had hands.
Filled here from the nets of the hands stored so far, as the one door fills it for a new
hand (referee.store.commands): after each hand not voided, a row per player who has played
by then.
"""

from collections.abc import Sequence
from itertools import groupby

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

HAND = sa.table("hand", sa.column("id"), sa.column("table_id"), sa.column("no"), sa.column("void"))
NET = sa.table(
    "handnet", sa.column("hand_id"), sa.column("player_id"), sa.column("cents"), sa.column("points")
)


def upgrade() -> None:
    running = op.create_table(
        "runningtally",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("hand_no", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("cents", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_runningtally_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_runningtally_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("table_id", "hand_no", "player_id", name=op.f("pk_runningtally")),
    )
    nets = op.get_bind().execute(
        sa.select(HAND.c.table_id, HAND.c.no, NET.c.player_id, NET.c.cents, NET.c.points)
        .join(NET, NET.c.hand_id == HAND.c.id)
        .where(HAND.c.void == sa.false())
        .order_by(HAND.c.table_id, HAND.c.no)
    )
    rows = []
    for _, night in groupby(nets, key=lambda net: net.table_id):
        so_far: dict[int, tuple[int, int]] = {}
        for played, ((table_id, no), hand) in enumerate(
            groupby(night, key=lambda net: (net.table_id, net.no)), start=1
        ):
            for net in hand:
                cents, points = so_far.get(net.player_id, (0, 0))
                so_far[net.player_id] = (cents + net.cents, points + net.points)
            rows += [
                {"table_id": table_id, "hand_no": no, "player_id": player_id,
                 "cents": cents, "points": points, "played": played}
                for player_id, (cents, points) in so_far.items()
            ]  # fmt: skip
    if rows:
        op.bulk_insert(running, rows)


def downgrade() -> None:
    op.drop_table("runningtally")
