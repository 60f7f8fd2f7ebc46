"""Play seeded random games of Meeple War and check they all end properly.

For each player count (2, 3, 4) and each setup (full game, quick start), plays N games choosing
uniformly among the legal actions, checks the invariants after every action (each player's 13
meeples, 4 workers and 10 buildings accounted for, the 36 tiles, the bravery ladder below 7,
no full defense row, a legal action whenever the game is not over), and prints the figures.

    .venv/bin/python scripts/meeple_war_random_games.py              # 1,000 games per setting
    .venv/bin/python scripts/meeple_war_random_games.py --games 20
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from meeples.core.chance import CHANCE
from meeples.games.meeple_war import RULES, board, rules
from meeples.games.meeple_war.data import BUILDINGS, TILES, WORKERS_PER_PLAYER
from meeples.games.meeple_war.state import State

MAX_ACTIONS = 20_000  # a game longer than this counts as a deadlock


def check_invariants(state: State) -> str | None:
    """Return which invariant a state breaks, or None."""
    for p, seat in enumerate(state.seats):
        if rules.meeple_count(state, p) != 13:
            return f"player {p}: {rules.meeple_count(state, p)} meeples, not 13"
        if min(seat.stock, seat.depot, seat.mountain) < 0 or not 0 <= seat.ladder < 7:
            return f"player {p}: negative pile or ladder out of range"
        placed = [s for s in seat.slots if s is not None]
        if not 0 <= WORKERS_PER_PLAYER - len(placed) <= WORKERS_PER_PLAYER:
            return f"player {p}: workers not accounted for"
        codes = sorted([s.building for s in placed] + list(seat.available) + list(seat.boxed))
        if codes != sorted(BUILDINGS):
            return f"player {p}: buildings not accounted for"
        for slot in placed:
            b = BUILDINGS[slot.building]
            if len(slot.defense) >= (b.defense if slot.built else b.construction_defense):
                return f"player {p}: a full defense row still stands"
    ids = [t for _, t, _ in state.tiles] + list(state.pile) + (
        [state.drawn[1]] if len(state.drawn) == 2 else [])
    if sorted(ids) != list(range(len(TILES))):
        return "the 36 tiles are not accounted for"
    return None


def chance_or(state: State, legal: list[str], rng: random.Random) -> str:
    """Return chance's outcome drawn by its probability at a chance node, else a random action."""
    if RULES.to_move(state) == CHANCE:
        outcomes = RULES.chance_outcomes(state)
        return rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
    return rng.choice(legal)


def play(players: int, seed: int, quickstart: bool) -> tuple[str, int, int | None]:
    """Return (status, actions played, winner's seat) of one seeded random game."""
    state = RULES.initial_state(players, seed, {"quickstart": quickstart})
    rng = random.Random(seed)
    for count in range(MAX_ACTIONS):
        legal = rules.legal_actions(state)
        if not legal:
            if not state.result:
                return f"deadlock (seed {seed})", count, None
            winners, _, reason = state.result
            status = "vp" if "victory" in reason else "round limit"
            seat = board.seat_of(winners[0], state.first, players) if len(winners) == 1 else None
            return status, count, seat
        state = RULES.apply(state, chance_or(state, legal, rng))
        broken = check_invariants(state)
        if broken:
            return f"invariant: {broken} (seed {seed})", count, None
    return f"too long (seed {seed})", MAX_ACTIONS, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per setting")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    failures = 0
    print(f"{'setting':<16}{'games':>6}{'ended':>7}{'6 VP':>6}{'limit':>7}{'mean len':>10}"
          f"{'actions/s':>11}  wins by seat P1..Pn (ties apart)")
    for quickstart in (False, True):
        for players in (2, 3, 4):
            statuses: Counter[str] = Counter()
            seats: Counter[int | None] = Counter()
            actions = 0
            start = time.perf_counter()
            for seed in range(args.seed, args.seed + args.games):
                status, count, seat = play(players, seed, quickstart)
                statuses[status] += 1
                actions += count
                if status in ("vp", "round limit"):
                    seats[seat] += 1
                else:
                    failures += 1
                    print(f"  FAIL {players}p quickstart={quickstart}: {status}", flush=True)
            elapsed = time.perf_counter() - start
            ended = statuses["vp"] + statuses["round limit"]
            wins = " ".join(str(seats[s]) for s in range(players))
            name = f"{players}p {'quickstart' if quickstart else 'full'}"
            print(f"{name:<16}{args.games:>6}{ended:>7}{statuses['vp']:>6}"
                  f"{statuses['round limit']:>7}{actions / args.games:>10.1f}"
                  f"{actions / elapsed:>11.0f}  {wins} (ties {seats[None]})", flush=True)
    print("all games ended properly" if not failures else f"{failures} games FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
