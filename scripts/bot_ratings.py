"""Fit the bot levels' fixed ratings (``src/meeples/ai/data/ratings.json``) from arena games.

Usage: nice -n 10 .venv/bin/python scripts/bot_ratings.py [GAME ...] [--games 6]
           [--hard-games 2] [--jobs 2] [--seed 0] [--passes 40] [--report ARENA.json ...]

For each game (all by default) the levels ``random``, ``easy`` and ``normal`` play a 2-player
round robin of ``--games`` games per pairing (seats alternate), and ``hard`` a gauntlet of
``--hard-games`` games against each of them (``hard`` thinks up to 3 s a move: its games cost
the most). ``--report`` adds the games of earlier ``meeples arena --json`` reports whose seats
are level names (read as today's levels).

The fit: OpenSkill's Plackett-Luce (the model the server rates players with,
:mod:`meeples.server.ratings`) over every game's ranking, as it would rate the levels as
players: ``--passes`` passes, each from the model's defaults over the games in another seeded
order, mu and sigma averaged over the passes (an online model has no batch fit: the passes take
out the order of the games). The means are then shifted (Plackett-Luce sees only their
differences) so that ``easy`` sits at 25, a new player's mean: a newcomer reads "about easy".
Each game's entry records how it was made (the command, the games of each pairing, the date):
its other games' entries stay as they were.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

import meeples
from meeples.ai import arena

TABLE = Path(__file__).resolve().parent.parent / "src/meeples/ai/data/ratings.json"
LEVELS = ("random", "easy", "normal", "hard")
#: The level placed at a new player's mean.
ANCHOR = "easy"


def table(game: dict[str, Any]) -> tuple[list[str], list[float]] | None:
    """Return a 2-player arena game's seats (level names) and ranks, or None: another player
    count, or a seat that is not a level."""
    seats = list(game["seats"])
    if len(seats) != 2 or any(seat not in LEVELS for seat in seats):
        return None
    winners = game["winners"]
    ranks = [1.0 if not winners or seat in winners else 2.0 for seat in range(len(seats))]
    return seats, ranks


def fit(games: Sequence[tuple[list[str], list[float]]], passes: int, seed: int
        ) -> dict[str, dict[str, float]]:
    """Return each level's fitted mu and sigma (see the module), easy at 25."""
    model = PlackettLuce()
    names = sorted({name for seats, _ in games for name in seats})
    sums = {name: [0.0, 0.0] for name in names}
    order = list(games)
    rng = random.Random(seed)
    for _ in range(passes):
        # Each pass rates the levels as new players would be, from the model's defaults, over
        # the games in another order (a pass that went on from the last one's means would pull
        # a clean sweep's levels apart without end).
        rng.shuffle(order)
        mu = dict.fromkeys(names, model.mu)
        sigma = dict.fromkeys(names, model.sigma)
        for seats, ranks in order:
            # Two copies of one level at a table: each plays as the level, their updates averaged.
            teams = [[model.rating(mu=mu[name], sigma=sigma[name])] for name in seats]
            after = model.rate(teams, ranks=list(ranks))
            for name in set(seats):
                at = [i for i, seat in enumerate(seats) if seat == name]
                mu[name] = sum(after[i][0].mu for i in at) / len(at)
                sigma[name] = sum(after[i][0].sigma for i in at) / len(at)
        for name in names:
            sums[name][0] += mu[name]
            sums[name][1] += sigma[name]
    means = {name: total / passes for name, (total, _) in sums.items()}
    shift = model.mu - means.get(ANCHOR, model.mu)
    return {name: {"mu": round(means[name] + shift, 3), "sigma": round(sums[name][1] / passes, 3)}
            for name in names}


def play(game: str, games: int, hard_games: int, jobs: int, seed: int) -> list[dict[str, Any]]:
    """Play the levels' arena of one game; return its games' records."""
    def progress(record: dict[str, Any]) -> None:
        print(f"  {game}: {' - '.join(record['seats'])} won by {record['winners']}"
              f" in {record['plies']} plies", file=sys.stderr, flush=True)

    records: list[dict[str, Any]] = []
    if games:
        records += arena.run(game, ["random", "easy", "normal"], games, [2], seed=seed,
                             jobs=jobs, progress=progress)["games"]
    if hard_games:
        records += arena.run(game, ["hard", "random", "easy", "normal"], hard_games, [2],
                             gauntlet=True, seed=seed + 1000, jobs=jobs,
                             progress=progress)["games"]
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_fit", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=6, help="games per pairing, below hard")
    parser.add_argument("--hard-games", type=int, default=2, help="games of hard per pairing")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--passes", type=int, default=40)
    parser.add_argument("--report", action="append", default=[],
                        help="an earlier arena report (JSON) whose games are added")
    parser.add_argument("--out", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    names = args.games_to_fit or list(meeples.game_names())
    data: dict[str, Any] = {"format": "meeples-bot-ratings/1", "games": {}, "made": {}}
    if args.out.exists():
        data = json.loads(args.out.read_text(encoding="utf-8"))
    data["model"] = ("openskill PlackettLuce (mu 25, sigma 25/3, beta 25/6), 2-player games;"
                     f" {ANCHOR} at mu 25; scripts/bot_ratings.py")
    for game in names:
        start = time.perf_counter()
        records = play(game, args.games, args.hard_games, args.jobs, args.seed)
        reports = []
        for path in args.report:
            report = json.loads(Path(path).read_text(encoding="utf-8"))
            if report.get("game") == game:
                records += report["games"]
                reports.append(path)
        games = [found for record in records if (found := table(record)) is not None]
        fitted = fit(games, args.passes, args.seed)
        counted: dict[str, int] = {}
        for seats, _ in games:
            pairing = " - ".join(sorted(seats))
            counted[pairing] = counted.get(pairing, 0) + 1
        for level, rating in fitted.items():
            rating["games"] = sum(1 for seats, _ in games if level in seats)
        data["games"][game] = fitted
        data["made"][game] = {
            "command": "scripts/bot_ratings.py " + " ".join(
                [game, f"--games {args.games}", f"--hard-games {args.hard_games}",
                 f"--seed {args.seed}", f"--passes {args.passes}",
                 *(f"--report {path}" for path in reports)]),
            "games": len(games),
            "pairings": counted,
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "seconds": round(time.perf_counter() - start),
        }
        print(game, json.dumps(fitted), file=sys.stderr, flush=True)
    args.out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
