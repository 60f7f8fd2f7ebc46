"""Alembic's entry point: run the migrations on the connection :mod:`meeples.server.schema`
hands over (never from a URL of its own, never offline: the caller holds the transaction and,
on PostgreSQL, the lock that keeps two upgrades apart)."""

from __future__ import annotations

from alembic import context

from meeples.server.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None or context.is_offline_mode():
    raise RuntimeError("the migrations run through meeples.server.schema, on a connection")
context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite alters a table by copying it (ALTER TABLE is limited there): alembic's batch mode.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
