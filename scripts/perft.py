"""Print Sparta move counts (perft) with timings, for a position or the table's rows.

    .venv/bin/python scripts/perft.py                       # the opening, depths 1..3
    .venv/bin/python scripts/perft.py --depth 2 "<position text>"
    .venv/bin/python scripts/perft.py --table               # every row of the perft table
    .venv/bin/python scripts/perft.py --table --reference   # and check with the slow model

``perft(d)`` counts the action sequences of exactly ``d`` actions from the position (a finished
game has none); ``--divide`` lists the count under each first action. The counts of the table
live in ``tests/data/sparta/perft.txt``; ``--reference`` recomputes them with the independent
model in ``tests/games/sparta/reference.py`` (slow: use small depths).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import meeples

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "data" / "sparta" / "perft.txt"


def perft(rules: Any, state: Any, depth: int) -> int:
    """Return the number of action sequences of exactly ``depth`` actions from ``state``."""
    if depth == 0:
        return 1
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(rules, rules.apply(state, action), depth - 1) for action in actions)


def read_table(path: Path = TABLE) -> list[tuple[str, str, list[tuple[int, int]]]]:
    """Return the rows of a perft table: (id, position text, [(depth, count), ...])."""
    rows: list[tuple[str, str, list[tuple[int, int]]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            rows.append((value, "", []))
        elif key == "position":
            rows[-1] = (rows[-1][0], value, rows[-1][2])
        elif key == "perft":
            depth, count = value.split()
            rows[-1][2].append((int(depth), int(count)))
        else:
            raise ValueError(f"{path}: unknown line {line!r}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("position", nargs="?", help="a position text (default: the opening)")
    parser.add_argument("--depth", type=int, default=3, help="the deepest depth (default 3)")
    parser.add_argument("--divide", action="store_true", help="count under each first action")
    parser.add_argument("--table", action="store_true", help="check every row of the table")
    parser.add_argument("--reference", action="store_true", help="also count with the model")
    args = parser.parse_args(argv)
    game = meeples.load("sparta")
    rules = game.rules
    reference = None
    if args.reference:
        sys.path.insert(0, str(ROOT))
        from tests.games.sparta import reference
    if args.table:
        failures = 0
        for key, text, counts in read_table():
            inner = game.parse(text).inner
            for depth, expected in counts:
                start = time.perf_counter()
                got = perft(rules, inner, depth)
                spent = time.perf_counter() - start
                mark = "ok" if got == expected else f"MISMATCH (table {expected})"
                failures += got != expected
                line = f"{key:28} perft {depth} {got:>9} {spent:8.3f}s {mark}"
                if reference is not None:
                    start = time.perf_counter()
                    model = reference.perft(reference.parse(text), depth)
                    spent = time.perf_counter() - start
                    failures += model != expected
                    line += f"  reference {model} {spent:.3f}s"
                print(line, flush=True)
        return 1 if failures else 0
    state = game.parse(args.position) if args.position else game.new()
    inner = state.inner
    if args.divide:
        for action in rules.legal_actions(inner):
            count = perft(rules, rules.apply(inner, action), args.depth - 1)
            print(f"{rules.format_action(action):8} {count}")
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
