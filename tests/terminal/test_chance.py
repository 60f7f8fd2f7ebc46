"""Chance in `meeples play` (issue 13): the session deals chance's outcomes from the match's
seed as recorded actions, reports them as chance's, and undo never takes one back."""

from __future__ import annotations

import random

from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.games.meeple_war.scenario import position
from tests.terminal.conftest import Screen, Script


def exploring_session(screen: Screen, lines: list[str]) -> Session:
    state = position(step="explore", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 2),),
                     pile=["T19", "T14"])
    return Session(state, make_seats(["human", "human"], state.game), console=screen.console,
                   ask=Script(lines), rng=random.Random(7))


def test_session_deals_chance_and_reports_it_as_chances(screen: Screen) -> None:
    final = exploring_session(screen, ["explore@1,0"]).run()
    assert final.history[0] == "explore@1,0"
    assert final.history[1] in ("draw:T14", "draw:T19")
    assert f"Chance played {final.history[1]}" in screen.text


def test_undo_never_takes_back_a_chance_draw(screen: Screen) -> None:
    final = exploring_session(screen, ["explore@1,0", "undo"]).run()
    assert len(final.history) == 2
    assert "Cannot undo: chance has drawn since" in screen.text
