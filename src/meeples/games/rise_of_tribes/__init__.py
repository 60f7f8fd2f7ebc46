"""Rise of Tribes (Brooks, 2017): 2-4 players, hex map, dice queues, events, goals, villages.

``GAME`` is the only public entry: it adapts the pure modules to :class:`meeples.core.Game`.
Spec: ``rise_of_tribes.md`` (binding resolutions R1-R14, rules §2, data §3-4, Q1-Q20).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from meeples.core import cow
from meeples.core.chance import CHANCE
from meeples.core.errors import BadOptions
from meeples.core.game import Game, Option, Outcome
from meeples.core.score import ScoreSheet
from meeples.core.text import Message, msg
from meeples.games.rise_of_tribes import (
    describe,
    effects,
    notation,
    refusals,
    rules,
    score,
    view,
    work,
)
from meeples.games.rise_of_tribes.state import CHANCE_PHASES, State


class TileOption(Option):
    """The scenario_tiles option: false, true (all 8, R7), or tile names/ids (list or a,b,c)."""

    __slots__ = ()

    def check(self, name: str, value: Any) -> Any:
        if isinstance(value, bool):
            return value
        names = value.split(",") if isinstance(value, str) else value
        if isinstance(value, (str, list, tuple)) and all(isinstance(v, str) for v in names):
            try:
                rules.tile_codes(value)
            except BadOptions as exc:
                raise BadOptions(msg("rot.option.bad", option=name, why=exc.message)) from exc
            return list(value) if isinstance(value, tuple) else value
        raise BadOptions(msg("rot.option.tiles", option=name, value=repr(value)))


class RiseOfTribesRules:
    """Rise of Tribes' implementation of the core protocol."""

    name = "rise_of_tribes"
    title = "Rise of Tribes"
    # The rules this engine plays (core.game.Rules): bumped by any change that could make a
    # recorded match replay differently, so that no record replays under rules it was not
    # played under (docs/notation.md, "Rules versions").
    rules_version = 1
    min_players = 2
    max_players = 4
    options: Mapping[str, Option] = {
        "events": Option("all16", "Event deck: all 16 events, or the classic 12 (R12)",
                         ("all16", "classic12")),
        "leaders": Option(
            False,
            "Advanced: tribal leader powers, both per tribe unless leader_powers picks one (§4.6)",
        ),
        "leader_powers": Option(
            "both", "With leaders: each tribe uses both of its powers, or each player picks "
            "one of the two before placing (Q18)", ("both", "pick")),
        "scenario_tiles": TileOption(
            False, "Scenario terrain tiles: true for all 8, or a list of names (R7, §4.7)"),
        "elders": Option(False, "Tribal Elders (R5)"),
    }
    limit_endings = frozenset({"rot.end.round_limit"})

    def __init__(self) -> None:
        self._cache: tuple[State | None, list[str]] = (None, [])

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        return rules.initial_state(players, seed, options)

    def to_move(self, state: State) -> int | None:
        if state.over:
            return None
        # rules.is_chance inlined: asked before every action of random play and search
        return CHANCE if state.phase in CHANCE_PHASES else state.decider

    def chance_outcomes(self, state: State) -> list[tuple[str, Fraction]]:
        """Return the outcomes of a chance node (a part of the setup, a die, a goal card, an
        event) with their exact probabilities; none at a player's decision."""
        return rules.chance_outcomes(state)

    # One outcome drawn as likely as chance_outcomes says, without listing them (random play
    # and search; the dealer of a match picks from the list, as verify does).
    sample_chance = staticmethod(rules.sample_chance)

    def legal_actions(self, state: State) -> list[str]:
        # One-entry cache by identity: the facade asks again for the state it just listed
        # (legal() then play()); states are immutable, and the entry keeps its state alive.
        # Callers get a copy ([*x]: no call), free to change it.
        cached = self._cache
        if cached[0] is state:
            return [*cached[1]]
        legal = rules.legal_actions(state)
        self._cache = (state, legal)
        return [*legal]

    # The rules' own function, not a method calling it: one call less on every action.
    apply = staticmethod(rules.apply)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state) if state.over else None

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        return view.view(state, player)

    def format_action(self, action: str) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> str:
        return notation.parse_action(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def players(self, state: State) -> int:
        return state.n

    def explain_illegal(self, state: State, action: str) -> Message:
        """Return why an action is not legal."""
        return refusals.explain_illegal(state, action)

    def describe_action(self, state: State, action: str) -> Message:
        """Return the message that says what a legal action does."""
        return describe.describe_action(state, action)

    def effects(self, state: State, action: str, after: State) -> list[Message]:
        """Return what a legal action caused beyond itself: conflicts, members lost, VP and
        why, bonus resources, villages, events (``effects`` module)."""
        return effects.effects(state, action, after)

    def action_parts(self, action: str) -> dict[str, Any]:
        """Return the structured parts of an action (table: ``notation`` module docstring)."""
        return notation.action_parts(action)

    def prompt(self, state: State) -> Message:
        """Return what the player to decide must decide now."""
        return describe.prompt(state)

    def anytime_skip(self, state: State) -> str | None:
        """Return the action declining an optional power's interruption (Cunning, Evasion, Bow,
        Trader), else None."""
        return describe.anytime_skip(state)

    def anytime_held(self, state: State, player: int) -> list[Message]:
        """Return the powers and the development a player holds that interrupt play only to be
        offered (Cunning, Evasion, Trader, the Bow: :func:`describe.anytime_skip`)."""
        return describe.anytime_held(state, player)

    def chance_actions_v1(self, players: int, seed: int | None,
                          options: Mapping[str, Any] | None, position: str | None,
                          actions: Sequence[str]) -> list[str]:
        """Return the actions of a ``meeples-match/1`` record with its chance outcomes put in
        (the old generator's draws, see :mod:`legacy`)."""
        from meeples.games.rise_of_tribes import legacy

        return legacy.chance_actions(players, seed, options, position, actions)

    def reveals(self, state: State, action: str) -> bool:
        """Return whether an action is a chance outcome (a part of the setup, a die rolled, a
        goal card or an event drawn): what came out is seen, so it cannot be taken back. A
        player's action only leads to a chance node; the draw itself is the next action."""
        return rules.is_chance(state)

    def rounds(self, state: State) -> int:
        """Return the rounds begun: those completed, and the one in which a player reached the
        goal (the game ends at once, mid-round)."""
        return state.rnd + (1 if state.over == 1 else 0)

    def score_sheet(self, state: State) -> ScoreSheet:
        """Return each player's VP by source (villages, goals, events...)."""
        return score.score_sheet(state)


RULES = RiseOfTribesRules()
GAME: Game[State, str] = Game(RULES)
# The checked copy-on-write mode refuses a state holding a mutable container (work.seal).
cow.register(RULES, work.seal)

__all__ = ["GAME", "RULES"]
