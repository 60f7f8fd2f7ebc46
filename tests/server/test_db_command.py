"""``meeples db upgrade|downgrade|current|history`` (issue 29, point 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeples.cli import main
from meeples.server import schema
from meeples.server.store import Store, database_url
from tests.server.test_migrations import release_database


def released(tmp_path: Path) -> Path:
    """An SQLite file as the 0.1.0 release left it."""
    path = tmp_path / "old.db"
    release_database(database_url(str(path)))
    return path


def test_db_current_says_the_database_is_behind_and_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = released(tmp_path)
    assert main(["db", "current", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "made before schema migrations" in out and "meeples db upgrade" in out


def test_db_upgrade_brings_a_release_database_to_the_newest_revision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = released(tmp_path)
    assert main(["db", "upgrade", "--db", str(path)]) == 0
    assert f"none (before migrations) -> {schema.head()}" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", str(path)]) == 0
    assert f"already at revision {schema.head()}" in capsys.readouterr().out
    Store(database_url(str(path))).close()


def test_db_downgrade_then_upgrade_step_by_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = released(tmp_path)
    assert main(["db", "upgrade", "--db", str(path), "--to", "0003"]) == 0
    assert main(["db", "downgrade", "0002", "--db", str(path)]) == 0
    assert main(["db", "upgrade", "--db", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ", 1)[1] for line in lines] == [
        "schema revision none (before migrations) -> 0003", "schema revision 0003 -> 0002",
        f"schema revision 0002 -> {schema.head()}"]


def test_db_history_lists_every_revision_from_the_release(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [s.revision for s in schema.history()]
    assert "0.1.0 release" in lines[0] and lines[-1].endswith("(newest)")


def test_db_on_a_missing_file_is_one_line_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.db"
    for action in ("current", "upgrade"):
        assert main(["db", action, "--db", str(missing)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2 and all("there is no database at" in e for e in errors)
    assert not missing.exists()


def test_db_downgrade_to_no_revision_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.db"
    Store(database_url(str(path))).close()
    assert main(["db", "downgrade", "0042", "--db", str(path)]) == 2
    assert "'0042' is no revision" in capsys.readouterr().err
