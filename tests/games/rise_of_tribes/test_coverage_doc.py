"""The rule coverage table (docs/rules/rise_of_tribes.md) names only tests that exist, and
every table line names at least one."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "rise_of_tribes.md"
#: The suites over every game that the table names too.
SHARED = [HERE.parents[1] / "core" / name for name in ("test_perft.py", "test_playthroughs.py")]


def test_rule_coverage_names_existing_tests() -> None:
    defined = set()
    for path in [*HERE.glob("test_*.py"), *SHARED]:
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    rows = [line for line in DOC.read_text().splitlines()
            if line.startswith("| ") and not line.startswith("| Rule")]
    assert len(rows) > 100
    for row in rows:
        named = re.findall(r"`(test_\w+)`", row)
        assert named, row
        missing = [name for name in named if name not in defined]
        assert not missing, f"{row[:60]}: {missing}"
