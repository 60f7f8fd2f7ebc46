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

With ``workers=1`` the worker exits follow a rule too instead of the evaluation, which cannot
tell them apart (a worker's move changes nothing until its action is done): each exit is worth
the best action leaf ahead, discounted by 0.8 a turn, valued by what the seat can use now
(assembly while meeples wait in stock, deployment while some wait in the depot, construction
while a slot is free). Without it the bot picks exits at random and can sit for dozens of
turns with every meeple in stock, one short of destroying a building: 13 of 100 games against
``easy`` ran to the round limit; with it none did, and it beat the bot without it 89-11
(docs/strength.md). It is the base policy of the ``hard`` search
(:mod:`meeples.ai.meeple_war_turns`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.core.errors import MeeplesError
from meeples.games.meeple_war import board, grammar, work
from meeples.games.meeple_war.cards import card
from meeples.games.meeple_war.grammar import (
    DONE,
    Assemble,
    Bomb,
    Bonus,
    Build,
    Burn,
    Convert,
    Deploy,
    Fly,
    FlyTo,
    Fright,
    Frighten,
    Kill,
    Move,
    Produce,
    Reinforce,
    Stealth,
    Up,
    Upgrade,
    Worker,
)
from meeples.games.meeple_war.state import Seat, State


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
    typed = grammar.action(action)
    if type(typed) is not Move:
        return 0.0
    s, d, k = typed
    if d in village:
        return 100.0 + k
    if not targets:
        return 0.0
    gain = min(board.distance(s, t) for t in targets) - min(board.distance(d, t) for t in targets)
    return gain * 10.0 + k if gain > 0 else 0.0


#: Steps decided by a fixed preference of verbs, the first that fits: build (on free slots),
#: bomb, burn, kill, take bonuses, then reinforce, deploy and assemble as much as possible.
ORDERED_STEPS = ("action", "bonus", "fly", "kill", "fright", "window")
#: Each preference names the verbs it takes (a token's name takes the upgrades and the pool
#: tokens of that token too, as the names of the verbs of texts once did).
ORDER: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("build", (Build,), ""),
    ("bomb", (Bomb,), ""),
    ("burn", (Burn,), ""),
    ("kill", (Kill,), ""),
    ("bonus", (Bonus,), ""),
    ("rei", (Reinforce,), ""),
    ("dep", (Deploy,), "dep"),
    ("asm", (Assemble,), "asm"),
    ("fly", (Fly, FlyTo), ""),
    ("stealth", (Stealth,), ""),
    ("conv", (Convert,), ""),
    ("up", (Up, Upgrade), ""),
    ("fright", (Fright,), ""),
    ("frighten", (Frighten,), ""),
    ("prod", (Produce,), ""),
)


def _prefers(typed: Any, verbs: tuple[type, ...], token: str) -> bool:
    """Return whether a typed action is of a preference (see ORDER)."""
    return type(typed) in verbs or (bool(token) and type(typed) in (Up, Upgrade)
                                    and typed.token == token)


def leaf_value(seat: Seat, code: str, x: int) -> float:
    """Return how much a worker's arrival on a leaf with action ``code`` (X = ``x``) is worth
    to ``seat`` now: meeples in stock only count once assembled, meeples in the depot once
    deployed, a construction only with a free slot and a building left."""
    if code == "asm":
        return min(x, seat.stock) * (1.0 if seat.depot < 3 else 0.4)
    if code in ("dep", "rei"):
        return min(x, seat.depot) * 1.2
    if code in ("fly", "stealth"):
        return 1.0 if seat.depot else 0.0
    if code == "build":
        return 2.5 if seat.available and None in seat.slots else 0.0
    if code in ("bomb", "burn"):
        return 2.0
    if code in ("fright", "conv"):
        return 1.0
    if code == "up":
        return 0.6
    return 0.3  # productivity, recycling


def node_value(seat: Seat, building: str, node: str, depth: int = 0,
               options: tuple[str, ...] = ()) -> float:
    """Return the value of a worker standing on ``node``: its leaf's, or the best leaf ahead
    discounted by 0.8 a turn, on the card as a game with ``options`` plays it."""
    b = card(building, options)
    leaf = b.leaves.get(node)
    if leaf is not None:
        return leaf_value(seat, *leaf)
    exits = b.path.get(node, ())
    if not exits or depth > 4:
        return 0.0
    return 0.8 * max(node_value(seat, building, e, depth + 1, options) for e in exits)


def worker_score(state: State, player: int, action: str) -> float:
    """Return the value of a worker move (0 on a construction site)."""
    typed: Worker = grammar.action(action)
    slot = state.seats[player].slots[typed.slot]
    if slot is None or not slot.built:
        return 0.0
    return node_value(state.seats[player], slot.building, typed.node, options=state.options)


def _amount(action: str) -> tuple[int, str]:
    """Return an action's amount for the preference: its count (assemble, deploy, reinforce),
    the seat of a kill or a fright (the largest first), else 0; then its text."""
    typed = grammar.action(action)
    kind = type(typed)
    if kind in (Assemble, Deploy, Reinforce):
        return typed.count_, action
    if kind in (Kill, Frighten):
        return typed.player, action
    return 0, action


def replaces(state: State, player: int, typed: Any) -> bool:
    """Return whether a typed action builds over one of the player's buildings."""
    return type(typed) is Build and state.seats[player].slots[typed.spot] is not None


def ordered(state: State, legal: list[str]) -> str:
    """Return the first action of ``legal`` by the verb preference (the largest amount)."""
    if state.step == "window" and not state.effects and DONE in legal:
        return DONE
    typed = [(a, grammar.action(a)) for a in legal]
    fitting = [(a, t) for a, t in typed if not replaces(state, state.active, t)]  # never replace
    for _, verbs, token in ORDER:
        found = [a for a, t in fitting if _prefers(t, verbs, token)]
        if found:
            return max(found, key=_amount)
    return DONE if DONE in legal else legal[0]


class AttackBot(SearchBot):
    """Meeple War: rule-of-thumb marches on enemy buildings, evaluation for everything else."""

    name = "attack"
    scripted = True

    def __init__(
        self,
        game: Any,
        budget: Budget | None = None,
        greedy: float = 0.0,
        blunder: float = 0.0,
        workers: float = 0.0,
    ) -> None:
        super().__init__(game, budget)
        self.greedy = greedy
        self.blunder = blunder
        self.workers = bool(workers)
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
            return DONE if DONE in legal else legal[0]

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
        if step == "worker" and self.workers:
            ranked = [(worker_score(state, player, a), rng.random(), a) for a in legal]
            ranked.sort(reverse=True)
            return [(a, v, 1) for v, _, a in ranked]
        if step in ORDERED_STEPS:
            first = ordered(state, legal)
            return [(first, 1.0, 1)] + [(a, 0.0, 1) for a in legal if a != first]
        scored = []
        for action in legal:
            value = self.model.evaluate(rules.apply(state, action), player)
            if replaces(state, player, grammar.action(action)):
                value -= 1.0  # never replace a building
            scored.append((value, rng.random(), action))
        scored.sort(reverse=True)
        return [(a, v, 1) for v, _, a in scored]
