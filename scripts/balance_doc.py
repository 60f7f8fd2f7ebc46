"""Write docs/balance.md: the hand-written findings (docs/balance/findings.md) followed by the
tables of every balance report in docs/balance/*.json, rendered by ``meeples.ai.balance``.

Usage: .venv/bin/python scripts/balance_doc.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from meeples.ai.balance import markdown

ROOT = Path(__file__).resolve().parent.parent
ORDER = ("sparta", "rise_of_tribes", "meeple_war")


def main() -> int:
    folder = ROOT / "docs" / "balance"
    parts = [(folder / "findings.md").read_text("utf-8").rstrip() + "\n"]
    reports = [json.loads(path.read_text("utf-8")) for path in sorted(folder.glob("*.json"))]
    reports.sort(key=lambda r: (ORDER.index(r["game"]) if r["game"] in ORDER else 9, r["bot"]))
    for report in reports:
        parts.append(markdown(report, report.get("command")))
    (ROOT / "docs" / "balance.md").write_text("\n".join(parts), "utf-8")
    print(f"docs/balance.md: {len(reports)} reports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
