"""Operating a site (issue 29): the creator's address of each match, banned addresses, and the
log of every operator's action (``meeples admin``).

Matches stored before have no address (None). Downgrading drops the bans and the admin log.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("address", sa.String(64), nullable=True))
    op.create_table(
        "bans",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("by", sa.String(128), nullable=False),
    )
    op.create_table(
        "admin_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("by", sa.String(128), nullable=False),
        sa.Column("detail", sa.Text, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("admin_log")
    op.drop_table("bans")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("address")
