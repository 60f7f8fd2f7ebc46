"""Ratings (issue 25, point 4): whether a match is rated (``matches.rating``), each account's
rating per game, and what each rated match changed.

Matches stored before are not rated. Downgrading drops the two tables and the column: every
rating is gone (the matches stay whole, unrated).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("rating", sa.String(16), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_mu", "ratings", ["game", "mu"])
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_changes_account_id", "rating_changes", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game_mu", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rating")
