"""A toy game with real private information, registered only in the test session.

No game of ours keeps a hidden part in its state since chance became explicit (issue 13), but
the core keeps the machinery for one that would (the server's guard: secret seed, position never
sent, a start position dealt again; IS-MCTS sampling states from a view). This game exercises it.

Hidden cards: six cards numbered 0 to 5 are shuffled by the seed; each of 2-4 players is dealt
one face down, the rest stay in a face-down stock (its order is the hidden part of the state).
In turn, each player once either keeps their card or swaps it for the stock's top card, which
they alone see. Then the highest card wins. A player's view holds their own card, never another
player's nor the stock's order; a spectator's view holds no card.

:func:`registered` adds it to the registry for the duration of a test (the fixture
``hidden_cards`` in tests/conftest.py), so no other test sees a fourth game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

from meeples.core import registry
from meeples.core.capabilities import Capabilities
from meeples.core.errors import BadPosition
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.core.text import Message, msg

NAME = "hidden_cards"
CARDS = 6


class Cards(NamedTuple):
    hands: tuple[int, ...]  # each player's card (private to its holder)
    stock: tuple[int, ...]  # the undealt cards, top first (nobody knows the order)
    turn: int  # players who have decided so far (player ``turn`` decides next)


class HiddenCardsRules(Rules[Cards, str]):
    name = NAME
    title = "Hidden cards"
    rules_version = 1
    min_players = 2
    max_players = 4
    options: Mapping[str, Option] = {}

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> Cards:
        deck = list(range(CARDS))
        random.Random(seed).shuffle(deck)
        return Cards(tuple(deck[:players]), tuple(deck[players:]), 0)

    def to_move(self, state: Cards) -> int | None:
        return state.turn if state.turn < len(state.hands) else None

    def legal_actions(self, state: Cards) -> list[str]:
        return [] if self.to_move(state) is None else ["keep", "swap"]

    def apply(self, state: Cards, action: str) -> Cards:
        p = state.turn
        if action == "swap":
            hands = (*state.hands[:p], state.stock[0], *state.hands[p + 1:])
            return Cards(hands, (*state.stock[1:], state.hands[p]), p + 1)
        return state._replace(turn=p + 1)

    def outcome(self, state: Cards) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        best = max(state.hands)
        winner = state.hands.index(best)
        ranking = tuple((p,) for p in sorted(range(len(state.hands)),
                                              key=lambda p: -state.hands[p]))
        return Outcome((winner,), ranking, "highest card")

    def view(self, state: Cards, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "player": player,
            "players": len(state.hands),
            "turn": state.turn,
            "stock": len(state.stock),
            "to_move": self.to_move(state),
        }
        if player is not None:
            view["card"] = state.hands[player]
        if self.to_move(state) is None:
            view["hands"] = list(state.hands)  # shown at the end
        return view

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        if text not in ("keep", "swap"):
            raise ValueError(f"not an action: {text!r}")
        return text

    def format_state(self, state: Cards) -> str:
        return " ".join((",".join(map(str, state.hands)), ",".join(map(str, state.stock)),
                         str(state.turn)))

    def parse_state(self, text: str) -> Cards:
        try:
            hands_text, stock_text, turn_text = text.split(" ")
            hands = tuple(int(c) for c in hands_text.split(","))
            stock = tuple(int(c) for c in stock_text.split(",")) if stock_text else ()
            turn = int(turn_text)
        except ValueError as error:
            raise BadPosition(f"not a hidden cards position: {text!r}") from error
        if sorted(hands + stock) != list(range(CARDS)) or not 2 <= len(hands) <= 4 \
                or not 0 <= turn <= len(hands):
            raise BadPosition(f"not a hidden cards position: {text!r}")
        return Cards(hands, stock, turn)

    def players(self, state: Cards) -> int:
        return len(state.hands)

    def explain_illegal(self, state: Cards, action: str) -> Message:
        return msg("core.text", text="keep or swap")

    def describe_action(self, state: Cards, action: str) -> Message:
        return msg("core.text", text=action)

    def action_parts(self, action: str) -> dict[str, Any]:
        return {"verb": action}

    def prompt(self, state: Cards) -> Message:
        return msg("core.text", text="keep or swap")

    def anytime_skip(self, state: Cards) -> str | None:
        return None

    def reveals(self, state: Cards, action: str) -> bool:
        return action == "swap"  # the swapper sees the stock's top card


def sample_state(view: Mapping[str, Any], seed: int) -> Cards:
    """Return a state consistent with a view: the viewer's own card where it has one, the
    other cards dealt at random among the rest (the declared hook for bots and the server's
    deal-again)."""
    players, turn = int(view["players"]), int(view["turn"])
    if "hands" in view:
        hands = tuple(view["hands"])
        rest = [c for c in range(CARDS) if c not in hands]
        random.Random(seed).shuffle(rest)
        return Cards(hands, tuple(rest), turn)
    own = view.get("card")
    rest = [c for c in range(CARDS) if c != own]
    random.Random(seed).shuffle(rest)
    player = view.get("player")
    hands = list(rest[: players - (own is not None)])
    if own is not None:
        hands.insert(int(player), int(own))  # type: ignore[arg-type]
    return Cards(tuple(hands), tuple(c for c in rest if c not in hands), turn)


# declared: the state holds what a player may not see, and how to sample it from a view
HiddenCardsRules.capabilities = Capabilities(hidden_information=True, sample_state=sample_state)
GAME: Game[Any, Any] = Game(HiddenCardsRules())


@contextmanager
def registered() -> Iterator[Game[Any, Any]]:
    """Add the game to the registry (and forget what the bots cached about it) while the block
    runs."""
    from meeples.ai.model import model

    registry.register(__name__)
    try:
        yield GAME
    finally:
        registry.unregister(NAME)
        model.cache_clear()
