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


@batch._kernel()
def _first_illegal(ids: Any, masks: Any, restart: Any) -> int:
    """Return the first game whose id the last mask does not allow (-1: none); a game that
    restarts ignores its id."""
    for i in range(ids.shape[0]):
        number = ids[i]
        if not restart[i] and not (0 <= number < batch.COUNT and masks[i, number]):
            return i
    return -1


def _step_games(ids: Any, seat: int, relative: bool, draws: Any, g: Any, fresh: Any,
                masks: Any, listed: Any, counts: Any, marks: Any, drawn: Any, values: Any,
                planes: Any,
                scores: Any, rewards: Any, terminations: Any, illegal: Any, opponent: Any,
                reason: Any) -> None:
    """The whole of :meth:`SpartaFast.step` for every game, in one pass: restart, the id (or
    its loss), the random reply (``seat`` >= 0), the planes and the next mask.

    One kernel instead of a dozen array operations and four kernels: each game's arrays are
    read once while they are in the cache, and no Python runs between (a fifth of a step at
    512 games, measured in docs/batch.md). ``g`` and ``fresh``: the games' and a new game's
    fields in :data:`meeples.games.sparta.batch._FIELDS` order.
    """
    board, cities, to_move, reserves, quiet, passes, conquer, winner, why, history, seen = g
    n = board.shape[0]
    for chunk in batch._prange((n + batch.CHUNK - 1) // batch.CHUNK):
        own = np.empty(batch.SQUARES, np.int16)
        replies = np.empty(batch.MOST_LEGAL, np.int16)
        fallen = np.empty(4 * batch.SIZE, np.int16)
        for i in range(chunk * batch.CHUNK, min(n, chunk * batch.CHUNK + batch.CHUNK)):
            restart = terminations[i]
            number = ids[i]
            legal = restart or (0 <= number < batch.COUNT and masks[i, number])
            rewards[i] = 0.0
            opponent[i] = -1
            illegal[i] = not legal
            if restart:
                board[i] = fresh[0][0]
                cities[i] = fresh[1][0]
                to_move[i] = fresh[2][0]
                reserves[i] = fresh[3][0]
                quiet[i] = fresh[4][0]
                passes[i] = fresh[5][0]
                conquer[i] = fresh[6][0]
                winner[i] = fresh[7][0]
                why[i] = fresh[8][0]
                for k in range(fresh[10][0]):
                    history[i, k] = fresh[9][0, k]
                seen[i] = fresh[10][0]
                reason[i] = 0
            mover = to_move[i]
            if not legal:  # the offender loses, its game stops here
                winner[i] = 1 - mover
                reason[i] = ILLEGAL
                rewards[i] = -1.0
            elif not restart:
                if relative and mover == 1:
                    number = batch.TURNED[number]
                scores[i, 0] = 0.0
                scores[i, 1] = 0.0
                batch._apply_one(i, number, board, cities, to_move, reserves, quiet, passes,
                                 conquer, winner, why, history, seen, batch._ORIGIN,
                                 batch._TARGET, batch._LINES, batch._LINE_LENGTH,
                                 batch._LINE_INDEX, batch._OWNER, batch._WARRIOR, batch._HERO,
                                 batch._PIECE_KEYS, batch._CITY_KEYS, batch._NORTH_KEY, fallen,
                                 scores)
                rewards[i] = scores[i, mover if seat < 0 else seat]
            if seat >= 0 and legal and winner[i] == -1 and to_move[i] != seat:
                player = to_move[i]
                found = batch._legal_row(board[i], cities[i], player, reserves[i, player],
                                         batch._OWNER, batch._STEPS, batch._WARRIOR[player],
                                         own, batch._ID_OF_BIT[0], False, replies, True,
                                         replies)
                reply = replies[min(int(draws[i] * found), found - 1)]
                scores[i, 0] = 0.0
                scores[i, 1] = 0.0
                batch._apply_one(i, reply, board, cities, to_move, reserves, quiet, passes,
                                 conquer, winner, why, history, seen, batch._ORIGIN,
                                 batch._TARGET, batch._LINES, batch._LINE_LENGTH,
                                 batch._LINE_INDEX, batch._OWNER, batch._WARRIOR, batch._HERO,
                                 batch._PIECE_KEYS, batch._CITY_KEYS, batch._NORTH_KEY, fallen,
                                 scores)
                rewards[i] += scores[i, seat]
                opponent[i] = reply
            ended = winner[i] != -1
            if ended and reason[i] != ILLEGAL:
                reason[i] = why[i]
            terminations[i] = ended
            viewer = seat if seat >= 0 else (mover if ended else to_move[i])
            # one scan of the board for both: the viewer is the player to move in a game
            # that goes on (the learner after the reply, or self-play's next player)
            pieces, free_lo, free_hi = batch._observe_one(
                i, viewer, board, cities, to_move, reserves, quiet, passes, conquer, winner,
                batch._OWNER, batch._HERO, True, marks, drawn, values, planes, own)
            batch._mask_scanned(i, board, cities, to_move, reserves, winner, batch._STEPS,
                                batch._WARRIOR, relative, masks, listed, counts, own, pieces,
                                free_lo, free_hi)


_step_games_pair = batch._kernels(_step_games)


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
        #: Each player's rewards of a ply (the step's scratch).
        self._scores = np.zeros((num_envs, 2), np.float32)
        self._no_draws = np.zeros(0, np.float64)

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
        ids = ids.astype(np.int64, copy=False)
        # The mask handed out with the last step says what is legal: one lookup per game.
        if self.illegal == "raise":
            bad = _first_illegal(ids, self._masks, self._terminations)
            if bad >= 0:
                raise IllegalAction(f"{int(ids[bad])} is not a legal id in game {bad}")
        if int(games.seen.max()) + 2 > games.history.shape[1]:  # room for two plies
            games._grow(2 * games.history.shape[1])
        fresh = self._fresh
        draws = self._rng.random(self.num_envs) if self.seat is not None else self._no_draws
        kernel = batch._pick(_step_games_pair, self.num_envs)
        kernel(ids, -1 if self.seat is None else self.seat, self.relative, draws,
               tuple(getattr(games, name) for name in batch._FIELDS),
               tuple(getattr(fresh, name) for name in batch._FIELDS), self._masks,
               self._legal, self._counts, self._drawing.marks, self._drawing.drawn,
               self._drawing.values,
               self._observations, self._scores, self._rewards, self._terminations,
               self._illegal, self._opponent, self._reason)
        return (self._out(self._observations), self._out(self._rewards),
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
