"""Accounts (issue 25, point 1): player accounts, their signed-in sessions, and the seats bound
to an account.

Matches stored before have no bound seat: their seats are opened by their tokens, as before.
Downgrading drops the three tables: every account, session and binding is gone (the matches and
their tokens stay whole).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "seat_accounts",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("bound", sa.Float, nullable=False),
    )
    op.create_index("ix_seat_accounts_account_id", "seat_accounts", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_accounts_account_id", table_name="seat_accounts")
    op.drop_table("seat_accounts")
    op.drop_index("ix_sessions_account_id", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
