"""Table chat (issue 25, point 5): who reads a match's chat, its messages, the seats each seat
muted, the messages reported to the operators and who may not write in any chat.

Matches stored before have no chat setting: their players chat, spectators read nothing.
Downgrading drops the column and the four tables: every message, mute, report and chat ban is
gone (the matches stay whole).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("chat", sa.String(16), nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column("hidden", sa.Boolean, nullable=False),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_bans",
        sa.Column("target", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("by", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_bans")
    op.drop_table("chat_reports")
    op.drop_table("chat_mutes")
    op.drop_table("chat_messages")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("chat")
