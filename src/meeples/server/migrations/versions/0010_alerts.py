"""Turn alerts (issue 25, point 3): an account's e-mail address and alert choices, the alert
mails decided (at most one per match, turn, account and kind), and the server's secrets (the
key of the unsubscribe links).

Downgrading drops the three tables: every address and choice is gone, and so is the key, so
the unsubscribe links of mails already sent no longer work (nothing is mailed any more either).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_alerts",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("turn", sa.Boolean, nullable=False),
        sa.Column("low_time", sa.Boolean, nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("changed", sa.Float, nullable=False),
    )
    op.create_table(
        "alerts_sent",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("sent", sa.Float, nullable=True),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_table("alerts_sent")
    op.drop_table("account_alerts")
