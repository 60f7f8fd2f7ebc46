"""Refit the hints' calibration (``src/meeples/ai/data/calibration.json``) from self-play games.

Usage: nice -n 10 .venv/bin/python scripts/fit_calibration.py sparta [--games 120]
           [--players 2] [--bot normal] [--level normal] [--seconds 0.5] [--positions 12]
           [--jobs 2] [--data docs/calibration/sparta.json]

Games with even seeds give the positions the fit is made on, odd seeds the held-out positions
the calibration is measured on (deciles and Brier score, printed and kept in ``--data``). The
positions of one game are correlated: the held-out figures are over positions of other games.
Several games are refitted by running the script once per game: the other games' fits stay.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from meeples.ai import calibration

TABLE = Path(__file__).resolve().parent.parent / "src/meeples/ai/data/calibration.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=120, help="games per player count")
    parser.add_argument("--players", help="player counts, comma-separated (default: all)")
    parser.add_argument("--bot", default="normal", help="the bot in every seat (normal)")
    parser.add_argument("--level", default="normal", help="the hint search (normal)")
    parser.add_argument("--seconds", type=float, default=0.5, help="hint search seconds")
    parser.add_argument("--positions", type=int, default=12, help="positions per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", help="write the positions and the report here (JSON)")
    args = parser.parse_args(argv)

    import meeples

    game = meeples.load(args.game)
    counts = ([int(c) for c in args.players.split(",")] if args.players
              else list(range(game.min_players, game.max_players + 1)))
    tasks = [
        calibration.Sampling(args.game, n, args.bot, args.level, args.seconds,
                             args.seed + i, args.positions)
        for i in range(args.games) for n in counts
    ]
    positions: list[dict[str, Any]] = []
    with get_context("spawn").Pool(args.jobs) as pool:
        for done, found in enumerate(pool.imap_unordered(calibration.sample_game, tasks), 1):
            positions.extend(found)
            print(f"game {done}/{len(tasks)}: {len(positions)} positions", flush=True)
    train = [p for p in positions if p["seed"] % 2 == 0]
    test = [p for p in positions if p["seed"] % 2 == 1]
    fits = {}
    for n in counts:
        mine = [p for p in train if p["players"] == n]
        fits[str(n)] = calibration.fit([p["value"] for p in mine], [p["result"] for p in mine])
    table = json.loads(TABLE.read_text("utf-8"))
    table["fits"][args.game] = {n: f.to_json() for n, f in fits.items()}
    table["fits"] = dict(sorted(table["fits"].items()))
    TABLE.write_text(json.dumps(table, indent=1) + "\n", "utf-8")
    result: dict[str, Any] = {
        "format": "meeples-calibration-run/1",
        "game": args.game,
        "command": "scripts/fit_calibration.py " + " ".join(sys.argv[1:] if argv is None
                                                            else argv),
        "fits": {n: f.to_json() for n, f in fits.items()},
        "train_positions": len(train),
        "test": calibration.report(fits, test),
        "test_by_players": {
            str(n): calibration.report(fits, [p for p in test if p["players"] == n])
            for n in counts if any(p["players"] == n for p in test)
        },
        "positions": positions,
    }
    test_report = result["test"]
    print(f"{args.game}: fitted on {len(train)} positions, tested on {test_report['positions']}:"
          f" Brier raw {test_report['brier_raw']}, calibrated {test_report['brier_calibrated']},"
          f" 1/n {test_report['brier_one_in_n']}")
    for row in test_report["deciles_calibrated"]:
        print(f"  {row['bin'][0]:.1f}-{row['bin'][1]:.1f}: {row['positions']:4d} positions, "
              f"predicted {row['predicted']:.3f}, actual {row['actual']:.3f}")
    if args.data:
        Path(args.data).write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
