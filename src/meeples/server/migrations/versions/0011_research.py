"""Whether a match's players allow it into the research dataset: matches.research (issue 27).

None in rows stored before: not allowed (``meeples export`` leaves them out).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("research", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("research")
