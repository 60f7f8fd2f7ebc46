"""docs/openspiel.md: its example runs as it is written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "openspiel.md"


def test_openspiel_doc_example_runs() -> None:
    example = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert example is not None
    done = subprocess.run([sys.executable, "-c", example.group(1)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("4901 [13, 10, 10]\n")


def test_openspiel_doc_table_gives_the_counts_openspiel_reports() -> None:
    import meeples.openspiel as bridge

    rows = {line.split("|")[1].strip(): line for line in DOC.read_text().splitlines()
            if line.startswith("| ") and "`meeples.games." in line}
    titles = {"sparta": "Sparta", "meeple_war": "Meeple War", "rise_of_tribes": "Rise of Tribes"}
    assert bridge.unavailable() == {}  # the doc says all three are registered
    for name, title in titles.items():
        game = bridge.load(name)
        cells = [cell.strip() for cell in rows[title].split("|")]
        assert cells[3].split(" ")[0] == f"{game.num_distinct_actions():,}"
        assert cells[4].split(":")[0] == f"{game.max_chance_outcomes():,}"
