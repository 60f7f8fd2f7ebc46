"""Clocks (issue 25, point 2): a match's time control and its clocks, two columns of ``matches``.

Matches stored before have neither (None): they are untimed, as they were. Downgrading drops
both columns: every match is then untimed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("matches", sa.Column("clocks", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("clocks")
        batch.drop_column("clock")
