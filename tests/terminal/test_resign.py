"""The terminal's resign: confirmed first; with two players the other wins, with more a bot plays
the seat to the end and it ranks last; no undo goes back past it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import meeples
from meeples.cli import build_parser
from meeples.commands import play as play_command
from meeples.commands import replay as replay_command
from meeples.core.record import Match
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


def saved_resignation(screen: Screen, path: Path) -> None:
    """Save a Sparta match that South resigned after one move each."""
    play(screen, ["human", "random"], "b2-b4", "resign", "yes", f"save {path}", "quit")


def test_resignation_is_in_the_saved_record(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_resignation(screen, path)
    match = Match.load(path)
    assert match.resigned == ((0, 2),) and len(match.actions) == 2
    assert json.loads(path.read_text())["resigned"] == [{"seat": 0, "ply": 2}]


def test_play_load_of_a_resigned_two_player_game_stays_over(
    screen: Screen, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    saved_resignation(screen, path)
    later = Screen()
    script = Script(["b9-b7", "quit"])
    args = build_parser().parse_args(["play", "--load", str(path)])
    assert play_command.run(args, console=later.console, ask=script) == 0
    assert script.prompts == ["game over> ", "game over> "]
    assert "Game over: North wins" in later.text and "South resigned" in later.text


def test_play_load_keeps_a_resigned_seat_a_bot_ranked_last(
    screen: Screen, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    session, _ = play(screen, ["human", "human", "random"], "resign", "yes", f"save {path}",
                      "quit", game="rise_of_tribes", players=3)
    (out,) = session.resigned
    ((seat, ply),) = Match.load(path).resigned
    assert seat == out and ply <= len(session.state.history)
    # Loaded with every seat a human: the resigned one stays a bot; the others play it out
    # as bots, and the resigned seat ranks last.
    state = Match.load(path).states()
    loaded = Session(state[-1], make_seats(["random"] * 3, state[-1].game),
                     console=Screen().console, ask=Script([]), rng=random.Random(3),
                     history=state, resigned=Match.load(path).resigned)
    assert loaded.seats[out].label == "random"
    loaded.run()
    outcome = loaded.outcome
    assert outcome is not None and loaded.state.outcome is not None
    assert outcome.ranking[-1] == (out,) and out not in outcome.winners
    humans = build_parser().parse_args(["play", "--load", str(path), "--seats",
                                        "human,human,human"])
    later = Screen()
    play_command.run(humans, console=later.console, ask=Script(["quit"]))
    name = later.text.splitlines()[0]
    assert "random" in name  # the resigned seat, whatever --seats says


def test_replay_final_shows_the_resignation(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_resignation(screen, path)
    later = Screen()
    args = build_parser().parse_args(["replay", str(path), "--final"])
    assert replay_command.run(args, console=later.console) == 0
    assert "South resigned." in later.text and "Game over: North wins" in later.text


def test_load_at_the_prompt_takes_the_saved_resignation(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_resignation(screen, path)
    session, script = play(Screen(), ["human", "random"], f"load {path}", "quit")
    assert session.resigned == [0] and session.outcome is not None
    assert script.prompts[-1] == "game over> "
