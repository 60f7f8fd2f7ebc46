"""Hotseat play: each human sees only their own view; hidden information gets a hand-over."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from meeples.core.capabilities import Capabilities
from meeples.core.errors import IllegalAction
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SECRETS = (11, 22, 33)


@dataclass(frozen=True)
class Table:
    """Three players, each with a secret number; each says 'raise' or 'fold' once per round."""

    turn: int = 0
    said: tuple[str, ...] = ()


class SecretsRules(Rules[Table, str]):
    """A tiny 3-player game with hidden information, to test the terminal on it."""

    capabilities = Capabilities(hidden_information=True)

    name = "secrets"
    title = "Secrets"
    rules_version = 1
    min_players = 3
    max_players = 3
    options: Mapping[str, Option] = {}

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> Table:
        return Table()

    def to_move(self, state: Table) -> int | None:
        return None if len(state.said) >= 6 else state.turn

    def legal_actions(self, state: Table) -> list[str]:
        return [] if len(state.said) >= 6 else ["raise", "fold"]

    def apply(self, state: Table, action: str) -> Table:
        return replace(state, turn=(state.turn + 1) % 3, said=state.said + (action,))

    def outcome(self, state: Table) -> Outcome | None:
        if len(state.said) < 6:
            return None
        return Outcome((2,), ((2,), (1,), (0,)), "highest secret")

    def view(self, state: Table, player: int | None) -> dict[str, Any]:
        return {
            "game": "secrets",
            "player": player,
            "said": list(state.said),
            "my_secret": None if player is None else SECRETS[player],
        }

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        if text not in ("raise", "fold"):
            raise IllegalAction(f"{text!r} is not raise or fold")
        return text

    def format_state(self, state: Table) -> str:
        return f"{state.turn} {','.join(state.said)}"

    def parse_state(self, text: str) -> Table:
        turn, _, said = text.partition(" ")
        return Table(int(turn), tuple(s for s in said.split(",") if s))

    def players(self, state: Table) -> int:
        return 3

    def explain_illegal(self, state: Table, action: str) -> str:
        return "not now"

    def describe_action(self, state: Table, action: str) -> str:
        return f"say {action}"

    def action_parts(self, action: str) -> dict[str, Any]:
        return {"verb": action}

    def prompt(self, state: Table) -> str:
        return "raise or fold"

    def anytime_skip(self, state: Table) -> str | None:
        return None

    def reveals(self, state: Table, action: str) -> bool:
        return False


SECRETS_GAME = Game(SecretsRules())


def shows(text: str, secret: int) -> bool:
    """Return whether a screen shows a secret number in the view's my_secret row."""
    return re.search(rf"my_secret\s+{secret}\b", text) is not None


def hotseat(screen: Screen, script: Script, seats: tuple[str, ...]) -> Session:
    state = SECRETS_GAME.new(players=3)
    return Session(state, make_seats(list(seats), SECRETS_GAME), console=screen.console, ask=script)


def test_hidden_information_hands_over_between_human_seats(screen: Screen) -> None:
    script = Script(["", "raise", "", "fold", "", "raise"])
    hotseat(screen, script, ("human", "human", "human")).run()
    assert script.prompts[:4] == [
        "Player 1, press Enter when ready ",
        "Player 1> ",
        "Player 2, press Enter when ready ",
        "Player 2> ",
    ]
    assert "Pass the keyboard to Player 3." in screen.text


def test_hidden_information_shows_each_human_only_their_own_view(screen: Screen) -> None:
    script = Script(["", "raise", ""])
    hotseat(screen, script, ("human", "human", "human")).run()
    first, _, second = screen.text.partition("Pass the keyboard to Player 2.")
    assert shows(first, 11) and not shows(first, 22)
    assert shows(second, 22) and not shows(second, 11)
    assert not shows(screen.text, 33)


def test_hidden_information_hides_how_bots_acted_beyond_their_action(screen: Screen) -> None:
    script = Script(["", "raise", "", "fold"])
    hotseat(screen, script, ("human", "random", "human")).run()
    assert "Player 2 (random) played" in screen.text
    assert "say " not in screen.text  # descriptions come from the full state: not shown


def test_a_single_human_against_bots_gets_no_hand_over(screen: Screen) -> None:
    script = Script(["raise", "fold"])
    final = hotseat(screen, script, ("human", "random", "random")).run()
    assert final.outcome is not None
    assert all("press Enter" not in prompt for prompt in script.prompts)
    assert not shows(screen.text, 22) and not shows(screen.text, 33)


def test_game_over_names_the_winner_and_ranking_of_three(screen: Screen) -> None:
    hotseat(screen, Script(["raise", "fold"]), ("human", "random", "random")).run()
    assert "Game over: Player 3 wins" in screen.text
    assert "Ranking: 1. Player 3   2. Player 2   3. Player 1" in screen.text


def test_perfect_information_hotseat_needs_no_hand_over(screen: Screen) -> None:
    import meeples

    state = meeples.load("sparta").new()
    script = Script(["b2-b4", "c9-c7"])
    seats = make_seats(["human", "human"], state.game)
    Session(state, seats, console=screen.console, ask=script).run()
    assert script.prompts == ["South> ", "North> ", "South> "]
    assert "South played b2-b4: warrior b2 to b4" in screen.text


class DeclaredHiddenRules(SecretsRules):
    """Views that happen to be equal, in a game that declares hidden information."""

    def view(self, state: Table, player: int | None) -> dict[str, Any]:
        return {"game": "secrets", "player": player, "said": list(state.said)}


def test_declared_hidden_information_hands_over_even_with_equal_views(screen: Screen) -> None:
    game = Game(DeclaredHiddenRules())
    seats = make_seats(["human"] * 3, game)
    script = Script(["", "raise", ""])
    Session(game.new(players=3), seats, console=screen.console, ask=script).run()
    assert script.prompts[2] == "Player 2, press Enter when ready "
