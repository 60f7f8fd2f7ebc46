"""The terminal tells each action's effects under it: a person's own move and a bot's."""

from __future__ import annotations

import random

import meeples
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")
# South (W) to move captures e5 with f3-f5 (enclosed between d5 and f5), leaving North one piece.
NEAR_END = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def test_own_capture_is_told_under_the_move(screen: Screen) -> None:
    script = Script(["f3-f5", "quit"])
    session = Session(SPARTA.parse(NEAR_END), make_seats(["human", "random"], SPARTA),
                      console=screen.console, ask=script, rng=random.Random(1))
    session.run()
    assert "  > North loses 1 piece, enclosed in a line: e5" in screen.text
    assert "  > game over: South wins" in screen.text


def test_bot_capture_is_told_under_its_move(screen: Screen) -> None:
    # The greedy bot plays South's winning capture; the human (North) reads it with its effects.
    script = Script(["quit"])
    session = Session(SPARTA.parse(NEAR_END), make_seats(["heuristic", "human"], SPARTA),
                      console=screen.console, ask=script, rng=random.Random(1))
    session.run()
    assert "South (heuristic) played f3-f5" in screen.text
    assert "  > North loses 1 piece, enclosed in a line: e5" in screen.text
