"""Packaging: ``meeples --version``, ``python -m meeples``, the license and the project links."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from meeples import cli

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
HOME = "https://github.com/meeples-project/meeples"


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"meeples {PROJECT['version']}\n"


def test_version_without_package_metadata_says_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(cli.metadata, "version", missing)
    assert cli.version() == "unknown"


def test_python_dash_m_meeples_is_the_meeples_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeples", "--version"], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"meeples {PROJECT['version']}\n", "")


def test_license_file_is_mit_and_shipped() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 The Meeples developers" in text
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]


def test_project_metadata_has_links_and_classifiers() -> None:
    urls = PROJECT["urls"]
    assert urls["Homepage"] == urls["Source"] == HOME
    assert urls["Issues"] == f"{HOME}/issues"
    classifiers = set(PROJECT["classifiers"])
    assert {
        "Operating System :: OS Independent",
        "Programming Language :: Python :: 3.11",
        "Topic :: Games/Entertainment :: Board Games",
    } <= classifiers
    # setuptools >= 77 refuses a license classifier beside the SPDX expression (PEP 639).
    assert not any(c.startswith("License ::") for c in classifiers)
    assert PROJECT["keywords"] and PROJECT["authors"]


#: The modules of the extras (pyproject's optional dependencies): a plain ``pip install`` lacks
#: them, and the suite, run with every extra installed, would not notice one imported at the top
#: of a module that the commands load (``meeples serve`` once died on ``import redis``).
EXTRAS = ("redis", "psycopg", "psycopg2", "httpx", "ray", "numpy", "gymnasium", "pettingzoo",
          "pyspiel", "open_spiel", "playwright", "hypothesis", "pytest", "PIL", "moviepy",
          "numba")


def test_commands_and_the_server_load_without_any_extra(tmp_path: Path) -> None:
    """A quick guard of the pip path in the suite (scripts/check_pip_path.py, run by .ci/run
    before the suite, takes it whole in a fresh venv): with the extras' modules made
    unimportable, every command's parser and the server's app load, and a game is played."""
    blocked = ("import sys\n"
               f"for name in {EXTRAS!r}:\n"
               "    sys.modules[name] = None  # import name raises ImportError\n"
               "import meeples.server.app\n"
               "from meeples.cli import main\n"
               "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run(
        [sys.executable, "-c", blocked, "play", "sparta", "--seed", "1"],
        input="b2-b4\nquit\n", capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "South played b2-b4" in done.stdout and "Traceback" not in done.stderr


def test_ci_checks_the_pip_path_before_the_suite() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert run.index("make pip-path") < run.index("make test")
    assert "scripts/check_pip_path.py" in (ROOT / "Makefile").read_text()
    script = (ROOT / "scripts" / "check_pip_path.py").read_text()
    assert "--system-site-packages" not in script  # a fresh venv sees nothing installed
