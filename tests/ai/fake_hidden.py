"""A tiny hidden-information game for the IS-MCTS tests: guess the secret card.

Player 0 guesses a card in 0..2; the view tells which cards it is not (the public clue) but
never the card. ``sample_state`` draws the card among the ones the clue allows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from meeples.ai.model import GameModel
from meeples.core.capabilities import Capabilities
from meeples.core.game import Game, Option, Outcome, Rules


class Secret(NamedTuple):
    card: int
    excluded: tuple[int, ...]
    guess: int | None = None


class GuessRules(Rules[Secret, int]):
    name = "guess"
    title = "Guess"
    rules_version = 1
    min_players = 2
    max_players = 2
    options: Mapping[str, Option] = {}

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> Secret:
        return Secret(card=0, excluded=(0, 1))  # a lie on purpose: the clue excludes the card

    def to_move(self, state: Secret) -> int | None:
        return 0 if state.guess is None else None

    def legal_actions(self, state: Secret) -> list[int]:
        return [] if state.guess is not None else [0, 1, 2]

    def apply(self, state: Secret, action: int) -> Secret:
        return state._replace(guess=action)

    def outcome(self, state: Secret) -> Outcome | None:
        if state.guess is None:
            return None
        winner = 0 if state.guess == state.card else 1
        return Outcome((winner,), ((winner,), (1 - winner,)), "guess")

    def view(self, state: Secret, player: int | None) -> dict[str, Any]:
        return {"player": player, "excluded": list(state.excluded), "to_move": self.to_move(state)}

    def format_action(self, action: int) -> str:
        return f"card{action}"

    def parse_action(self, text: str) -> int:
        return int(text.removeprefix("card"))

    def format_state(self, state: Secret) -> str:
        return f"{state.card} {state.excluded} {state.guess}"

    def parse_state(self, text: str) -> Secret:
        raise NotImplementedError

    def players(self, state: Secret) -> int:
        return 2

    def explain_illegal(self, state: Secret, action: int) -> str:
        return "no"

    def describe_action(self, state: Secret, action: int) -> str:
        return "guess"

    def action_parts(self, action: int) -> dict[str, Any]:
        return {"verb": "guess", "card": action}

    def prompt(self, state: Secret) -> str:
        return "guess the card"

    def anytime_skip(self, state: Secret) -> int | None:
        return None

    def reveals(self, state: Secret, action: int) -> bool:
        return True  # a guess shows whether the hidden card was it


SAMPLED_FROM: list[Mapping[str, Any]] = []


def sample_state(view: Mapping[str, Any], seed: int) -> Secret:
    """Return a state consistent with the view: a card the clue does not exclude."""
    SAMPLED_FROM.append(view)
    allowed = [c for c in range(3) if c not in view["excluded"]]
    return Secret(card=random.Random(seed).choice(allowed), excluded=tuple(view["excluded"]))


GuessRules.capabilities = Capabilities(hidden_information=True, sample_state=sample_state)
GAME = Game(GuessRules())
MODEL = GameModel(game=GAME, evaluate_fn=None, sample_fn=sample_state)
