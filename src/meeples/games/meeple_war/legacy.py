"""Records of the first format (``meeples-match/1``), made while the engine kept a generator in
its state: their chance outcomes are recovered here so that they replay on the chance nodes.

Then the seed fed a splitmix64 generator (:mod:`meeples.core.rng`) that drew the first player
(B3) and shuffled the pile once at setup, and each exploration took the top tile; a record
started from a position text held the pile in drawing order. The record listed only the
players' actions. Replaying it, each chance node is given the outcome the old engine drew: the
first player, then the tiles in pile order (a tile identical to others is named as the chance
outcome names it, by the lowest number of its class still face down, so the final position may
name a different one of two identical tiles than the old engine did).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from meeples.core.chance import CHANCE
from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.rng import randbelow, seed_state, shuffled
from meeples.games.meeple_war import grammar, rules
from meeples.games.meeple_war.data import SETUP_9_EMPTY, SETUP_TILES, TILE_CLASS, TILE_INDEX, TILES
from meeples.games.meeple_war.grammar import First
from meeples.games.meeple_war.notation import parse_state


def _seeded_draws(players: int, seed: int, options: Mapping[str, Any]) -> tuple[int, list[int]]:
    """Return the first player and the pile order the old engine drew from a seed."""
    state = seed_state(seed)
    first, state = randbelow(state, players)
    layout = dict(SETUP_TILES[players])
    if players == 4 and options.get("setup_tiles_9"):
        for spot in SETUP_9_EMPTY:
            del layout[spot]
    placed = {TILE_INDEX[t] for t in layout.values()}
    pile, _ = shuffled(state, [i for i in range(len(TILES)) if i not in placed])
    return first, list(pile)


def chance_actions(players: int, seed: int | None, options: Mapping[str, Any] | None,
                   position: str | None, actions: Sequence[str]) -> list[str]:
    """Return the actions of a first-format record with the chance outcomes put in.

    Raises:
        CorruptRecord: an action does not apply, or the pile runs out.
    """
    if position is not None:
        data = json.loads(position)
        pile = [TILE_INDEX[t] for t in data.get("pile", [])]
        state = parse_state(position)
        first = None
    else:
        first, pile = _seeded_draws(players, seed or 0, options or {})
        state = rules.initial_state(players, seed or 0, options or {})
    out: list[str] = []

    def settle() -> None:
        nonlocal state, first
        while rules.to_move(state) == CHANCE:
            if state.step == "first" and first is not None:
                outcome = grammar.text(First(first))
            else:
                if not pile:
                    raise CorruptRecord("the old record draws more tiles than its pile held")
                wanted = TILE_CLASS[pile.pop(0)]
                outcome = next(a for a, _ in rules.chance_outcomes(state)
                               if TILE_CLASS[grammar.action(a).tile] == wanted)
            out.append(outcome)
            state = rules.apply(state, outcome)

    settle()
    for index, action in enumerate(actions):
        if action not in rules.legal_actions(state):
            raise CorruptRecord(f"action {index + 1} ({action!r}) does not apply")
        out.append(action)
        try:
            state = rules.apply(state, action)
        except MeeplesError as error:  # pragma: no cover - legal actions apply
            raise CorruptRecord(str(error)) from None
        settle()
    return out
