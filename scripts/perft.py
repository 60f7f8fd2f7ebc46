"""Print move counts (perft) with timings, for a position or every row of a game's perft table.

    .venv/bin/python scripts/perft.py                       # Sparta's opening, depths 1..3
    .venv/bin/python scripts/perft.py --game meeple_war     # a game's opening (dealt)
    .venv/bin/python scripts/perft.py --depth 2 "<position text>"
    .venv/bin/python scripts/perft.py --game rise_of_tribes --table   # check the game's table
    .venv/bin/python scripts/perft.py --table --reference   # Sparta: also the slow model

``perft(d)`` counts the action sequences of exactly ``d`` actions from the position, chance nodes
expanded (each outcome a branch; a finished game has none); ``--divide`` lists the count under
each first action. Each game's counts live in ``tests/data/<game>/perft.txt`` (the format of
``meeples.core.perft``), checked by ``tests/core/test_perft.py``; to add a row, write its ``id``
and ``position`` and copy the counts printed for that position. ``--reference`` (Sparta only)
recomputes them with the independent model in ``tests/games/sparta/reference.py`` (slow: use
small depths).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import meeples
from meeples.core.perft import divide, perft, read_table

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("position", nargs="?", help="a position text (default: the opening)")
    parser.add_argument("--game", default="sparta", choices=meeples.game_names())
    parser.add_argument("--depth", type=int, default=3, help="the deepest depth (default 3)")
    parser.add_argument("--divide", action="store_true", help="count under each first action")
    parser.add_argument("--table", action="store_true", help="check every row of the table")
    parser.add_argument("--reference", action="store_true",
                        help="also count with Sparta's slow model")
    args = parser.parse_args(argv)
    game = meeples.load(args.game)
    rules = game.rules
    reference = None
    if args.reference:
        if args.game != "sparta":
            parser.error("--reference: only Sparta has a reference model")
        sys.path.insert(0, str(ROOT))
        from tests.games.sparta import reference
    if args.table:
        failures = 0
        for row in read_table(ROOT / "tests" / "data" / args.game / "perft.txt"):
            inner = game.parse(row.position).inner
            for depth, expected in sorted(row.counts.items()):
                start = time.perf_counter()
                got = perft(rules, inner, depth)
                spent = time.perf_counter() - start
                mark = "ok" if got == expected else f"MISMATCH (table {expected})"
                failures += got != expected
                line = f"{row.id:28} perft {depth} {got:>9} {spent:8.3f}s {mark}"
                if reference is not None:
                    start = time.perf_counter()
                    model = reference.perft(reference.parse(row.position), depth)
                    spent = time.perf_counter() - start
                    failures += model != expected
                    line += f"  reference {model} {spent:.3f}s"
                print(line, flush=True)
        return 1 if failures else 0
    state = game.parse(args.position) if args.position else game.new(players=game.min_players)
    inner = state.inner
    if args.divide:
        for action, count in divide(rules, inner, args.depth):
            print(f"{rules.format_action(action):12} {count}")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(rules, inner, depth)
        spent = time.perf_counter() - start
        rate = count / spent if spent else 0.0
        print(f"perft {depth} {count:>10} {spent:8.3f}s {rate:12.0f} leaves/s", flush=True)
        if reference is not None:
            start = time.perf_counter()
            model = reference.perft(reference.parse(state.position()), depth)
            print(f"  reference {model} {time.perf_counter() - start:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
