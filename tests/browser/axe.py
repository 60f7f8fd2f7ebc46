"""axe-core, the accessibility checker, run in the page: its script comes from npm, pinned, and
is installed once under .venv/axe (``make test`` does it; so does the first test that needs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION = "4.14.1"
PREFIX = ROOT / ".venv" / "axe"
SCRIPT = PREFIX / "node_modules" / "axe-core" / "axe.min.js"
#: The rules axe runs: WCAG 2.1 levels A and AA.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_script() -> str:
    """Return axe-core's script, installing it first when it is missing; skip without npm."""
    if not SCRIPT.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("axe-core needs npm (apt-get install npm), or run make test")
        PREFIX.parent.mkdir(parents=True, exist_ok=True)
        staging = tempfile.mkdtemp(dir=PREFIX.parent, prefix="axe-")
        done = subprocess.run(
            [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", staging,
             f"axe-core@{VERSION}"], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            pytest.skip(f"npm could not install axe-core {VERSION}: {done.stderr[-300:]}")
        try:
            os.replace(staging, PREFIX)
        except OSError:  # another test process installed it first
            shutil.rmtree(staging, ignore_errors=True)
    return SCRIPT.read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """Return the WCAG 2.1 A/AA violations axe finds in the page, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    # Measured on the page at rest: a banner fading in (0.25 s) has its colours half blended,
    # and axe read its links as low contrast when it ran in the middle of the fade.
    page.evaluate("""Promise.all(document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")
    found = page.evaluate(
        """async (tags) => (await axe.run(document, { runOnly: { type: "tag", values: tags } }))
            .violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ` +
              v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "))""",
        TAGS,
    )
    return list(found)
