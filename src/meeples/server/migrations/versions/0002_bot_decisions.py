"""Who decided each action: actions.bot and undone.bot (issue 28, after 0.1.0).

True when a bot decided it for the seat (a bot's seat, a seat kept warm, a resigned seat): no
undo of the seat's player takes it back. Rows stored before read as None: decided by whoever
held the seat.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

#: The columns this revision adds: a database made before migrations that has them got them
#: from ``Store._add_columns`` (:func:`meeples.server.schema.adopt` reads them).
MARKS = (("actions", "bot"), ("undone", "bot"))


def upgrade() -> None:
    op.add_column("actions", sa.Column("bot", sa.Boolean, nullable=True))
    op.add_column("undone", sa.Column("bot", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("undone") as batch:
        batch.drop_column("bot")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("bot")
