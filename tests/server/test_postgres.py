"""The server on PostgreSQL, selected by an SQLAlchemy URL, as on SQLite.

A throwaway cluster is started in a temporary folder (Debian's ``postgresql`` package, which
``.ci/run`` installs); without it, or without the ``psycopg`` driver, these tests are skipped
with a message saying how to get them.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import create
from tests.server.test_restart import play_restart_and_resume
from tests.server.test_undo import undo_restart_and_resume

INITDB = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_postgres(command: list[str]) -> list[str]:
    """Run as the postgres user when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    pytest.importorskip("psycopg", reason="install the driver: pip install 'psycopg[binary]'")
    if not INITDB:
        pytest.skip("PostgreSQL server not installed (apt-get install postgresql)")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL")
    bin_dir = os.path.dirname(INITDB[-1])
    base = tempfile.mkdtemp(prefix="meeples-pg-")
    os.chmod(base, 0o777)
    data = os.path.join(base, "data")
    port = _free_port()
    subprocess.run(
        _as_postgres([f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "meeples"]),
        check=True, capture_output=True,
    )
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-o", options, "-w", "-l",
                      os.path.join(base, "log"), "start"]),
        check=True, capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://meeples@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


def test_postgres_url_from_environment_is_used(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEEPLES_DATABASE_URL", postgres_url)
    app = create_app(None, bot_delay=0)
    with TestClient(app) as client:
        match = create(client)
        listed = client.get("/api/matches").json()
    assert match["id"] in {m["id"] for group in listed.values() for m in group}


def test_postgres_restart_resumes_the_game_where_it_was(postgres_url: str) -> None:
    play_restart_and_resume(postgres_url)


def test_undo_is_kept_and_resumed_on_postgres(postgres_url: str) -> None:
    undo_restart_and_resume(postgres_url)
