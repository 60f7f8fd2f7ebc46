"""Sparta's vector environment over the batch engine: thousands of games a step, in arrays.

``meeples.env.fast("sparta", num_envs=4096, seat=0)`` is :func:`meeples.env.vector` for Sparta
played by :mod:`meeples.games.sparta.batch` (compiled with the ``fast`` extra): the same
Gymnasium vector API, observations (the planes of :mod:`meeples.env.sparta`, ``(N, 13, 10,
10)`` float32), fixed action ids (4,901, absolute or ``relative_actions``), masks
(``action_masks()`` and ``info["action_mask"]``, ``(N, 4901)`` booleans; a row of False where
it is not the learner's turn) and next-step autoreset, but every game's legal ids, move,
observation and the opponent's reply computed at once in compiled loops, with no Python per
game.

- ``seat=0`` or ``1``: the learner plays that seat; the opponent is the uniformly random
  player, drawn inside the batch engine (``opponents="random"``, the only one here: a bot of
  ``meeples.ai`` would cost Python per game). Its reply is in ``info["opponent_action"]``
  (-1 where it made none). Rewards ``(N,)`` are the learner's: +1/-1/0 when its game ends.
- ``seat=None``: self-play, every step acts for the player to move in each game
  (``info["to_move"]``, -1 where the game has just ended), observations and masks are that
  player's (the planes of the player who ended a game that has just ended), and the reward is
  that of the player who just acted: as :func:`meeples.env.batch` (the tests play both side
  by side).

An illegal id ends its game with -1 to its player (``illegal="lose"``, the default, flagged in
``info["illegal_action"]``) or refuses the whole batch (``illegal="raise"``:
:class:`~meeples.IllegalAction`, no game moves). ``info["winner"]`` gives each game's winner
(-1 going on, 2 a draw) and ``info["reason"]`` its ending (an index of
``meeples.games.sparta.batch.REASONS``; 7: an illegal id). The arrays handed out are
overwritten by the next step (``copy=True`` hands out copies); they are the environment's own,
and the mask is what the next step checks the ids against: read them, never write them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from meeples.core.errors import IllegalAction
from meeples.env.sparta import SHAPE
from meeples.games.sparta import batch, setup

Planes = npt.NDArray[np.float32]
#: ``info["reason"]`` of a game ended by an illegal id.
ILLEGAL = len(batch.REASONS)


class SpartaFast(VectorEnv[Planes, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """N Sparta games on the batch engine (``meeples.env.fast``)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1024,
        seat: int | None = 0,
        opponents: str = "random",
        *,
        illegal: str = "lose",
        relative_actions: bool = False,
        copy: bool = False,
        first: int = setup.FIRST_PLAYER,
        heroes_conquer: bool = True,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (self-play), not {seat!r}")
        if opponents != "random":
            raise ValueError(f"the batch engine's opponent is 'random', not {opponents!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        for name, flag in (("relative_actions", relative_actions), ("copy", copy),
                           ("heroes_conquer", heroes_conquer)):
            if not isinstance(flag, bool):
                raise ValueError(f"{name} must be True or False, not {flag!r}")
        if first not in (0, 1):
            raise ValueError(f"first must be player 0 or 1, not {first!r}")
        self.num_envs = num_envs
        self.seat = seat
        self.illegal = illegal
        self.relative = relative_actions
        self.copy = copy
        self.first = first
        self.heroes_conquer = heroes_conquer
        self.single_observation_space = spaces.Box(0.0, 1.0, SHAPE, np.float32)
        self.single_action_space = spaces.Discrete(batch.COUNT)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.games = self._new(num_envs)
        self._fresh = self._new(1)
        self._rng = np.random.default_rng()
        self._observations: Planes = np.zeros((num_envs, *SHAPE), np.float32)
        #: What the planes hold, so that a step rewrites only the squares that changed.
        self._drawing = batch.Drawing.blank(num_envs)
        self._masks = np.zeros((num_envs, batch.COUNT), np.bool_)
        self._legal = np.zeros((num_envs, batch.MOST_LEGAL), np.int16)
        self._counts = np.zeros(num_envs, np.int32)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._illegal = np.zeros(num_envs, np.bool_)
        self._opponent = np.full(num_envs, -1, np.int64)
        self._reason = np.zeros(num_envs, np.int8)
        #: Each player's rewards of the opponent's last replies.
        self._last_scores = np.zeros((num_envs, 2), np.float32)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Planes, dict[str, Any]]:
        """Start every game at the opening; ``seed`` seeds the random opponent (Sparta itself
        has no chance)."""
        if options:
            raise ValueError(f"the batch environment takes no reset options, not {options!r}")
        self._rng = np.random.default_rng(seed)
        self.games = self._new(self.num_envs)
        self._rewards[:] = 0.0
        self._terminations[:] = self._illegal[:] = False
        self._opponent[:] = -1
        self._reason[:] = 0
        self._reply(np.ones(self.num_envs, np.bool_))
        self._observe()
        return self._out(self._observations), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Planes, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
               dict[str, Any]]:
        """Play one id per game (ignored in a game that ended on the last step: it restarts),
        then the opponent's reply.

        Raises:
            ValueError: not one integer id per game.
            IllegalAction: ``illegal="raise"`` and an id is not legal in its game (no game
                moves then).
        """
        games = self.games
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or not np.issubdtype(ids.dtype, np.integer):
            raise ValueError(f"actions must be integer ids of shape ({self.num_envs},), not "
                             f"{ids.shape} of {ids.dtype}")
        restart = self._terminations.copy()
        # The mask handed out with the last step says what is legal: one lookup per game.
        inside = (ids >= 0) & (ids < batch.COUNT)
        legal = restart | (inside & self._masks[np.arange(self.num_envs),
                                                np.where(inside, ids, 0)])
        if self.illegal == "raise" and not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            raise IllegalAction(f"{int(ids[bad])} is not a legal id in game {bad}")
        rewards = self._rewards
        rewards[:] = 0.0
        self._opponent[:] = -1
        self._illegal[:] = ~legal
        if restart.any():
            rows = np.flatnonzero(restart)
            games.put(rows, self._fresh.take(np.zeros(len(rows), np.intp)))
            self._reason[rows] = 0
        movers = games.to_move.astype(np.int64)
        if not legal.all():  # the offender loses, its game stops here
            rows = np.flatnonzero(~legal)
            games.winner[rows] = 1 - movers[rows]
            self._reason[rows] = ILLEGAL
            rewards[rows] = -1.0
        playing = legal & ~restart
        played = np.where(playing, ids, batch.PASS_ID)
        # restarted and illegal rows are ended or fresh: keep fresh ones still for this ply
        hold = restart & ~games.ended
        games.winner[hold] = batch.DRAW
        _, scores, _ = batch.step(games, played, self.relative, checked=False)
        games.winner[hold] = batch.ONGOING
        rows = np.arange(self.num_envs)
        if self.seat is None:
            rewards[playing] = scores[rows, movers][playing]
        else:
            rewards[playing] = scores[:, self.seat][playing]
        self._reply(restart | playing)
        if self.seat is not None:
            rewards += np.where(self._opponent >= 0, self._last_scores[:, self.seat], 0.0)
        ended = games.ended & ~hold
        np.copyto(self._reason, games.reason, where=ended & (self._reason != ILLEGAL))
        self._terminations[:] = ended
        self._observe(np.where(ended, movers, games.to_move))
        return (self._out(self._observations), self._out(rewards),
                self._out(self._terminations), self._out(self._truncations), self._infos())

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the learner's legal ids in every game, ``(num_envs, 4901)`` (a row of False
        where the game has ended)."""
        masks: npt.NDArray[np.bool_] = self._out(self._masks)
        return masks

    def random_actions(self, rng: np.random.Generator | None = None) -> npt.NDArray[np.int64]:
        """Return a uniformly random legal id of the learner in every game (``pass``'s id where
        its game has ended), from the legal ids listed with the masks: the random policy, for
        baselines, rollouts and ``meeples bench``, without a scan of the masks."""
        return batch.pick(self._legal, self._counts, rng or self._rng)

    def _new(self, games: int) -> batch.Batch:
        return batch.init(games, first=self.first, heroes_conquer=self.heroes_conquer)

    def _reply(self, rows: npt.NDArray[np.bool_]) -> None:
        """Let the random opponent move where it is to move among ``rows``."""
        self._last_scores[:] = 0.0
        if self.seat is None:
            return
        games = self.games
        waiting = rows & ~games.ended & (games.to_move != self.seat)
        if not waiting.any():
            return
        replies = batch.random_ids(games, self._rng)
        held = ~waiting & ~games.ended
        games.winner[held] = batch.DRAW  # only the waiting games move
        _, self._last_scores, _ = batch.step(games, np.where(waiting, replies, batch.PASS_ID),
                                             checked=False)
        games.winner[held] = batch.ONGOING
        self._opponent[waiting] = replies[waiting]

    def _observe(self, viewers: npt.NDArray[Any] | None = None) -> None:
        """Write the observations and masks: the learner's, or in self-play the player to move
        next's (``viewers``: the player who ended a game that has just ended)."""
        games = self.games
        players = (viewers if viewers is not None else games.to_move) if self.seat is None \
            else self.seat
        batch.observe(games, players, out=self._observations, drawing=self._drawing)
        batch.legal_mask(games, self.relative, self._masks, self._legal, self._counts,
                         incremental=True)

    def _infos(self) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "action_mask": self._out(self._masks),
            "winner": self._out(self.games.winner),
            "reason": self._out(self._reason),
        }
        if self.seat is None:
            infos["to_move"] = np.where(self.games.ended, -1, self.games.to_move)
        else:
            infos["opponent_action"] = self._out(self._opponent)
        if self._illegal.any():
            infos["illegal_action"] = self._illegal.copy()
        return infos

    def _out(self, array: npt.NDArray[Any]) -> Any:
        return array.copy() if self.copy else array


__all__ = ["ILLEGAL", "SpartaFast"]
