"""The batch engine against the rules: seeded random games played side by side, compared.

:func:`differential` plays games in :mod:`meeples.games.sparta.batch` and in the pure rules
(:mod:`meeples.games.sparta.rules`) at once, the same random legal id in both, and compares
after every ply every game's legal mask (absolute and relative), position (board, cities, side
to move, reserves, quiet plies, passes), outcome (winner and reason) and, when asked, both
players' observation planes (against :func:`meeples.env.sparta.from_state`). The first
difference raises :class:`Mismatch` with the seed, game, ply and position text to replay it.
Used by the tests (``tests/games/sparta/test_batch.py``) and by the long run
(``scripts/sparta_batch_differential.py``, docs/batch.md).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from meeples.games.sparta import actions, batch, notation, rules
from meeples.games.sparta.state import State


class Mismatch(AssertionError):
    """The batch engine and the rules disagree (the message says where)."""


@dataclass
class Report:
    """What a differential run played."""

    games: int = 0
    plies: int = 0
    #: How many games ended by each reason of ``batch.REASONS``.
    endings: Counter[str] = field(default_factory=Counter)


def options_of(game: int) -> dict[str, object]:
    """Return the options of the ``game``-th game of a run: both first players, both
    ``heroes_conquer`` settings, in turn."""
    return {"first": game % 2, "heroes_conquer": game % 4 < 2}


def difference(games: batch.Batch, i: int, state: State) -> str | None:
    """Return how game ``i`` of a batch differs from a state of the rules, None if it does
    not (position, counters, outcome)."""
    if tuple(games.board[i].tolist()) != state.board:
        return "board"
    if tuple(games.cities[i].tolist()) != state.cities:
        return "cities"
    if int(games.to_move[i]) != state.to_move:
        return "side to move"
    if tuple(games.reserves[i].tolist()) != state.reserves:
        return "reserves"
    if int(games.quiet[i]) != state.quiet_plies or int(games.passes[i]) != state.passes:
        return "quiet plies or passes"
    if bool(games.heroes_conquer[i]) != state.heroes_conquer:
        return "heroes_conquer"
    outcome = state.outcome
    if outcome is None:
        return None if games.winner[i] == batch.ONGOING else "ended early"
    winner = outcome.winners[0] if outcome.winners else batch.DRAW
    if int(games.winner[i]) != winner:
        return f"winner {int(games.winner[i])} instead of {winner}"
    if not outcome.reason.startswith(batch.REASONS[int(games.reason[i])] or "\0"):
        return f"ending {batch.REASONS[int(games.reason[i])]!r} instead of {outcome.reason!r}"
    return None


def _mask_difference(row: npt.NDArray[np.bool_], relative: npt.NDArray[np.bool_],
                     state: State) -> str | None:
    expected = actions.ids(rules.legal_actions(state))
    found = np.flatnonzero(row).tolist()
    if found != expected:
        extra = sorted(set(found) - set(expected))[:5]
        missing = sorted(set(expected) - set(found))[:5]
        return (f"legal ids: extra {actions.texts(extra)}, missing {actions.texts(missing)}")
    turned = relative[batch.TURNED] if state.to_move == 1 else relative
    if not np.array_equal(turned, row):
        return "relative legal ids"
    return None


def differential(games: int, seed: int = 0, width: int = 256,
                 observations: bool = True, start: int = 0) -> Report:
    """Play ``games`` seeded random games in both engines, ``width`` at a time, comparing
    every ply (see the module); return what was played. The games are numbered from
    ``start``: game ``k`` of a seed is the same game in every run.

    Raises:
        Mismatch: the engines disagree somewhere.
    """
    from meeples.env import sparta as observer

    report = Report()
    for first in range(start, start + games, width):
        numbers = range(first, min(start + games, first + width))
        states = [rules.initial_state(2, 0, options_of(game)) for game in numbers]
        rngs = [random.Random(seed * 1_000_003 + game) for game in numbers]
        played = batch.from_states(states)
        ply = 0
        while True:
            mask = batch.legal_mask(played)
            relative = batch.legal_mask(played, relative=True)
            if observations:
                seen = (batch.observe(played, 0), batch.observe(played, 1))
            ids = np.full(len(states), actions.PASS_ID, np.int64)
            going = 0
            for i, state in enumerate(states):
                where = difference(played, i, state)
                if where is None and state.outcome is None:
                    where = _mask_difference(mask[i], relative[i], state)
                elif where is None and mask[i].any():
                    where = "legal ids after the end"
                if where is None and observations:
                    for player in (0, 1):
                        if not np.array_equal(seen[player][i], observer.from_state(state,
                                                                                   player)):
                            where = f"observation of player {player}"
                if where is not None:
                    raise Mismatch(f"seed {seed}, game {numbers[i]}, ply {ply}: {where} differs"
                                   f" at {notation.format_state(state)!r}")
                if state.outcome is None:
                    legal = np.flatnonzero(mask[i])
                    ids[i] = legal[rngs[i].randrange(len(legal))]
                    going += 1
            if not going:
                break
            batch.step(played, ids, checked=False)
            for i, state in enumerate(states):
                if state.outcome is None:
                    states[i] = rules.apply(state, actions.action(int(ids[i])))
                    report.plies += 1
            ply += 1
        report.games += len(states)
        report.endings.update(batch.REASONS[code] for code in played.reason.tolist())
    return report


__all__ = ["Mismatch", "Report", "difference", "differential", "options_of"]
