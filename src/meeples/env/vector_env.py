"""A Gymnasium vector environment stepping N games of one seat against bots, in one process.

``meeples.env.vector("sparta", num_envs=16, seat=0, opponents="random")`` is the batched form of
:func:`meeples.env.gym`: observations come as one ``(N, *planes)`` float32 array, actions go in
as ``(N,)`` ids, rewards, terminations and truncations come out as ``(N,)`` arrays, and
``action_masks()`` returns the ``(N, COUNT)`` booleans a masked policy reads (sb3-contrib's
convention, batched). It follows Gymnasium's vector API with next-step autoreset, exactly as
``gymnasium.vector.SyncVectorEnv`` over the same single environments, seeds included (the
tests prove the two equal step for step), but writes each observation and mask into the batch
arrays in place, builds no per-game info dictionaries, and never copies the batch: the
arrays it returns are overwritten by the next step (``copy=True`` hands out copies).

Next-step autoreset (Gymnasium's default): the step after a game ended resets that game,
ignores its action, and returns its first observation with reward 0; the mask of an ended
game is all zeros until then, so a masked policy picks any id there (it is ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from meeples.env.gymnasium_env import MeeplesGym

Batch = npt.NDArray[np.float32]


class MeeplesVector(VectorEnv[Batch, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """N games of one seat against bots (``meeples.env.vector``)."""

    metadata: dict[str, Any] = {
        "autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi", "rgb_array"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        num_envs: int = 8,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        *,
        players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        checked: bool = False,
        relative_actions: bool = False,
        flat: bool = False,
        copy: bool = False,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, rgb_array or None, not {render_mode!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        given = [opponents] if isinstance(opponents, str) else list(opponents)
        if not all(isinstance(spec, str) for spec in given):
            # A bot object would be shared by every game: each game needs bots of its own.
            raise ValueError("opponents of a vector environment are bot specs or levels (text)")
        self.envs = [
            MeeplesGym(game, seat, opponents, players=players, render_mode=render_mode,
                       illegal=illegal, checked=checked, relative_actions=relative_actions,
                       flat=flat, **options)
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.copy = copy
        self.render_mode = render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.count = first.episode.count
        shape = first.observation_space.shape
        assert shape is not None  # a Box's
        self._observations: Batch = np.zeros((num_envs, *shape), np.float32)
        self._masks = np.zeros((num_envs, self.count), np.int8)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._illegal = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        #: How each game that ended on the last step ended (``info["outcome"]``), by index.
        self._outcomes: dict[int, Any] = {}

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Batch, dict[str, Any]]:
        """Start a new game in every environment: seeds ``seed + i`` (an int), one per game (a
        list), or fresh entropy (None), as Gymnasium's vector environments seed them.

        ``options`` go to every game (``{"position": text}``).

        Raises:
            ValueError: a list of seeds of the wrong length.
        """
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        self._outcomes = {}
        for i, (env, one) in enumerate(zip(self.envs, seeds, strict=True)):
            self._observations[i], info = env.reset(seed=one, options=options)
            self._write_mask(i)
            if "outcome" in info:
                self._outcomes[i] = info["outcome"]
        self._rewards[:] = 0.0
        self._terminations[:] = self._truncations[:] = self._autoreset[:] = False
        self._illegal[:] = False
        return self._out(self._observations), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Batch, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
               dict[str, Any]]:
        """Play one id per game (ignored in a game that ended on the last step: it restarts).

        Raises:
            ValueError: not one id per game.
            IllegalAction: ``illegal="raise"`` and an id is not legal in its game (no game
                moves then).
        """
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {ids.shape}")
        if self.envs[0].episode.illegal == "raise":
            # Every id checked before any game moves: a refused batch changes nothing.
            for i, env in enumerate(self.envs):
                if not self._autoreset[i]:
                    env.episode.check(ids[i])
        observations, rewards = self._observations, self._rewards
        terminations, illegal = self._terminations, self._illegal
        illegal[:] = False
        outcomes = self._outcomes = {}
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                observations[i] = env.reset()[0]
                rewards[i] = 0.0
                terminations[i] = False
            else:
                observations[i], rewards[i], terminations[i], illegal[i] = env.advance(ids[i])
                if terminations[i]:
                    outcomes[i] = env.episode.outcome_info(env.seat if illegal[i] else None)
            self._write_mask(i)
        self._autoreset[:] = terminations
        return (
            self._out(observations), self._out(rewards), self._out(terminations),
            self._out(self._truncations), self._infos(),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the legal ids of every game as booleans, ``(num_envs, COUNT)`` (a row of
        False for a game that has ended and restarts on the next step)."""
        return self._masks.astype(bool)

    def render(self) -> tuple[Any, ...] | None:
        """Return each game's :meth:`MeeplesGym.render` (as ``SyncVectorEnv`` does), None without
        a render_mode."""
        if self.render_mode is None:
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every game."""
        for env in self.envs:
            env.close()

    def _write_mask(self, i: int) -> None:
        env = self.envs[i]
        row = self._masks[i]
        row[:] = 0
        if not env.ended and env.episode.to_move == env.seat:
            env.episode.write_mask(row)

    def _infos(self) -> dict[str, Any]:
        # The layout SyncVectorEnv gives the single environments' infos: each key batched, with
        # a boolean "_key" saying which games have it.
        infos: dict[str, Any] = {
            "action_mask": self._out(self._masks),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }
        if self._illegal.any():
            infos["illegal_action"] = self._illegal.copy()
            infos["_illegal_action"] = self._illegal.copy()
        for i, outcome in self._outcomes.items():  # batched as SyncVectorEnv batches dicts
            infos = self._add_info(infos, {"outcome": outcome}, i)
        return infos

    def _out(self, array: npt.NDArray[Any]) -> Any:
        return array.copy() if self.copy else array


__all__ = ["MeeplesVector"]
