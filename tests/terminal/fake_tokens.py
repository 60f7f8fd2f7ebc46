"""A tiny 3-player game with "at any time" tokens, to test the terminal's turn flow.

Each turn has three phases. At the start of each phase every player still holding a token
decides, the active player first, whether to use it (``use``) or not (``done``): a decision that
exists only because of the token, so ``anytime_skip`` names ``done``. Then the active player
plays ``act``. The game ends after six turns (two rounds); the most tokens kept wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from meeples.core.errors import IllegalAction
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.core.text import Message, msg

PHASES = 3
TURNS = 6


@dataclass(frozen=True)
class Table:
    """Whose turn, which phase, who still decides about their token, who holds one."""

    turn: int = 0
    phase: int = 0
    window: tuple[int, ...] = (0, 1, 2)
    holders: tuple[int, ...] = (0, 1, 2)


def _window(active: int, holders: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p for p in ((active + i) % 3 for i in range(3)) if p in holders)


class TokensRules(Rules["Table", str]):
    """The rules of the fake game (see the module docstring)."""

    name = "tokens"
    title = "Tokens"
    rules_version = 1
    min_players = 3
    max_players = 3
    options: Mapping[str, Option] = {}

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> Table:
        return Table()

    def to_move(self, state: Table) -> int | None:
        if state.turn >= TURNS:
            return None
        return state.window[0] if state.window else state.turn % 3

    def legal_actions(self, state: Table) -> list[str]:
        if state.turn >= TURNS:
            return []
        return ["use", "done"] if state.window else ["act"]

    def apply(self, state: Table, action: str) -> Table:
        if action == "use":
            return replace(state, window=state.window[1:],
                           holders=tuple(p for p in state.holders if p != state.window[0]))
        if action == "done":
            return replace(state, window=state.window[1:])
        turn, phase = state.turn, state.phase + 1
        if phase == PHASES:
            turn, phase = turn + 1, 0
        return replace(state, turn=turn, phase=phase, window=_window(turn % 3, state.holders))

    def outcome(self, state: Table) -> Outcome | None:
        if state.turn < TURNS:
            return None
        keep = sorted(range(3), key=lambda p: (p not in state.holders, p))
        return Outcome((keep[0],), tuple((p,) for p in keep), "most tokens kept")

    def view(self, state: Table, player: int | None) -> dict[str, Any]:
        return {"game": "tokens", "player": player, "active": state.turn % 3,
                "turn": state.turn, "phase": state.phase, "holders": list(state.holders)}

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        if text not in ("use", "done", "act"):
            raise IllegalAction(f"{text!r} is not use, done or act")
        return text

    def format_state(self, state: Table) -> str:
        return f"{state.turn} {state.phase} {state.window} {state.holders}"

    def parse_state(self, text: str) -> Table:
        raise NotImplementedError

    def players(self, state: Table) -> int:
        return 3

    def explain_illegal(self, state: Table, action: str) -> str:
        return "not now"

    def describe_action(self, state: Table, action: str) -> str:
        return {"use": "use the token", "done": "keep the token", "act": "act"}[action]

    def anytime_skip(self, state: Table) -> str | None:
        return "done" if state.window and state.turn < TURNS else None

    def anytime_held(self, state: Table, player: int) -> list[Message]:
        return [msg("core.text", text="the token")] if player in state.holders else []

    def reveals(self, state: Table, action: str) -> bool:
        return False

    def action_parts(self, action: str) -> dict[str, Any]:
        return {"verb": action}

    def prompt(self, state: Table) -> str:
        return "use the token or act"


TOKENS = Game(TokensRules())
