"""A PettingZoo parallel environment over a game: every agent observes and acts at each step.

Our games are played in turn, so of the actions a step gets only that of the agent to move is
played; the others' are ignored, whatever they are (a masked policy samples them from an empty
mask). Every step returns every agent's observation (its planes and its mask, all zeros but for
the agent to move next; with ``flat=True`` the planes as one vector and the mask in its info),
rewards (+1/-1/0 at the end, -1 to the player of an illegal id with ``illegal="lose"``), the
same terminations and truncations for all, and infos naming the agent to move next
(``"to_move"``, None once the game has ended) and, at the end, how the game ended
(``"outcome"``). An agent leaves ``agents`` with the end of the game, all at once.

``max_cycles``: the game is cut short (every agent truncated) after ``max_cycles`` decisions
of each player on average (``max_cycles * players`` steps), PettingZoo's meaning for agents
that act in turn. ``state()`` is the whole position (nothing in these games is hidden) as the
first seat's observation. See ``docs/learning.md``.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from meeples.env.agents import RENDER_MODES, Action, Agents, Observation
from meeples.env.records import begin


class MeeplesParallel(Agents, ParallelEnv[str, Observation, Action]):
    """The PettingZoo parallel environment of a game (``meeples.env.parallel``)."""

    metadata: dict[str, Any] = {
        "render_modes": RENDER_MODES, "name": "meeples_v0", "is_parallelizable": True,
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
        self._set_up(game, players, options, render_mode, illegal, checked, relative_actions,
                     flat, max_cycles)
        self.metadata = {**self.metadata, "name": f"meeples_{game}_v0"}
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game and return every agent's observation and info.

        ``options={"position": text}`` starts from a position text, ``{"record": match,
        "ply": n}`` from a match record's position after n of its actions (absent: all;
        :mod:`meeples.env.records`); other keys are ignored.
        """
        begin(self.episode, 0 if seed is None else seed, options)
        self.agents = self.possible_agents[:]
        self.decisions = 0
        self._ended = self.episode.outcome is not None
        outcome = self.episode.outcome_info() if self._ended else None
        return self._observations(), self._infos(outcome)

    def step(self, actions: dict[str, Action]
             ) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool],
                        dict[str, bool], dict[str, dict[str, Any]]]:
        """Play the action of the agent to move (an id; the other agents' are ignored).

        Raises:
            IllegalAction: ``illegal="raise"`` and the action is not legal (or missing).
            RuntimeError: the game has ended: call reset().
        """
        if self._ended or not self.agents:
            raise RuntimeError("the game has ended: call reset()")
        episode = self.episode
        mover = episode.to_move
        assert mover is not None  # the game goes on
        agent = self.possible_agents[mover]
        rewards = dict.fromkeys(self.agents, 0.0)
        terminated = truncated = False
        outcome = None
        if not episode.step(actions.get(agent)):
            rewards[agent] = -1.0
            terminated = True
            outcome = episode.outcome_info(mover)
        elif episode.to_move is None:
            rewards = dict(zip(self.possible_agents, episode.returns(), strict=True))
            terminated = True
            outcome = episode.outcome_info()
        else:
            truncated = self._count_decision()
        self._ended = terminated or truncated
        observations, infos = self._observations(), self._infos(outcome)
        if outcome is not None and outcome["illegal_action"] is not None:
            infos[agent]["illegal_action"] = True
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        if self._ended:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.observe(agent) for agent in self.agents}

    def _infos(self, outcome: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
        """Return each agent's info: the agent to move next, its mask (``flat``), and how the
        game ended (at the end)."""
        to_move = self.episode.to_move
        mover = None if to_move is None or self._ended else self.possible_agents[to_move]
        infos: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            info: dict[str, Any] = {"to_move": mover}
            if self.flat:
                info["action_mask"] = self._mask(self._seat[agent])
            if outcome is not None:
                info["outcome"] = dict(outcome)
            infos[agent] = info
        return infos
