"""The server on PostgreSQL, selected by an SQLAlchemy URL, as on SQLite.

A throwaway cluster is started in a temporary folder (Debian's ``postgresql`` package, which
``.ci/run`` installs; ``postgres_url`` in ``conftest.py``); without it, or without the
``psycopg`` driver, these tests are skipped with a message saying how to get them. The restart
and store tests of the other modules run on both backends (``any_db``).
"""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import create


def test_postgres_url_from_environment_is_used(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEEPLES_DATABASE_URL", postgres_url)
    app = create_app(None, bot_delay=0)
    with TestClient(app) as client:
        match = create(client)
        listed = client.get("/api/matches").json()
    assert match["id"] in {m["id"] for group in listed.values() for m in group}
