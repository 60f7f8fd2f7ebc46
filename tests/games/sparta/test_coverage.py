"""The rule coverage table (docs/rules/sparta.md) names only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TABLE = ROOT / "docs" / "rules" / "sparta.md"
TEST_FILES = [*sorted((ROOT / "tests" / "games" / "sparta").glob("test_*.py")),
              *(ROOT / "tests" / "core" / name
                for name in ("test_conformance.py", "test_perft.py", "test_playthroughs.py"))]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in TEST_FILES:
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def table_rows() -> list[str]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            first = line.split("|")[1].strip()
            if first not in ("Rule (sheet)", "Input", "Property"):
                rows.append(line)
    return rows


def test_rule_coverage_every_row_names_a_test() -> None:
    rows = table_rows()
    assert len(rows) > 60
    for row in rows:
        assert re.search(r"`test_\w+`", row), row


def test_rule_coverage_names_existing_tests() -> None:
    known = defined_tests()
    for row in table_rows():
        for name in re.findall(r"`(test_\w+)`", row):
            assert name in known, f"{name} (in: {row[:60]})"
