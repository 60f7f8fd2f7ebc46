"""The rule coverage table (docs/rules/meeple_war.md) names only tests that exist, and every
line of it names at least one."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "meeple_war.md"


#: The suites over every game that the table names too.
SHARED = [HERE.parents[1] / "core" / name for name in ("test_perft.py", "test_playthroughs.py")]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in [*HERE.glob("test_*.py"), *SHARED]:
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def table_rows() -> list[str]:
    return [line for line in DOC.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith("| Rule") and "---" not in line
            and not line.startswith("| Line") and not line.startswith("| Choice")]


def test_rule_coverage_names_existing_tests() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC.read_text(encoding="utf-8")))
    assert named - defined_tests() == set()


def test_rule_coverage_every_line_has_a_test() -> None:
    for row in table_rows():
        assert re.search(r"`test_\w+`", row), row


def test_rule_coverage_every_sheet_reference_listed() -> None:
    text = DOC.read_text(encoding="utf-8")
    expected = ([f"F{i}" for i in range(1, 21)] + [f"E{i}" for i in range(1, 4)]
                + [f"D{i}" for i in range(1, 22)] + [f"A{i}" for i in range(1, 22)]
                + [f"B{i}" for i in range(1, 13)])
    missing = [ref for ref in expected if not re.search(rf"^\| {ref} ", text, re.M)]
    assert missing == []
