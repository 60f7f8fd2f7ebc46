"""What PettingZoo's two interfaces share over one game: agents, spaces, observations, masks.

:class:`Agents` is the common part of the AEC environment (``meeples.env.aec``) and the parallel
one (``meeples.env.parallel``): the agents ``player_0`` .. ``player_n-1``, their spaces, each
agent's observation and legal-action mask, the global state, the cap on a game's length, and
rendering.

An observation is ``{"observation": planes, "action_mask": int8 mask}`` by default (the mask
all zeros but for the agent to move). With ``flat=True`` it is the planes alone, flattened into
one ``Box`` vector, and the mask goes to the agent's ``info["action_mask"]`` and to
:meth:`Agents.action_mask`: the form SuperSuit's wrappers and plain (unmasked) policies take.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from meeples.env.episode import Episode, Mask
from meeples.env.relative import make_episode

#: ``{"observation": planes, "action_mask": mask}``, or with ``flat=True`` the planes as one
#: vector (typed loosely: every caller knows which it asked for).
Observation = Any
#: An id (an int or a NumPy integer, as spaces sample them), or None for an agent whose game is
#: over (PettingZoo's dead step).
Action = Any

RENDER_MODES = ["human", "ansi", "rgb_array"]


class Agents:
    """The agents of one game and what each sees (see the module)."""

    episode: Episode
    render_mode: str | None
    flat: bool
    possible_agents: list[str]

    def _set_up(self, game: str, players: int | None, options: Mapping[str, Any],
                render_mode: str | None, illegal: str, checked: bool, relative_actions: bool,
                flat: bool, max_cycles: int | None) -> None:
        """Make the episode, the agents and their spaces.

        Raises:
            ValueError: a bad render mode, flat flag or max_cycles (and as
                :func:`make_episode`).
        """
        self.episode = make_episode(game, players, options, illegal, checked, relative_actions)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be human, ansi, rgb_array or None, not {render_mode!r}")
        if not isinstance(flat, bool):
            raise ValueError(f"flat must be True or False, not {flat!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool)
                                       or not isinstance(max_cycles, int) or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number from 1, or None, not"
                             f" {max_cycles!r}")
        self.render_mode = render_mode
        self.flat = flat
        #: A game is cut short (truncated) after this many decisions of each player on
        #: average (``max_cycles * players`` steps); None: never (every game ends by its rules).
        self.max_cycles = max_cycles
        #: The decisions (steps) of the game so far (the AEC environment counts them only with a
        #: cap, a step's work the fewer).
        self.decisions = 0
        self.possible_agents = [f"player_{i}" for i in range(self.episode.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        spec = self.episode.spec
        count = self.episode.count
        shape = (math.prod(spec.shape),) if flat else spec.shape
        planes = gymnasium.spaces.Box(0.0, 1.0, shape, np.float32)
        masks = gymnasium.spaces.Box(0, 1, (count,), np.int8)
        self._observation_spaces: dict[str, gymnasium.spaces.Space[Any]] = {
            agent: planes if flat else gymnasium.spaces.Dict(
                {"observation": planes, "action_mask": masks})
            for agent in self.possible_agents
        }
        self._action_spaces: dict[str, gymnasium.spaces.Space[Any]] = {
            agent: gymnasium.spaces.Discrete(count) for agent in self.possible_agents
        }
        #: The space of :meth:`state`.
        self.state_space = planes
        no_mask = np.zeros(count, dtype=np.int8)
        no_mask.flags.writeable = False  # shared by every agent not to move
        self._no_mask = no_mask
        #: Whether the game has ended (over, or cut short): nobody's mask has a legal id.
        self._ended = True

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def _mask(self, seat: int) -> Mask:
        """Return a seat's mask: its legal ids when it is to move in a game going on, else the
        shared zeros (read-only)."""
        if self.episode.to_move == seat and not self._ended:
            return self.episode.mask()
        return self._no_mask

    def observe(self, agent: str) -> Observation:
        """Return an agent's observation: its planes and its mask (all zeros when it is not to
        move), or with ``flat=True`` its planes as one vector."""
        seat = self._seat[agent]
        planes = self.episode.observe(seat)
        if self.flat:
            return planes.reshape(-1)
        mask = self._mask(seat)
        return {"observation": planes,
                "action_mask": mask.copy() if mask is self._no_mask else mask}

    def state(self) -> npt.NDArray[np.float32]:
        """Return the whole position: nothing in these games is hidden (Sparta's board, Rise of
        Tribes' open table, Meeple War's map), so it is the first seat's observation planes
        (flattened with ``flat``), one frame for every agent (a centralised critic's input)."""
        planes = self.episode.observe(0)
        return planes.reshape(-1) if self.flat else planes

    def _count_decision(self) -> bool:
        """Count a decision; return whether the game is now cut short by ``max_cycles``."""
        self.decisions += 1
        cap = self.max_cycles
        return cap is not None and self.decisions >= cap * self.episode.players

    def action_mask(self, agent: str) -> npt.NDArray[np.bool_]:
        """Return an agent's legal ids as booleans (all False when it is not to move)."""
        return self._mask(self._seat[agent]).astype(bool)

    def render(self) -> Any:
        """Return the terminal board ("ansi"), print it ("human"), or return the board drawn
        from the view of the agent to move (the first once the game is over) as an
        ``(H, W, 3)`` uint8 image ("rgb_array")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi'")
            return None
        return self.episode.render(self.render_mode, self._observer())

    def _observer(self) -> int:
        """Return the seat whose view a frame shows."""
        to_move = self.episode.to_move
        return 0 if to_move is None else to_move

    def close(self) -> None:
        """Nothing to release."""
