"""Refit the hints' calibration (``src/meeples/ai/data/calibration.json``) from self-play games.

Usage: nice -n 10 .venv/bin/python scripts/fit_calibration.py sparta [--games 120]
           [--players 2] [--bot normal] [--level normal] [--seconds 0.5] [--positions 12]
           [--jobs 2] [--data docs/calibration/sparta.json] [--iterations N]

The sampled positions of each game are appended to ``<data>.part.jsonl`` as they come; a run
stopped before its end (a ``timeout``) and started again with the same arguments skips the games
found there, so a bounded run loses no finished game. The file is removed once the fit is
written.

Games with even seeds give the positions the fit is made on, odd seeds the held-out positions
the calibration is measured on (deciles and Brier score, printed and kept in ``--data``). The
positions of one game are correlated: the held-out figures are over positions of other games.
With ``--folds 2`` (two-fold cross-fitting, for searches too slow to play twice the games) the
stored fit is made on every position, and each position is held out once: its probability
comes from the fit on the games of the other seed parity.
Several games are refitted by running the script once per game: the other games' fits stay.
With the fit, the table keeps the hint search its positions were valued with (``--level``,
``--seconds``, ``--iterations``): a hint at that level runs that search.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
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
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="hint search seconds (0: no time cap)")
    parser.add_argument("--iterations", type=int,
                        help="hint search rollouts or simulations (default: the time alone)")
    parser.add_argument("--positions", type=int, default=12, help="positions per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folds", type=int, choices=(1, 2), default=1,
                        help="1: fit on even seeds, test on odd; 2: cross-fit both ways")
    parser.add_argument("--data", help="write the positions and the report here (JSON)")
    args = parser.parse_args(argv)

    import meeples

    game = meeples.load(args.game)
    counts = ([int(c) for c in args.players.split(",")] if args.players
              else list(range(game.min_players, game.max_players + 1)))
    tasks = [
        calibration.Sampling(args.game, n, args.bot, args.level, args.seconds,
                             args.seed + i, args.positions, args.iterations)
        for i in range(args.games) for n in counts
    ]
    positions: list[dict[str, Any]] = []
    partial = Path(args.data + ".part.jsonl") if args.data else None
    if partial is not None and partial.exists():
        done_games = set()
        for line in partial.read_text("utf-8").splitlines():
            game_done = json.loads(line)
            key = (game_done["seed"], game_done["players"])
            if any((t.seed, t.players) == key for t in tasks) and key not in done_games:
                done_games.add(key)
                positions.extend(game_done["positions"])
        tasks = [t for t in tasks if (t.seed, t.players) not in done_games]
        print(f"{len(done_games)} games already sampled ({partial})", flush=True)
    with get_context("spawn").Pool(args.jobs) as pool:
        for done, (task, found) in enumerate(pool.imap_unordered(_sample, tasks), 1):
            positions.extend(found)
            if partial is not None:
                with partial.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"seed": task.seed, "players": task.players,
                                          "positions": found}) + "\n")
            print(f"game {done}/{len(tasks)}: {len(positions)} positions", flush=True)
    def fitted(train: list[dict[str, Any]]) -> dict[str, calibration.Fit]:
        found = {}
        for n in counts:
            mine = [p for p in train if p["players"] == n]
            found[str(n)] = calibration.fit([p["value"] for p in mine],
                                            [p["result"] for p in mine])
        return found

    fold: Callable[[dict[str, Any]], dict[str, calibration.Fit]] | None = None
    if args.folds == 2:
        train = test = positions
        by_parity = [fitted([p for p in positions if p["seed"] % 2 != parity])
                     for parity in (0, 1)]

        def other_parity(p: dict[str, Any]) -> dict[str, calibration.Fit]:
            return by_parity[p["seed"] % 2]

        fold = other_parity
    else:
        train = [p for p in positions if p["seed"] % 2 == 0]
        test = [p for p in positions if p["seed"] % 2 == 1]
    fits = fitted(train)
    table = json.loads(TABLE.read_text("utf-8"))
    table["fits"][args.game] = {n: f.to_json() for n, f in fits.items()}
    table["fits"] = dict(sorted(table["fits"].items()))
    # The hint search the fit holds for: a hint runs it (meeples.ai.hint.calibrated_budget).
    searched = calibration.Search(args.level, args.seconds or None, args.iterations)
    table.setdefault("searches", {})[args.game] = searched.to_json()
    table["searches"] = dict(sorted(table["searches"].items()))
    TABLE.write_text(json.dumps(table, indent=1) + "\n", "utf-8")
    result: dict[str, Any] = {
        "format": "meeples-calibration-run/1",
        "game": args.game,
        "command": "scripts/fit_calibration.py " + " ".join(sys.argv[1:] if argv is None
                                                            else argv),
        "fits": {n: f.to_json() for n, f in fits.items()},
        "folds": args.folds,
        "games": len({(p["seed"], p["players"]) for p in positions}),
        "train_positions": len(train),
        "test": calibration.report(fits, test, fold=fold),
        "test_by_players": {
            str(n): calibration.report(fits, [p for p in test if p["players"] == n], fold=fold)
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
        if partial is not None:
            partial.unlink(missing_ok=True)
    return 0


def _sample(task: calibration.Sampling) -> tuple[calibration.Sampling, list[dict[str, Any]]]:
    return task, calibration.sample_game(task)


if __name__ == "__main__":
    sys.exit(main())
