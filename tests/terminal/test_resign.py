"""The terminal's resign: confirmed first; with two players the other wins, with more a bot plays
the seat to the end and it ranks last; no undo goes back past it."""

from __future__ import annotations

import random

import meeples
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")


def play(screen: Screen, seats: list[str], *lines: str, game: str = "sparta",
         players: int = 2) -> tuple[Session, Script]:
    script = Script(lines)
    state = meeples.load(game).new(players=players, seed=5)
    session = Session(state, make_seats(seats, state.game), console=screen.console, ask=script,
                      rng=random.Random(7))
    session.run()
    return session, script


def test_resign_with_two_players_makes_the_other_win(screen: Screen) -> None:
    session, script = play(screen, ["human", "random"], "resign", "yes", "quit")
    outcome = session.outcome
    assert outcome is not None and outcome.winners == (1,) and outcome.ranking == ((1,), (0,))
    assert script.prompts[-1] == "game over> "
    assert "South resigned." in screen.text and "Game over: North" in screen.text


def test_resign_asks_first_and_no_changes_nothing(screen: Screen) -> None:
    session, script = play(screen, ["human", "random"], "resign", "no", "quit")
    assert session.outcome is None and session.resigned == []
    assert "Play on." in screen.text and script.prompts[1].startswith("Resign (the game ends")


def test_undo_does_not_go_back_past_a_resignation(screen: Screen) -> None:
    session, _ = play(screen, ["human", "random"], "b2-b4", "resign", "yes", "undo", "quit")
    assert "A resignation stands" in screen.text and session.outcome is not None


def test_resign_with_three_players_lets_a_bot_play_the_seat_out_ranked_last(
    screen: Screen,
) -> None:
    session, _ = play(screen, ["human", "random", "random"], "resign", "yes",
                      game="rise_of_tribes", players=3)
    outcome = session.outcome
    assert outcome is not None and session.state.outcome is not None  # played to the end
    assert outcome.ranking[-1] == (0,) and 0 not in outcome.winners
    assert "A random bot plays" in screen.text
