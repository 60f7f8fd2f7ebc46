"""Write the calibration section of docs/strength.md from docs/calibration/*.json (the runs of
scripts/fit_calibration.py): between the markers below, replacing what was there, or at the
end of the file the first time.

Usage: .venv/bin/python scripts/calibration_doc.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- calibration: written by scripts/calibration_doc.py -->"
END = "<!-- end of calibration -->"
ORDER = ("sparta", "rise_of_tribes", "meeple_war")


def section(run: dict[str, Any]) -> list[str]:
    test = run["test"]
    if run.get("folds", 1) == 2:
        how = (f"fitted on all {run['train_positions']} positions of {run['games']} games; "
               f"measured by two-fold cross-fitting over games: each of the {test['positions']}"
               " positions is held out once, calibrated by the fit on the games of the other "
               "seed parity.")
    else:
        how = (f"fitted on {run['train_positions']} positions (games with even seeds), "
               f"measured on {test['positions']} held-out positions (odd seeds).")
    lines = [
        f"### {run['game']}",
        "",
        f"`{run['command']}`: {how}",
        "",
        "| players | slope | intercept | fitted on |",
        "|---|---|---|---|",
    ]
    for count, fit in run["fits"].items():
        lines.append(f"| {count} | {fit['slope']:.3f} | {fit['intercept']:.3f} | "
                     f"{fit['positions']} |")
    lines += [
        "",
        f"Brier score on the held-out positions: raw values {test['brier_raw']:.4f}, "
        f"calibrated {test['brier_calibrated']:.4f}, always 1/n {test['brier_one_in_n']:.4f}"
        " (lower is better).",
        "",
        "| predicted (bin) | positions | calibrated: predicted | actual | raw: positions | "
        "raw predicted | actual |",
        "|---|---|---|---|---|---|---|",
    ]
    calibrated = {tuple(r["bin"]): r for r in test["deciles_calibrated"]}
    raw = {tuple(r["bin"]): r for r in test["deciles_raw"]}
    for key in sorted(set(calibrated) | set(raw)):
        c, r = calibrated.get(key), raw.get(key)
        lines.append(
            f"| {key[0]:.1f}-{key[1]:.1f} | {c['positions'] if c else 0} | "
            f"{c['predicted'] if c else ''} | {c['actual'] if c else ''} | "
            f"{r['positions'] if r else 0} | {r['predicted'] if r else ''} | "
            f"{r['actual'] if r else ''} |"
        )
    by_players = run.get("test_by_players", {})
    if len(by_players) > 1:
        lines += ["", "By player count (held out): " + "; ".join(
            f"{n} players: {rep['positions']} positions, Brier {rep['brier_calibrated']:.4f} "
            f"(1/n {rep['brier_one_in_n']:.4f})" for n, rep in by_players.items())]
    return lines + [""]


def main() -> int:
    runs = [json.loads(p.read_text("utf-8"))
            for p in sorted((ROOT / "docs" / "calibration").glob("*.json"))]
    runs.sort(key=lambda r: ORDER.index(r["game"]) if r["game"] in ORDER else 9)
    total = sum(r["test"]["positions"] for r in runs)
    body = [
        BEGIN,
        "## Calibrated hints (issue 15, point 4)",
        "",
        "A hint's number is the chance that the mover wins after the action, not the search's "
        "raw value: a logistic regression per game and player count on the logit of the value "
        "the hint search gives the best action (Platt scaling), fitted on positions of "
        "self-play games and measured on positions of other games "
        f"({total} held-out positions over {len(runs)} games). Coefficients: "
        "`src/meeples/ai/data/calibration.json`; refit with `scripts/fit_calibration.py`; "
        "this section: `scripts/calibration_doc.py`. A shared win counts as the mover's share. "
        "Positions of one game are correlated, so the bins hold fewer independent results "
        "than positions. Meeple War's hints come from its `hard` search over whole turns "
        "(`src/meeples/ai/meeple_war_turns.py`): the hinted action is the first decision of a "
        "candidate turn, its raw value the mean share of that turn's rollouts (the attacking "
        "policy 6 turns on, then the evaluation) with one virtual rollout at 1/n, and an action no "
        "candidate turn starts with gets no number.",
        "",
    ]
    for run in runs:
        body += section(run)
    body.append(END)
    path = ROOT / "docs" / "strength.md"
    text = path.read_text("utf-8")
    block = "\n".join(body)
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, "utf-8")
    print(f"docs/strength.md: calibration of {len(runs)} games, {total} held-out positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
