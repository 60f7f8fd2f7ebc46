"""A Gymnasium environment over a game: the learner plays one seat, our bots play the others.

The learner observes its planes (a ``Box`` of float32 in [0, 1]), acts with an id of the game's
fixed action table (``Discrete(COUNT)``), and gets +1, -1 or 0 when the game ends, as in the
PettingZoo environment. ``action_masks()`` (sb3-contrib's ``MaskablePPO`` convention) and
``info["action_mask"]`` give the legal ids. The bots choose from the view and the legal action
texts, as they do against a human, with a generator seeded from the environment's
``np_random``, so ``reset(seed=...)`` replays a whole episode. See ``docs/learning.md``.
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from meeples.ai.bot import Bot, SearchBot
from meeples.ai.levels import get_bot
from meeples.env import SlowOpponentWarning
from meeples.env.episode import LazyView, Mask
from meeples.env.records import begin
from meeples.env.registry import Planes
from meeples.env.relative import make_episode

Opponent = str | Bot


def warn_if_slow(bot: Bot, spec: object) -> None:
    """Warn (:class:`SlowOpponentWarning`) when an opponent is one of our searching bots."""
    if isinstance(bot, SearchBot):
        warnings.warn(
            f"opponent {spec if isinstance(spec, str) else bot.name!r} searches on every move:"
            f" a learner steps some hundreds of times a second against such a bot (Sparta:"
            f" 388 against 'heuristic', 211 'easy', 166 'normal'), about 10,000 times against"
            f" 'random', the default. Fine for evaluation; for a first training run,"
            f" opponents='random' (filter meeples.env.SlowOpponentWarning to silence this)",
            SlowOpponentWarning, stacklevel=4)


class MeeplesGym(gymnasium.Env[Planes, np.int64]):
    """The Gymnasium environment of a game's seat against bots (``meeples.env.gym``)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        *,
        players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        checked: bool = False,
        relative_actions: bool = False,
        flat: bool = False,
        **options: Any,
    ) -> None:
        if not isinstance(flat, bool):
            raise ValueError(f"flat must be True or False, not {flat!r}")
        #: Whether observations are flattened into one vector.
        self.flat = flat
        self.episode = make_episode(game, players, options, illegal, checked, relative_actions)
        count = self.episode.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise ValueError(f"seat must be a player index from 0 to {count - 1}, not {seat!r}")
        self.seat = seat
        others = [p for p in range(count) if p != seat]
        given = [opponents] if isinstance(opponents, str) or not isinstance(
            opponents, Sequence
        ) else list(opponents)
        if len(given) == 1:
            given = given * len(others)
        if len(given) != len(others):
            raise ValueError(f"{len(given)} opponents for {len(others)} other seats")
        self.opponents: dict[int, Bot] = {
            p: get_bot(game, bot) if isinstance(bot, str) else bot
            for p, bot in zip(others, given, strict=True)
        }
        for bot, spec in zip(self.opponents.values(), given, strict=True):
            warn_if_slow(bot, spec)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be human, ansi, rgb_array or None, not {render_mode!r}")
        self.render_mode = render_mode
        shape = self.episode.spec.shape
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, (math.prod(shape),) if flat else shape, np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.episode.count)
        self._bot_rng = random.Random(0)
        #: Whether the episode has ended: the game is over, or the learner lost by an illegal id.
        self._ended = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Planes, dict[str, Any]]:
        """Start a new game and let the bots play until the learner's turn.

        ``options={"position": text}`` starts from a position text, ``{"record": match,
        "ply": n}`` from a match record's position after n of its actions (absent: all;
        :mod:`meeples.env.records`); other keys are ignored.
        """
        super().reset(seed=seed)
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        for bot in self.opponents.values():
            bot.reset()
        begin(self.episode, game_seed, options)
        self._play_opponents()
        self._ended = self.episode.outcome is not None
        info = self._info()
        if self._ended:
            info["outcome"] = self.episode.outcome_info()
        return self._observe(), info

    def step(self, action: np.int64 | int) -> tuple[Planes, float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots' until the learner's turn or the end."""
        observation, reward, terminated, illegal = self.advance(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        elif self.render_mode == "human":
            self.render()
        if terminated:
            info["outcome"] = self.episode.outcome_info(self.seat if illegal else None)
        return observation, reward, terminated, False, info

    def advance(self, action: np.int64 | int) -> tuple[Planes, float, bool, bool]:
        """Play the learner's action id and the bots' replies; return the observation, the
        reward, whether the episode ended and whether the id was illegal (the step without its
        info and rendering, for the vector environment).

        Raises:
            RuntimeError: the episode has ended.
            IllegalAction: an illegal id with ``illegal="raise"``.
        """
        episode = self.episode
        if self._ended:
            raise RuntimeError("the episode has ended: call reset()")
        number = episode.check(action)
        if number is None:
            self._ended = True
            return self._observe(), -1.0, True, True
        episode.play(number)
        self._play_opponents()
        over = self._ended = episode.outcome is not None
        reward = episode.returns()[self.seat] if over else 0.0
        return self._observe(), reward, over, False

    @property
    def ended(self) -> bool:
        """Whether the episode has ended: the game is over, or the learner played an illegal id."""
        return self._ended

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the learner's legal ids as booleans (all False once the game is over)."""
        return self._mask().astype(bool)

    def render(self) -> Any:
        """Return the terminal board ("ansi"), print it ("human"), or return the board drawn
        from the learner's view as an ``(H, W, 3)`` uint8 image ("rgb_array")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi'")
            return None
        return self.episode.render(self.render_mode, self.seat)

    def _observe(self) -> Planes:
        """Return the learner's planes (as one vector with ``flat``)."""
        planes = self.episode.observe(self.seat)
        return planes.reshape(-1) if self.flat else planes

    def _mask(self) -> Mask:
        if self._ended or self.episode.to_move != self.seat:
            return np.zeros(self.episode.count, dtype=np.int8)
        return self.episode.mask()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def _play_opponents(self) -> None:
        episode = self.episode
        while (player := episode.to_move) is not None and player != self.seat:
            view = LazyView(episode, player)
            bot = self.opponents[player]
            episode.play_text(bot.choose(view, episode.legal_texts(), self._bot_rng))
