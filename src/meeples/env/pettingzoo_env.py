"""A PettingZoo AEC environment over a game: every seat an agent, ``player_0`` .. ``player_n-1``.

Each agent observes ``{"observation": planes, "action_mask": int8 mask}`` (the mask is all zeros
but for the agent to move), or with ``flat=True`` its planes as one vector, the mask in its
``info["action_mask"]`` (:mod:`meeples.env.agents`); acts with an id of the game's fixed action
table (``Discrete(COUNT)``); and gets +1 (a winner), -1 (the others) or 0 (everyone, a draw) when
the game ends. ``max_cycles`` cuts a game short (every agent truncated) after that many
decisions of each player on average, ``state()`` is the whole position (nothing is hidden) as
the first seat's observation. See ``docs/learning.md``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv

from meeples.env.agents import RENDER_MODES, Action, Agents, Observation
from meeples.env.records import begin


class MeeplesAEC(Agents, AECEnv[str, Observation, Action]):
    """The PettingZoo AEC environment of a game (``meeples.env.aec``)."""

    metadata: dict[str, Any] = {
        "render_modes": RENDER_MODES, "name": "meeples_v0", "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        illegal: str = "lose",
        checked: bool = False,
        relative_actions: bool = False,
        flat: bool = False,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is unannotated
        self._set_up(game, players, options, render_mode, illegal, checked, relative_actions,
                     flat, max_cycles)
        self.metadata = {**self.metadata, "name": f"meeples_{game}_v0"}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``options={"position": text}`` starts from a position text,
        ``{"record": match, "ply": n}`` from a match record's position after n of its actions
        (absent: all; :mod:`meeples.env.records`); other keys are ignored. The seed seeds the
        game's setup (Sparta's has no chance) and the chance after a record."""
        begin(self.episode, 0 if seed is None else seed, options)
        self.agents = self.possible_agents[:]
        self.decisions = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        over = self._ended = self.episode.outcome is not None
        self.terminations = dict.fromkeys(self.agents, over)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        if over:
            self._tell_outcome(self.episode.outcome_info())
        to_move = self.episode.to_move
        self.agent_selection = self.agents[0 if to_move is None else to_move]
        if self.flat:
            self._share_masks()

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool,
                                                  dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation (None with
        ``observe=False``), cumulative reward, termination, truncation and info (the same,
        without its assertion's and calls' cost on every step)."""
        agent = self.agent_selection
        observation: Observation | None = None
        if observe:  # observe(agent), inlined
            seat = self._seat[agent]
            episode = self.episode
            if self.flat:
                observation = episode.observe(seat).reshape(-1)
            else:
                if episode.to_move == seat and not self._ended:
                    mask = episode.mask()
                else:
                    mask = np.zeros(episode.count, dtype=np.int8)
                observation = {"observation": episode.observe(seat), "action_mask": mask}
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_masks(self) -> np.ndarray:
        """Return the selected agent's legal ids as booleans (sb3-contrib's convention)."""
        return self.action_mask(self.agent_selection)

    def step(self, action: Action) -> None:
        """Play the selected agent's action id (``None`` for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        # Rewards come only at the end: until then every reward stays 0 and needs no clearing.
        self._cumulative_rewards[agent] = 0.0
        if not episode.step(action):
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
            self._ended = True
            self._accumulate_rewards()
            self._tell_outcome(episode.outcome_info(self._seat[agent]))
        else:
            to_move = episode.to_move
            if to_move is None:
                for seat, reward in enumerate(episode.returns()):
                    self.rewards[self.possible_agents[seat]] = reward
                self.terminations = dict.fromkeys(self.agents, True)
                self._ended = True
                self._accumulate_rewards()
                self._tell_outcome(episode.outcome_info())
                to_move = (self._seat[agent] + 1) % episode.players
            elif self.max_cycles is not None and self._count_decision():
                self.truncations = dict.fromkeys(self.agents, True)
                self._ended = True
            self.agent_selection = self.possible_agents[to_move]
        if self.flat:
            self._share_masks()
        if self.render_mode == "human":
            self.render()

    def _share_masks(self) -> None:
        """Put each agent's mask in its info (``flat=True``)."""
        for agent in self.agents:
            self.infos[agent]["action_mask"] = self._mask(self._seat[agent])

    def _tell_outcome(self, outcome: dict[str, Any] | None) -> None:
        """Put how the game ended in every agent's info (each its own copy)."""
        for agent in self.agents:
            self.infos[agent] = {**self.infos[agent], "outcome": dict(outcome or {})}

    def _observer(self) -> int:
        """Return the seat whose view a frame shows: the selected agent's."""
        return self._seat.get(getattr(self, "agent_selection", ""), 0)
