"""Sparta (Holtkamp, 2011): two players, warriors and heroes, cities, line captures.

``GAME`` is the only public entry: it adapts the pure modules to :class:`meeples.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeples.core.game import Game, Option, Outcome
from meeples.games.sparta import notation, rules, setup, view
from meeples.games.sparta.state import IS_HERO, NO_CITY, OWNER, PASS, Action, State


class SpartaRules:
    """Sparta's implementation of the core protocol."""

    name = "sparta"
    title = "Sparta"
    min_players = 2
    max_players = 2
    options: Mapping[str, Option] = {
        "heroes_conquer": Option(
            True,
            "Heroes conquer enemy cities too (off: only warriors conquer, as in the English text)",
        ),
        "first": Option(setup.FIRST_PLAYER, "Who moves first: 0 South, 1 North", (0, 1)),
    }

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        return rules.initial_state(players, seed, options)

    def to_move(self, state: State) -> int | None:
        return None if state.outcome is not None else state.to_move

    # The rules' own functions, not wrappers around them: bots and the bench call these
    # millions of times, and a wrapper's extra call costs a tenth of a legal-action list.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        return view.view(state, player)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def players(self, state: State) -> int:
        return 2

    def explain_illegal(self, state: State, action: Action) -> str:
        """Return why an action is not legal, in words."""
        sq = notation.square_name
        if action == PASS:
            return "you may pass only when you have no move and no promotion"
        origin, target = action
        piece = state.board[origin]
        if not piece:
            return f"there is no piece on {sq(origin)}"
        if OWNER[piece] != state.to_move:
            sides = ("South", "North")
            return (
                f"the piece on {sq(origin)} is {sides[OWNER[piece]]}'s;"
                f" {sides[state.to_move]} is to move"
            )
        if origin == target:
            if IS_HERO[piece]:
                return f"the piece on {sq(origin)} is already a hero"
            if state.cities[origin] != state.to_move:
                return f"{sq(origin)} is not one of your cities"
            return "no hero is left in your reserve"
        kind = "hero" if IS_HERO[piece] else "warrior"
        steps = rules.STEPS[piece]
        if state.board[target]:
            return f"{sq(target)} is occupied"
        (r1, f1), (r2, f2) = divmod(origin, 10), divmod(target, 10)
        if max(abs(r1 - r2), abs(f1 - f2)) > steps:
            return f"a {kind} moves at most {steps} steps"
        return f"no path of free squares leads from {sq(origin)} to {sq(target)} in {steps} steps"

    def describe_action(self, state: State, action: Action) -> str:
        """Return a short description in words of a legal action and its consequences."""
        sq = notation.square_name
        if action == PASS:
            return "pass (no other action is possible)"
        origin, target = action
        if origin == target:
            return f"promote the warrior on {sq(origin)} to a hero"
        piece = state.board[origin]
        kind = "hero" if IS_HERO[piece] else "warrior"
        words = [f"{kind} {sq(origin)} to {sq(target)}"]
        after = rules.apply(state, action)
        if after.reserves != state.reserves:
            words.append("becomes a hero")
        if after.cities != state.cities:
            words.append("conquers the city")
        lost = [s for s, p in enumerate(state.board) if p and not after.board[s] and s != origin]
        if after.board[target] == 0:
            lost.append(target)
        if lost:
            own = sum(1 for s in lost if OWNER[state.board[s] or piece] == state.to_move)
            words.append(f"defeats {len(lost) - own} enemy and {own} own piece(s)")
        return ", ".join(words)


RULES = SpartaRules()
GAME: Game[State, Action] = Game(RULES)

__all__ = ["GAME", "NO_CITY", "RULES"]
