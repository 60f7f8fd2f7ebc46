"""The end-of-game summary in the terminal: the score sheet as a table after the outcome."""

from __future__ import annotations

import random

import meeples
from meeples.core.game import State
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")
#: South to move wins with f3-f5 (North is left with one piece).
NEAR_END = "w9/10/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def run(screen: Screen, state: State, lines: list[str], seats=("human", "random")) -> State:
    session = Session(state, make_seats(list(seats), state.game), console=screen.console,
                      ask=Script(lines), rng=random.Random(7))
    return session.run()


def table_row(text: str, label: str) -> list[str]:
    line = next(line for line in text.splitlines() if label in line)
    return [cell.strip() for cell in line.split("│")[2:-1]]


def test_summary_shows_the_facts_that_decided_a_game_without_points(screen: Screen) -> None:
    run(screen, SPARTA.parse(NEAR_END), ["f3-f5"])
    assert "How the game was decided" in screen.text
    assert table_row(screen.text, "Pieces lost") == ["5", "7"]


def test_summary_shows_every_players_points_by_source_and_the_total(screen: Screen) -> None:
    final = run(screen, meeples.load("rise_of_tribes").new(players=2, seed=5), [],
                seats=("random", "random"))
    sheet = final.score_sheet()
    assert sheet is not None
    assert "Where the points came from" in screen.text
    assert table_row(screen.text, "Victory points") == [str(n) for n in sheet.totals]
    villages = next(line.points for line in sheet.lines
                    if line.label.key == "rot.source.villages")
    assert table_row(screen.text, "Villages (counted") == [str(n) for n in villages]
