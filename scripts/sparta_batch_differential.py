"""The long differential run of Sparta's batch engine against the rules (docs/batch.md).

Plays seeded random games in ``meeples.games.sparta.batch`` and in the pure rules side by side
(``meeples.games.sparta.batch_check.differential``: every legal mask, absolute and relative,
every position and every outcome compared at every ply; observations too with
``--observations``), in chunks over worker processes, until ``--games`` are played or
``--seconds`` have passed (no new chunk starts after that). Prints the games, plies and
endings, and exits 1 at the first difference, with the seed, game, ply and position text that
replay it. Each progress line says below which game every game is done: a run stopped there
goes on with ``--start`` that game (the games are those of an unbroken run, seed for seed).

    PYTHONPATH=src python scripts/sparta_batch_differential.py --games 100000 --processes 2
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from meeples.games.sparta import batch
from meeples.games.sparta.batch_check import Mismatch, Report, differential


def chunk(start: int, games: int, seed: int, width: int, observations: bool) -> Report:
    return differential(games, seed=seed, width=width, observations=observations, start=start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0,
                        help="the first game to play (a stopped run goes on from its last line)")
    parser.add_argument("--width", type=int, default=256, help="games stepped at once")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3600.0,
                        help="start no new chunk after this many seconds")
    parser.add_argument("--observations", action="store_true",
                        help="compare both players' observation planes at every ply too")
    args = parser.parse_args(argv)
    began = time.monotonic()
    total = Report()
    endings: Counter[str] = Counter()
    if args.start % args.width or not 0 <= args.start < args.games:
        parser.error(f"--start must be a multiple of --width below --games, not {args.start}")
    starts = iter(range(args.start, args.games, args.width))
    pending: dict[Future[Report], int] = {}
    done_from: set[int] = set()
    below = args.start
    print(f"compiled kernels: {batch.COMPILED}", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        def submit() -> None:
            start = next(starts, None)
            if start is not None and time.monotonic() - began < args.seconds:
                games = min(args.width, args.games - start)
                pending[pool.submit(chunk, start, games, args.seed, args.width,
                                    args.observations)] = start

        for _ in range(2 * args.processes):
            submit()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                start = pending.pop(future)
                try:
                    report = future.result()
                except Mismatch as mismatch:
                    print(f"MISMATCH: {mismatch}", flush=True)
                    for other in pending:
                        other.cancel()
                    return 1
                done_from.add(start)
                while below in done_from:
                    done_from.discard(below)
                    below += args.width
                total.games += report.games
                total.plies += report.plies
                endings.update(report.endings)
                submit()
            elapsed = time.monotonic() - began
            print(f"{total.games} games, {total.plies} plies, {elapsed:.0f} s: no difference "
                  f"(every game below {min(below, args.games)} done)", flush=True)
    elapsed = time.monotonic() - began
    print(f"done: {total.games} games (from game {args.start}), {total.plies} plies in "
          f"{elapsed:.0f} s, seed {args.seed}, every mask, position and outcome equal"
          + (" (observations too)" if args.observations else ""))
    for reason, count in endings.most_common():
        print(f"  {reason}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
