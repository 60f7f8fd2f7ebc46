"""The history of the database's schema as Alembic migrations (see :mod:`meeples.server.schema`).

Shipped inside the package, so ``pip install meeples`` has them: ``meeples db upgrade`` runs
them. A new revision: ``versions/NNNN_what.py`` with ``revision = "NNNN"`` and
``down_revision`` the previous one; ``tests/server/test_migrations.py`` checks that the whole
history makes exactly the tables of :mod:`meeples.server.tables`.
"""
