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
