"""Where Meeple War victory points come from, under random play and under a simple greedy policy.

Random play rarely reaches 6 VP before the designed round limit (data.MAX_ROUNDS). This script
shows whether that is a property of random play or a sign that VP are too hard to gain: it plays
seeded games with both policies and counts the VP by source (destroyed buildings and replaced
sites, bravery, towers at the end) and how often a game ends by 6 VP.

    .venv/bin/python scripts/meeple_war_vp_sources.py --games 50

The greedy policy is a few lines of rules of thumb (not a bot): always attack an adjacent enemy
building with as many meeples as fit, otherwise march toward the nearest enemy building; take
every bonus; build on free slots only, bomb, burn, assemble and deploy as much as possible.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable

from meeples.core.chance import CHANCE
from meeples.games.meeple_war import RULES, board, rules, work
from meeples.games.meeple_war.state import State

Policy = Callable[[State, list[str], random.Random], str]

COUNTS: Counter[str] = Counter()


def count_bravery_vp() -> None:
    """Count every bravery VP scored from now on in COUNTS (wraps the engine's primitive)."""
    original = work.Work.score_bravery_vp

    def counting(self: work.Work, p: int) -> None:
        COUNTS["bravery VP"] += 1
        original(self, p)

    work.Work.score_bravery_vp = counting  # type: ignore[method-assign]


def random_policy(state: State, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def _attack_points(state: State) -> list[int]:
    """Return the hexes outside villages next to an enemy building (where attacks start)."""
    w = work.Work(state)
    slots = [h for h, (owner, i) in w.village.items()
             if owner != state.active and state.seats[owner].slots[i] is not None]
    return sorted({h + d for h in slots for d in board.DELTA} - set(w.village))


def greedy_policy(state: State, legal: list[str], rng: random.Random) -> str:
    step = state.step if not state.effects else state.effects[0][0]
    if step == "move":
        targets = _attack_points(state)
        w = work.Work(state)
        best, best_score = "done", 0.0
        for action in legal:
            if action == "done":
                continue
            src, dest, k = (action.partition(">")[0], *action.partition(">")[2].split(":"))
            s, d = board.parse_hex(src), board.parse_hex(dest)
            if d in w.village:
                score = 100.0 + int(k)
            elif targets:
                gain = (min(board.distance(s, t) for t in targets)
                        - min(board.distance(d, t) for t in targets))
                score = gain * 10 + int(k) if gain > 0 else 0.0
            else:
                score = 0.0
            if score > best_score:
                best, best_score = action, score
        return best
    if step in ("action", "bonus", "fly", "kill", "fright"):
        order = ("build", "bomb", "burn", "kill", "bonus", "rei", "dep", "asm", "fly", "stealth",
                 "conv", "up", "fright", "fr:", "prod")
        w = work.Work(state)
        free = {f"@{i + 1}" for i, slot in enumerate(w.seats[state.active].slots) if slot is None}
        legal = [a for a in legal if ":build:" not in a or a[-2:] in free]  # never replace
        for verb in order:
            found = [a for a in legal if verb in a]
            if found:
                return max(found, key=lambda a: (a.split(":")[-1].split("@")[0].isdigit()
                                                 and int(a.split(":")[-1].split("@")[0]), a))
        return "done" if "done" in legal else rng.choice(legal)
    if step == "window":
        return "done"
    return rng.choice(legal)


def play(players: int, seed: int, policy: Policy) -> tuple[bool, int, int]:
    """Return (ended by 6 VP, mountain VP, tower VP of the active player at the end)."""
    state = RULES.initial_state(players, seed, {})
    rng = random.Random(seed)
    while not state.result:
        legal = rules.legal_actions(state)
        if RULES.to_move(state) == CHANCE:  # chance draws by its probabilities
            outcomes = RULES.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = policy(state, legal, rng)
        state = RULES.apply(state, action)
    mountain = sum(s.mountain + s.extra_vp for s in state.seats)
    return "victory" in state.result[2], mountain, state.temp_vp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per setting")
    args = parser.parse_args(argv)
    count_bravery_vp()
    print(f"{'policy':<8}{'players':>8}{'games':>6}{'6 VP':>6}{'VP total':>9}"
          f"{'bravery':>8}{'buildings':>10}{'towers':>7}")
    for name, policy in (("random", random_policy), ("greedy", greedy_policy)):
        for players in (2, 3, 4):
            COUNTS.clear()
            ended = mountain = towers = 0
            for seed in range(args.games):
                by_vp, m, t = play(players, seed, policy)
                ended += by_vp
                mountain += m
                towers += t
            bravery = COUNTS["bravery VP"]
            print(f"{name:<8}{players:>8}{args.games:>6}{ended:>6}{mountain + towers:>9}"
                  f"{bravery:>8}{mountain - bravery:>10}{towers:>7}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
