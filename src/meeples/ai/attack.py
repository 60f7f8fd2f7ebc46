"""The attacking bot for Meeple War: march on the enemy buildings, act by rules of thumb.

Victory points in Meeple War come mostly from destroyed buildings, and the one-ply heuristic
does not see far enough to walk its meeples there. This bot plays the moves by a rule of thumb
instead: attack an adjacent enemy building with as many meeples as fit, otherwise bring meeples
closer to the nearest hex next to an enemy building. Building actions, bonuses and kills follow
a fixed preference of verbs (build on free slots, bomb, burn, kill, take bonuses, reinforce,
deploy, assemble: as much as possible). Whatever is left (workers, exploration) goes to the
game's evaluation, one ply deep, like the heuristic bot. With ``greedy=x`` a share x of the
decisions, drawn at random, go to the evaluation too; with ``blunder=x`` a share x of the
decisions is a legal action drawn at random (the ``normal`` level: it still marches, but makes
mistakes). Against each other the attacking bots are close to even whatever the greedy share;
blunders are what separates them. Arena figures: docs/strength.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.core.errors import MeeplesError
from meeples.games.meeple_war import board, work
from meeples.games.meeple_war.state import State


def attack_points(state: State) -> set[int]:
    """Return the hexes outside villages next to a building of another player."""
    w = work.Work(state)
    slots = [
        h
        for h, (owner, i) in w.village.items()
        if owner != state.active and state.seats[owner].slots[i] is not None
    ]
    return {h + d for h in slots for d in board.DELTA} - set(w.village)


def move_score(state: State, action: str, targets: set[int], village: Any) -> float:
    """Return how much a move action presses on enemy buildings (0: it does not)."""
    if action == "done" or ">" not in action:
        return 0.0
    src, _, rest = action.partition(">")
    dest, _, count = rest.partition(":")
    try:
        s, d = board.parse_hex(src), board.parse_hex(dest)
        k = int(count) if count else 1
    except ValueError:
        return 0.0
    if d in village:
        return 100.0 + k
    if not targets:
        return 0.0
    gain = min(board.distance(s, t) for t in targets) - min(board.distance(d, t) for t in targets)
    return gain * 10.0 + k if gain > 0 else 0.0


#: Steps decided by a fixed preference of verbs, the first that fits: build (on free slots),
#: bomb, burn, kill, take bonuses, then reinforce, deploy and assemble as much as possible.
ORDERED_STEPS = ("action", "bonus", "fly", "kill", "fright", "window")
ORDER = (
    "build",
    "bomb",
    "burn",
    "kill",
    "bonus",
    "rei",
    "dep",
    "asm",
    "fly",
    "stealth",
    "conv",
    "up",
    "fright",
    "fr:",
    "prod",
)


def _amount(action: str) -> tuple[int, str]:
    last = action.split(":")[-1].split("@")[0]
    return (int(last) if last.isdigit() else 0, action)


def ordered(state: State, legal: list[str]) -> str:
    """Return the first action of ``legal`` by the verb preference (the largest amount)."""
    if state.step == "window" and not state.effects and "done" in legal:
        return "done"
    free = {f"@{i + 1}" for i, slot in enumerate(state.seats[state.active].slots) if slot is None}
    fitting = [a for a in legal if ":build:" not in a or a[-2:] in free]  # never replace
    for verb in ORDER:
        found = [a for a in fitting if verb in a]
        if found:
            return max(found, key=_amount)
    return "done" if "done" in legal else legal[0]


class AttackBot(SearchBot):
    """Meeple War: rule-of-thumb marches on enemy buildings, evaluation for everything else."""

    name = "attack"

    def __init__(
        self, game: Any, budget: Budget | None = None, greedy: float = 0.0, blunder: float = 0.0
    ) -> None:
        super().__init__(game, budget)
        self.greedy = greedy
        self.blunder = blunder
        if self.model.name != "meeple_war":
            raise ValueError("the attack bot plays Meeple War only")

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: random.Random,
        budget: Budget | None = None,
    ) -> str:
        """Return one of ``legal``; if the view cannot be rebuilt into a state, the first."""
        try:
            return super().choose(view, legal, rng, budget)
        except MeeplesError:
            return "done" if "done" in legal else legal[0]

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return the legal actions, the chosen one first."""
        rules = self.model.rules
        legal = list(rules.legal_actions(state))
        if self.blunder and rng.random() < self.blunder:
            rng.shuffle(legal)
            return [(a, 1.0 if i == 0 else 0.0, 1) for i, a in enumerate(legal)]
        step = state.step if not state.effects else state.effects[0][0]
        if self.greedy and rng.random() < self.greedy:
            step = "greedy"
        if step == "move":
            targets = attack_points(state)
            village = work.Work(state).village
            scored = [(move_score(state, a, targets, village), rng.random(), a) for a in legal]
            scored.sort(reverse=True)
            if scored[0][0] > 0:
                return [(a, 1.0 if i == 0 else 0.0, 1) for i, (_, _, a) in enumerate(scored)]
        if step in ORDERED_STEPS:
            first = ordered(state, legal)
            return [(first, 1.0, 1)] + [(a, 0.0, 1) for a in legal if a != first]
        free = {f"@{i + 1}" for i, slot in enumerate(state.seats[player].slots) if slot is None}
        scored = []
        for action in legal:
            value = self.model.evaluate(rules.apply(state, action), player)
            if ":build:" in action and action[-2:] not in free:
                value -= 1.0  # never replace a building
            scored.append((value, rng.random(), action))
        scored.sort(reverse=True)
        return [(a, v, 1) for v, _, a in scored]
