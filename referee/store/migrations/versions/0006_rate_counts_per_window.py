"""rate counts per window

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 07:30:00.000000

The counts of wrong tokens per minute (`guess`) become counts of whatever a limit counts,
per window of that limit's length (`ratecount`, keyed by when the window ends). The old
rows are a minute's worth of counts: they are dropped, not carried over.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _counts(name: str, window: str) -> None:
    op.create_table(
        name,
        sa.Column("bucket", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column(window, sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("bucket", window, name=op.f(f"pk_{name}")),
    )


def upgrade() -> None:
    op.drop_table("guess")
    _counts("ratecount", "ends")


def downgrade() -> None:
    op.drop_table("ratecount")
    _counts("guess", "minute")
