"""Scripted `meeples play` sessions through the injectable loop: moves, errors, undo, files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import meeples
from meeples.cli import build_parser
from meeples.commands import play
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")
# South (W) to move can capture e5 with f3-f5, leaving North one piece: a win in one.
NEAR_END = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def session(screen: Screen, script: Script, state=None, seats=("human", "random")) -> Session:
    state = state or SPARTA.new(seed=0)
    return Session(
        state, make_seats(list(seats), state.game), console=screen.console, ask=script,
        rng=random.Random(7),
    )


def play_args(*words: str):
    return build_parser().parse_args(["play", *words])


def test_play_vs_random_reaches_the_end_and_shows_the_outcome(screen: Screen) -> None:
    holder: list[Session] = []

    def winning_or_first() -> str:
        state = holder[0].state
        legal = state.legal()
        if not legal:  # the game is over and the prompt stays open
            return "quit"
        return next((a for a in legal if state.play(a).outcome is not None), legal[0])

    script = Script(["a1-a2"] + [winning_or_first] * 300)
    holder.append(session(screen, script, SPARTA.parse(NEAR_END)))
    final = holder[0].run()
    assert final.outcome is not None
    assert final.history[0] == "a1-a2"
    assert "North (random) played" in screen.text
    assert "Game over:" in screen.text
    assert final.outcome.message is not None  # worded with the table's names
    assert f"Reason: {holder[0].words(final.outcome.message)}" in screen.text


def test_outcome_names_the_winner_and_the_ranking(screen: Screen) -> None:
    final = session(screen, Script(["f3-f5"]), SPARTA.parse(NEAR_END)).run()
    assert final.outcome is not None and final.outcome.winners == (0,)
    assert "Game over: South wins" in screen.text
    assert "Ranking: 1. South   2. North" in screen.text


def test_illegal_move_shows_why_and_changes_nothing(screen: Screen) -> None:
    game = session(screen, Script(["b2-b5"]))
    final = game.run()
    assert "'b2-b5' is not legal: a warrior moves at most 2 steps" in screen.text
    assert final.history == () and final == SPARTA.new(seed=0)


def test_malformed_action_shows_the_notation(screen: Screen) -> None:
    session(screen, Script(["hello"])).run()
    assert "'hello' is not a Sparta action (write a move as b2-b4" in screen.text


def test_moves_lists_every_legal_action(screen: Screen) -> None:
    session(screen, Script(["moves"])).run()
    assert "118 legal actions:" in screen.text
    assert all(action in screen.text for action in SPARTA.new().legal())


def test_moves_with_a_prefix_describes_each_action(screen: Screen) -> None:
    session(screen, Script(["moves b2"])).run()
    assert "13 legal action(s):" in screen.text
    assert "b2-b4  warrior b2 to b4" in screen.text


def test_question_mark_lists_the_moves_too(screen: Screen) -> None:
    session(screen, Script(["? i2-j"])).run()
    assert "i2-j1  warrior i2 to j1" in screen.text


def test_undo_takes_back_the_bot_reply_too(screen: Screen) -> None:
    game = session(screen, Script(["b2-b4", "undo"]))
    final = game.run()
    assert final.history == ()
    assert "Took back: b2-b4, " in screen.text


def test_undo_at_the_start_has_nothing_to_undo(screen: Screen) -> None:
    session(screen, Script(["undo"])).run()
    assert "Nothing to undo." in screen.text


def test_undo_never_takes_back_another_humans_decision(screen: Screen) -> None:
    final = session(screen, Script(["b2-b4", "c9-c7", "undo"]), seats=("human", "human")).run()
    assert final.history == ("b2-b4", "c9-c7")
    assert "Cannot undo: North decided since (c9-c7)" in screen.text


def test_save_then_load_reproduces_the_position(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved = session(screen, Script(["b2-b4", "c2-c4", f"save {path}"])).run()
    assert json.loads(path.read_text())["actions"] == list(saved.history)
    loaded = session(screen, Script([f"load {path}"])).run()
    assert loaded == saved and loaded.history == saved.history
    # The console may wrap a long temporary path, so compare without white space.
    squeezed = "".join(screen.text.split())
    assert "".join(f"Loaded 4 action(s) from {path}.".split()) in squeezed


def test_load_of_a_corrupt_file_says_why_and_changes_nothing(
    screen: Screen, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ not json")
    final = session(screen, Script(["b2-b4", f"load {path}"])).run()
    assert f"{path}: not valid JSON" in screen.text
    assert "(nothing changed)" in screen.text
    assert final.history[0] == "b2-b4"


def test_save_without_a_file_name_asks_for_one(screen: Screen) -> None:
    session(screen, Script(["save"])).run()
    assert "save needs a file name" in screen.text


def test_quit_leaves_at_once(screen: Screen) -> None:
    script = Script(["quit", "b2-b4"])
    final = session(screen, script).run()
    assert final.history == () and script.lines == ["b2-b4"]


def test_help_lists_the_commands(screen: Screen) -> None:
    session(screen, Script(["help"])).run()
    for command in ("moves", "undo", "save FILE", "load FILE", "hint", "quit"):
        assert command in screen.text


def test_hint_suggests_legal_actions(screen: Screen) -> None:
    session(screen, Script(["hint"]), SPARTA.parse(NEAR_END)).run()
    assert "Suggested" in screen.text or "not available" in screen.text
    if "Suggested" in screen.text:
        assert "f3-f5" in screen.text


def test_bots_alone_play_a_whole_game(screen: Screen) -> None:
    final = session(screen, Script([]), SPARTA.parse(NEAR_END), seats=("random", "random")).run()
    assert final.outcome is not None
    assert "South (random) played" in screen.text


def test_play_command_loads_a_saved_match_and_continues(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    SPARTA.new(seed=3).play("b2-b4").record().save(path)
    script = Script(["c9-c7", "quit"])
    assert play.run(play_args("--load", str(path)), console=screen.console, ask=script) == 0
    assert "South played b2-b4" not in screen.text  # loading is not news
    assert script.prompts == ["North> ", "South> "]


def test_play_command_with_seed_and_option_sets_up_the_game(screen: Screen) -> None:
    args = play_args("sparta", "--vs", "random", "--seed", "5", "--option", "first=1")
    assert play.run(args, console=screen.console, ask=Script(["quit"])) == 0
    assert "North to move (you)" not in screen.text  # North moves first, and North is the bot
    assert "South to move (you)" in screen.text
    assert "North (random) played" in screen.text


def test_a_few_legal_actions_are_listed_without_asking(screen: Screen) -> None:
    # Both South warriors are walled in by North in their corners: pass is all they have.
    session(screen, Script([]), SPARTA.parse(NEAR_END)).run()
    assert "Your options:" not in screen.text
    boxed = "8wW/8ww/10/10/10/10/10/10/ww8/Wh8 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/7 0 0"
    session(screen, Script([]), SPARTA.parse(boxed)).run()
    assert "Your options:\npass  pass (no other action is possible)" in screen.text


class ForgetfulBot:
    """Plays the first legal action and counts how often it is told to forget."""

    def __init__(self) -> None:
        self.resets = 0

    def choose(self, view, legal, rng) -> str:
        return legal[0]

    def reset(self) -> None:
        self.resets += 1


def test_undo_makes_bots_forget_the_abandoned_line(screen: Screen) -> None:
    from meeples.terminal.seats import Seat

    bot = ForgetfulBot()
    state = SPARTA.new()
    seats = [Seat("human"), Seat("first", bot)]
    final = Session(state, seats, console=screen.console, ask=Script(["b2-b4", "undo"])).run()
    assert final.history == () and bot.resets == 1
