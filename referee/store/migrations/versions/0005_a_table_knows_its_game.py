"""a table knows its game

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 13:45:00.000000

Every table recorded so far is a night of Tonk, the only game there was: the column's
server default says so for them, and a table started from now on names its game.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "game", sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default="tonk"
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("game")
