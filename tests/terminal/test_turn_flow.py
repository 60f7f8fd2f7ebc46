"""Turn flow: the anytime setting (ask / own / never), passed decisions as recorded actions,
and undo that takes back only the asking person's own decisions."""

from __future__ import annotations

import random
from typing import Any

from meeples.cli import build_parser
from meeples.core.game import State
from meeples.terminal.seats import Seat
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script
from tests.terminal.fake_tokens import TOKENS


class LastBot:
    """Plays the last legal action: keeps its token (done), then acts."""

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[-1]


class Table:
    """A scripted table of the tokens game: records every question a person is asked."""

    def __init__(self, screen: Screen, seats: list[Seat], anytime: str = "own",
                 lines: list[Any] | None = None) -> None:
        self.asked: list[tuple[int, int, bool]] = []  # (who, whose turn, a token question)
        script = Script([*(lines or []), *[self.reply] * 200])
        self.script = script
        self.session = Session(TOKENS.new(players=3), seats, console=screen.console,
                               ask=script, anytime=anytime)

    def reply(self) -> str:
        state = self.session.state
        if state.outcome is not None:
            return "quit"
        player = state.to_move
        assert player is not None
        self.asked.append((player, state.view(None)["active"], state.anytime_skip() is not None))
        return state.legal()[-1]

    def run(self) -> State[Any, Any]:
        return self.session.run()

    def token_questions(self, *, on_turn_of_others: bool) -> int:
        return sum(1 for who, active, token in self.asked
                   if token and (who != active) == on_turn_of_others)


def two_humans_and_a_bot() -> list[Seat]:
    return [Seat("human"), Seat("human"), Seat("last", LastBot())]


def test_anytime_own_asks_token_questions_only_on_the_players_own_turn(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "own")
    final = table.run()
    assert final.outcome is not None
    assert table.token_questions(on_turn_of_others=True) == 0
    assert table.token_questions(on_turn_of_others=False) == 4 * 3  # 4 human turns, 3 phases


def test_anytime_ask_asks_at_every_opportunity(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "ask")
    table.run()
    # Each of the 6 turns has 3 phases, each asking both humans: 36 questions, 12 of them
    # during the bot's two turns (2 humans x 3 phases each turn), 24 on a human's own turn.
    assert table.token_questions(on_turn_of_others=True) + table.token_questions(
        on_turn_of_others=False) == 36
    bot_turns = [q for q in table.asked if q[1] == 2]
    assert len(bot_turns) == 12


def test_anytime_never_asks_no_token_question(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "never")
    final = table.run()
    assert final.outcome is not None
    assert table.token_questions(on_turn_of_others=True) == 0
    assert table.token_questions(on_turn_of_others=False) == 0
    assert len(table.asked) == 4 * 3  # only the humans' own actions


def test_passed_decisions_are_recorded_like_typed_ones(screen: Screen) -> None:
    asked = Table(screen, two_humans_and_a_bot(), "ask").run()
    passed = Table(Screen(), two_humans_and_a_bot(), "never").run()
    assert passed.history == asked.history
    assert passed.history.count("done") == 6 * 3 * 3


def test_news_counts_the_passed_decisions_instead_of_listing_each(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "own")
    table.run()
    assert "Passed for Player 2 (anytime own): done x3." in screen.text
    # Each passed decision is counted, never listed as played: the first one of Player 2 was.
    assert screen.text.count("Player 2 played done") < screen.text.count("Passed for Player 2")
    assert "Player 3 (last) played done" in screen.text  # a bot's choice is news


def test_set_anytime_never_passes_the_decision_at_hand(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "ask", lines=["set anytime never"])
    table.run()
    assert "Player 1: never ask (pass them all for me)." in screen.text
    assert not any(token for who, _, token in table.asked if who == 0)
    assert table.token_questions(on_turn_of_others=True) > 0  # Player 2 is still asked


def test_set_without_words_shows_the_settings(screen: Screen) -> None:
    Table(screen, two_humans_and_a_bot(), "own", lines=["set", "quit"]).run()
    assert "anytime own: ask only on my own turn" in screen.text
    assert "board auto:" in screen.text


def test_set_with_a_bad_value_says_what_it_takes(screen: Screen) -> None:
    Table(screen, two_humans_and_a_bot(), "own", lines=["set anytime sometimes", "quit"]).run()
    assert "set takes: set anytime ask|own|never; set board auto|grid|list" in screen.text


def test_undo_skips_back_over_the_decisions_passed_by_the_setting(screen: Screen) -> None:
    seats = [Seat("human"), Seat("last", LastBot()), Seat("last", LastBot())]
    table = Table(screen, seats, "own")
    # Player 1 answers its three phases of turn 0 (done, act x3); at its next question
    # (turn 3) it types undo: the passes of turns 1-2 and the bots' replies go too.
    answers = ["done", "act"] * 3
    table.script.lines[:0] = [*answers, "undo", "quit"]
    final = table.run()
    assert final.inner.turn == 0 and final.inner.phase == 2
    assert final.history[-1] == "done" and final.to_move == 0
    assert "Took back: act, " in screen.text


def test_undo_never_takes_back_another_persons_decision(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "own")
    # Player 1 plays turn 0; Player 2 plays turn 1; at turn 3 Player 1 types undo.
    table.script.lines[:0] = ["done", "act"] * 3 + ["done", "act"] * 3 + ["undo", "quit"]
    final = table.run()
    assert "Cannot undo: Player 2 decided since (done)" in screen.text
    assert final.inner.turn == 3


def test_play_command_takes_the_anytime_setting() -> None:
    args = build_parser().parse_args(["play", "sparta", "--anytime", "own"])
    assert args.anytime == "own"
    assert build_parser().parse_args(["play", "sparta"]).anytime == "never"


def test_undo_before_ones_first_decision_says_so(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "own")
    # Player 1 plays turn 0; at Player 2's first question (turn 1) Player 2 types undo.
    table.script.lines[:0] = ["done", "act"] * 3 + ["undo", "quit"]
    table.run()
    assert "Nothing of yours to undo: undo takes back only your own decisions." in screen.text


def test_default_asks_no_token_question_and_says_once_how_to_use_it(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "never")
    assert table.run().outcome is not None
    assert table.token_questions(on_turn_of_others=True) == 0
    assert table.token_questions(on_turn_of_others=False) == 0
    assert screen.text.count("type 'use' to be asked at the next") == 2  # once each
    assert "Passed for" not in screen.text


def test_use_asks_the_next_token_question_once(screen: Screen) -> None:
    table = Table(screen, two_humans_and_a_bot(), "never", lines=["use"])
    assert table.run().outcome is not None
    assert "You will be asked at the next chance to use the token" in screen.text
    assert table.token_questions(on_turn_of_others=False) + table.token_questions(
        on_turn_of_others=True) == 1
