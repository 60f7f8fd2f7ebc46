"""The version of its game's rules each match is played under: matches.rules_version (issue 26).

None in rows stored before: played under version 1.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MARKS = (("matches", "rules_version"),)


def upgrade() -> None:
    op.add_column("matches", sa.Column("rules_version", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rules_version")
