"""Where the database lives, and the serve command's options."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeples.cli import build_parser
from meeples.server.store import database_url


def test_database_defaults_to_sqlite_file_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("MEEPLES_DATABASE_URL", raising=False)
    monkeypatch.delenv("MEEPLES_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert database_url() == f"sqlite:///{tmp_path.resolve() / 'meeples.db'}"


def test_database_file_comes_from_meeples_db(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEEPLES_DATABASE_URL", raising=False)
    monkeypatch.setenv("MEEPLES_DB", "/tmp/elsewhere.db")
    assert database_url() == "sqlite:////tmp/elsewhere.db"


def test_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql+psycopg://meeples@localhost/meeples"
    monkeypatch.setenv("MEEPLES_DATABASE_URL", url)
    assert database_url() == url


def test_db_option_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEEPLES_DATABASE_URL", "postgresql+psycopg://meeples@localhost/meeples")
    assert database_url("/tmp/x.db") == "sqlite:////tmp/x.db"


def test_serve_command_reads_host_port_and_db() -> None:
    argv = ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "a.db"]
    args = build_parser().parse_args(argv)
    assert (args.command, args.host, args.port, args.db) == ("serve", "0.0.0.0", 9000, "a.db")
