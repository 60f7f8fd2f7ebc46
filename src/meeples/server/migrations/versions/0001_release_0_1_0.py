"""The schema of the 0.1.0 release (2026-11-24): matches, actions, undone, events, writers.

The first revision of the history. Databases of that era were made by ``create_all`` (the
tables that were missing) and ``Store._add_columns`` (the columns that were missing), so one may
hold any earlier part of this schema: this revision makes whatever part is missing and leaves
what is there, and an empty database gets it whole.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def tables() -> list[sa.Table]:
    """Return the tables as the 0.1.0 release defined them (``git show 4ba4cd6:...store.py``)."""
    meta = sa.MetaData()
    return [
        sa.Table(
            "matches", meta,
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=True),
            sa.Column("options", sa.Text, nullable=True),
            sa.Column("position", sa.Text, nullable=True),
            sa.Column("seats", sa.Text, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("finished", sa.Boolean, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
            sa.Column("bot_speed", sa.String(16), nullable=True),
            sa.Column("hints", sa.Boolean, nullable=True),
            sa.Column("warm_after", sa.Float, nullable=True),
            sa.Column("warm_level", sa.String(16), nullable=True),
            sa.Column("rematch", sa.String(32), nullable=True),
            sa.Column("moved", sa.Float, nullable=True),
            sa.Column("seed_text", sa.Text, nullable=True),
        ),
        sa.Table(
            "actions", meta,
            sa.Column("match_id", sa.String(32), primary_key=True),
            sa.Column("ply", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("passed", sa.Boolean, nullable=True),
            sa.Column("at", sa.Float, nullable=True),
        ),
        sa.Table(
            "undone", meta,
            sa.Column("match_id", sa.String(32), primary_key=True),
            sa.Column("undo", sa.Integer, primary_key=True),
            sa.Column("ply", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("passed", sa.Boolean, nullable=True),
            sa.Column("undone_by", sa.Integer, nullable=True),
            sa.Column("undone_at", sa.Float, nullable=False),
        ),
        sa.Table(
            "events", meta,
            sa.Column("match_id", sa.String(32), primary_key=True),
            sa.Column("number", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("ply", sa.Integer, nullable=False),
            sa.Column("level", sa.String(16), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
            sa.Column("data", sa.Text, nullable=True),
        ),
        sa.Table(
            "writers", meta,
            sa.Column("match_id", sa.String(32), primary_key=True),
            sa.Column("epoch", sa.Integer, nullable=False),
            sa.Column("worker", sa.String(128), nullable=False),
        ),
    ]


def upgrade() -> None:
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    present = set(inspector.get_table_names())
    for table in tables():
        if table.name not in present:
            table.create(bind)
            continue
        # An older database: the columns added before 0.1.0 are all nullable, so its rows read
        # as their defaults (the first ten columns of matches, and actions' first four, were
        # there from the start).
        have = {column["name"] for column in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                op.add_column(table.name, sa.Column(column.name, column.type, nullable=True))


def downgrade() -> None:
    raise RuntimeError("0001 is the first revision (the 0.1.0 release): there is nothing below")
