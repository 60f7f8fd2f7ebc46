"""Play seeded random games of Rise of Tribes and check they all end properly.

For each player count (2, 3, 4) and each mode (base; advanced = leaders, elders and all
scenario tiles), plays N games choosing uniformly among the legal actions, checks the
invariants after every action (each player's 20 members and the 12 villages accounted for,
resources never negative, scores never decreasing), and prints the figures.

    .venv/bin/python scripts/rise_of_tribes_random_games.py            # 1,000 games per setting
    .venv/bin/python scripts/rise_of_tribes_random_games.py --games 20
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

import meeples
from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import State

MODES: dict[str, dict[str, Any]] = {
    "base": {},
    "advanced": {"leaders": True, "elders": True, "scenario_tiles": True},
}
MAX_ACTIONS = 20_000  # a game longer than this counts as a deadlock


def check_invariants(before: State, after: State) -> str | None:
    """Return what invariant an action broke, or None."""
    for p in range(after.n):
        on_board = sum(row[p] for row in after.pop)
        if on_board + after.supply(p) != data.MEMBERS or after.supply(p) < 0:
            return f"player {p} members not accounted for"
        if any(r < 0 for r in after.res[p]):
            return f"player {p} has negative resources"
        if after.score[p] < before.score[p]:
            return f"player {p} score decreased"
    if any(v < 0 for row in after.pop for v in row) or after.inv < 0:
        return "negative members"
    if after.villages_left() < 0:
        return "more than 12 villages"
    return None


def play(players: int, seed: int, options: dict[str, Any]) -> tuple[str, int, int | None]:
    """Return (status, actions played, winner) of one seeded random game."""
    game = meeples.load("rise_of_tribes")
    state = game.new(players=players, seed=seed, **options).inner
    rng = random.Random(seed)
    for count in range(MAX_ACTIONS):
        legal = rules.legal_actions(state)
        if not legal:
            out = rules.outcome(state)
            if out is None:
                return "deadlock", count, None
            return "ok" if state.over == 1 else "round limit", count, out.winners[0]
        after = rules.apply(state, rng.choice(legal))
        broken = check_invariants(state, after)
        if broken:
            return f"invariant: {broken} (seed {seed})", count, None
        state = after
    return "too long", MAX_ACTIONS, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per setting")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    failures = 0
    print(f"{'setting':<14}{'games':>6}{'ended':>7}{'15 VP':>7}{'limit':>7}{'mean len':>10}"
          f"{'actions/s':>11}  winners by seat")
    for mode, options in MODES.items():
        for players in (2, 3, 4):
            statuses: Counter[str] = Counter()
            winners: Counter[int] = Counter()
            total = 0
            start = time.perf_counter()
            for seed in range(args.seed, args.seed + args.games):
                status, length, winner = play(players, seed, options)
                statuses[status] += 1
                total += length
                if winner is not None:
                    winners[winner] += 1
                if status not in ("ok", "round limit"):
                    failures += 1
                    print(f"  FAIL {mode} {players}p: {status}", file=sys.stderr)
            elapsed = time.perf_counter() - start
            ended = statuses["ok"] + statuses["round limit"]
            seats = " ".join(f"{p}:{winners[p]}" for p in range(players))
            print(f"{mode + ' ' + str(players) + 'p':<14}{args.games:>6}{ended:>7}"
                  f"{statuses['ok']:>7}{statuses['round limit']:>7}{total / args.games:>10.1f}"
                  f"{total / elapsed:>11.0f}  {seats}")
    print("all games ended properly" if not failures else f"{failures} games FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
