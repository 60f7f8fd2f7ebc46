"""The terminal's rules: a refusal says which rule it comes from, and ``rules TOPIC`` shows it
(Sparta, Meeple War and Rise of Tribes)."""

from __future__ import annotations

import random
from typing import Any

import meeples
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")
ROT = meeples.load("rise_of_tribes")
MEEPLE_WAR = meeples.load("meeple_war")


def run(screen: Screen, *lines: str, game: meeples.Game[Any, Any] = SPARTA) -> None:
    Session(game.new(), make_seats(["human", "random"], game), console=screen.console,
            ask=Script([*lines, "quit"]), rng=random.Random(1)).run()


def test_refusal_names_its_rule_and_how_to_read_it(screen: Screen) -> None:
    run(screen, "b2-b5")
    assert "See §2 Your turn: moving: type 'rules 2'." in screen.text


def test_rules_lists_the_numbered_rules(screen: Screen) -> None:
    run(screen, "rules")
    assert "§4 Captures" in screen.text and "§6.4 Endings added for this edition" in screen.text


def test_rules_topic_by_number_or_word_shows_its_text(screen: Screen) -> None:
    run(screen, "rules 3.2", "rules passing")
    assert "§3.2 Conquest\nA piece that lands on an enemy city conquers it" in screen.text
    assert "§5 Passing\nA player who can neither move nor promote must pass" in screen.text


def test_rules_of_an_unknown_topic_says_so(screen: Screen) -> None:
    run(screen, "rules tennis")
    assert "No rule is called 'tennis'" in screen.text


def test_rise_of_tribes_refusal_names_the_rule_of_the_step_at_hand(screen: Screen) -> None:
    run(screen, "goal D1", game=ROT)
    assert "See §2.2 Placing the starting tribes: type 'rules 2.2'." in screen.text


def test_rise_of_tribes_rules_topic_shows_its_text(screen: Screen) -> None:
    run(screen, "rules 4.1", "rules dice", game=ROT)
    assert "§4.1 GROW\nTake members from your supply and add them" in screen.text
    assert "§3.1 The dice queue\nTo use a die, put it in slot 1" in screen.text


def test_meeple_war_refusal_names_the_rule_of_the_task_at_hand(screen: Screen) -> None:
    run(screen, "0,0>1,0:1", game=MEEPLE_WAR)  # a move while the Village Square's worker waits
    assert "See §3.2 Phase 2: workers: type 'rules 3.2'." in screen.text


def test_meeple_war_rules_topic_by_word_shows_its_text(screen: Screen) -> None:
    run(screen, "rules battles", game=MEEPLE_WAR)
    assert "§5.2 Battles\nMeeples of two players on one territory fight." in screen.text
