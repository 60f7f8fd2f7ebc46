"""N games of self-play stepped as one batch: every seat a learner, as in the AEC environment.

``meeples.env.batch("sparta", num_envs=64)`` is the batched form of :func:`meeples.env.aec` for
self-play (AlphaZero-style data, a policy playing both sides): each step takes one id per game,
for whichever player is to move there, and returns the planes of the player to move next in
each game as one ``(N, *planes)`` array, that player's legal ids as ``info["action_mask"]``
(``(N, COUNT)`` int8; ``action_masks()`` as booleans), the players to move as
``info["to_move"]`` (``(N,)``; -1 where a game has just ended), and every player's reward of
the step as ``(N, players)`` (+1/-1/0 at the end, as in the AEC environment; -1 to the player
of an illegal id and 0 to the others with ``illegal="lose"``).

Autoreset is next-step, as in Gymnasium's vector environments: the step after a game ended
starts a new one in its place, ignores its id, and returns rewards of 0. New games take seeds
drawn from a generator seeded by ``reset(seed=...)``, so a seeded batch replays exactly; a
game's seed is in ``game_seeds``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from meeples.env.records import begin
from meeples.env.relative import make_episode

Batch = npt.NDArray[np.float32]
#: ``info["to_move"]`` of a game that has just ended (its next step starts a new game).
ENDED = -1


class MeeplesBatch:
    """N self-play games of one game, stepped as one batch (``meeples.env.batch``)."""

    def __init__(
        self,
        game: str,
        num_envs: int = 8,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        illegal: str = "lose",
        checked: bool = False,
        relative_actions: bool = False,
        flat: bool = False,
        copy: bool = False,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode must be ansi, rgb_array or None, not {render_mode!r}")
        self.render_mode = render_mode
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        self.episodes = [make_episode(game, players, options, illegal, checked, relative_actions)
                         for _ in range(num_envs)]
        first = self.episodes[0]
        self.num_envs = num_envs
        self.players = first.players
        self.copy = copy
        if not isinstance(flat, bool):
            raise ValueError(f"flat must be True or False, not {flat!r}")
        size = math.prod(first.spec.shape)
        self.single_observation_space = gymnasium.spaces.Box(
            0.0, 1.0, (size,) if flat else first.spec.shape, np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(first.count)
        self.game_seeds = [0] * num_envs
        self._np_random = np.random.default_rng()
        #: Each game's planes, written in place; handed out as they are, or with ``flat`` as
        #: the same memory seen as one vector a game.
        self._planes: Batch = np.zeros((num_envs, *first.spec.shape), np.float32)
        self._observations = self._planes.reshape(num_envs, size) if flat else self._planes
        self._masks = np.zeros((num_envs, first.count), np.int8)
        self._to_move = np.zeros(num_envs, np.int64)
        self._rewards = np.zeros((num_envs, self.players), np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._illegal = np.zeros(num_envs, np.bool_)
        self._start: dict[str, Any] = {}
        #: How each game that ended on the last step ended (``info["outcome"]``), by index.
        self._outcomes: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Start a new game in every slot; ``seed`` seeds the generator of the games' seeds.

        ``options={"position": text}`` (or ``{"record": match, "ply": n}``,
        :mod:`meeples.env.records`) starts every game, the later ones included, there.
        """
        self._np_random = np.random.default_rng(seed)
        self._start = dict(options or {})
        self._rewards[:] = 0.0
        self._terminations[:] = self._illegal[:] = False
        self._outcomes = {}
        for i in range(self.num_envs):
            self._new_game(i)
        return self._out(self._observations), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Batch, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
               dict[str, Any]]:
        """Play one id per game for its player to move (ignored in a game that ended on the
        last step: a new game starts there).

        Raises:
            ValueError: not one id per game.
            IllegalAction: ``illegal="raise"`` and an id is not legal in its game (no game
                moves then).
        """
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {ids.shape}")
        ended = self._terminations.copy()
        if self.episodes[0].illegal == "raise":
            for i, episode in enumerate(self.episodes):
                if not ended[i]:
                    episode.check(ids[i])
        rewards, terminations, illegal = self._rewards, self._terminations, self._illegal
        rewards[:] = 0.0
        illegal[:] = False
        outcomes = self._outcomes = {}
        for i, episode in enumerate(self.episodes):
            if ended[i]:
                terminations[i] = False
                self._new_game(i)
                continue
            mover = int(self._to_move[i])
            number = episode.check(ids[i])
            if number is None:
                rewards[i, mover] = -1.0
                terminations[i] = illegal[i] = True
                outcomes[i] = episode.outcome_info(mover)
            else:
                episode.play(number)
                if episode.outcome is not None:
                    rewards[i] = episode.returns()
                    terminations[i] = True
                    outcomes[i] = episode.outcome_info()
            self._write(i, mover)
        truncations = np.zeros(self.num_envs, np.bool_)
        return (
            self._out(self._observations), self._out(rewards), self._out(terminations),
            truncations, self._infos(),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the legal ids of the player to move in every game, ``(num_envs, COUNT)``."""
        return self._masks.astype(bool)

    def render(self) -> tuple[Any, ...] | None:
        """Return each game's board: its terminal text ("ansi"), or its image from the view of
        its player to move ("rgb_array"; seat 0's once it is over); None without a
        render_mode."""
        if self.render_mode is None:
            return None
        return tuple(episode.render(self.render_mode, max(int(self._to_move[i]), 0))
                     for i, episode in enumerate(self.episodes))

    def _new_game(self, i: int) -> None:
        seed = int(self._np_random.integers(2**31))
        self.game_seeds[i] = seed
        begin(self.episodes[i], seed, self._start)
        self._write(i, None)

    def _write(self, i: int, mover: int | None) -> None:
        """Write the observation, mask and player to move of game ``i``: the player to move
        next, or once the game has ended, ``mover`` (the player who ended it) with no mask."""
        episode = self.episodes[i]
        row = self._masks[i]
        row[:] = 0
        player = episode.to_move
        if self._terminations[i] or player is None:
            self._to_move[i] = ENDED
            self._planes[i] = episode.observe(mover if mover is not None else 0)
            return
        self._to_move[i] = player
        self._planes[i] = episode.observe(player)
        episode.write_mask(row)

    def _infos(self) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "to_move": self._out(self._to_move), "action_mask": self._out(self._masks),
        }
        if self._illegal.any():
            infos["illegal_action"] = self._illegal.copy()
        if self._outcomes:
            # As Gymnasium batches an info that some games have: one entry per game (None for
            # those that did not end), and "_outcome" saying which ended.
            infos["outcome"] = np.full(self.num_envs, None, dtype=object)
            infos["_outcome"] = np.zeros(self.num_envs, np.bool_)
            for i, outcome in self._outcomes.items():
                infos["outcome"][i] = outcome
                infos["_outcome"][i] = True
        return infos

    def _out(self, array: npt.NDArray[Any]) -> Any:
        return array.copy() if self.copy else array


__all__ = ["ENDED", "MeeplesBatch"]
