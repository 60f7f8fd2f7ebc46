"""The game whose guided first game a match is: matches.tutorial (issue 24).

None in rows stored before: an ordinary match.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

MARKS = (("matches", "tutorial"),)


def upgrade() -> None:
    op.add_column("matches", sa.Column("tutorial", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("tutorial")
