"""The score sheet (rulebook "Victory", sheet D11, E3, A9, A10): VP by source add up."""

from __future__ import annotations

import pytest

import meeples
from meeples.games.meeple_war import RULES
from meeples.games.meeple_war.work import Work
from tests.games.meeple_war.playouts import playout
from tests.games.meeple_war.scenario import position

BURNER = [["CA", True, "L2", []], ["VS", True, "S", []], None, None]


def points(sheet: meeples.core.score.ScoreSheet, key: str) -> tuple[int, ...]:
    return next(line.points for line in sheet.lines if line.label.key == key)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_sheet_adds_up_to_every_players_vp_in_a_full_game(players: int) -> None:
    final = playout(players, False, 3)[-1][0]
    assert final.result
    sheet = RULES.score_sheet(final)
    w = Work(final)
    assert sheet.totals == tuple(w.vp(p) for p in range(players))
    assert sheet.adds_up()


def test_score_sheet_bravery_vp_counted_under_bravery() -> None:
    state = position(step="action", pending=[0], troops=(("0,0", 1, 3),),
                     seats={0: {"slots": BURNER, "ladder": 5}})
    sheet = state.play("s1:burn@0,0").score_sheet()
    assert sheet is not None
    assert points(sheet, "mw.source.bravery") == (1, 0)
    assert points(sheet, "mw.source.buildings") == (0, 0)


def test_score_sheet_bravery_vp_kept_in_the_position_text() -> None:
    state = position(step="action", pending=[0], troops=(("0,0", 1, 3),),
                     seats={0: {"slots": BURNER, "ladder": 5}})
    after = state.play("s1:burn@0,0")
    again = meeples.load("meeple_war").parse(after.position())
    assert again.inner.seats[0].bravery_vp == 1


def test_score_sheet_old_position_without_bravery_counts_the_mountain_as_buildings() -> None:
    state = position(seats={0: {"extra_vp": 2}})
    assert '"bravery_vp"' not in state.position()
    sheet = state.score_sheet()
    assert sheet is not None and points(sheet, "mw.source.buildings") == (2, 0)


def test_score_sheet_refuses_more_bravery_vp_than_the_mountain_holds() -> None:
    text = position(seats={0: {"extra_vp": 1}}).position().replace(
        '"extra_vp":1,', '"extra_vp":1,"bravery_vp":2,', 1)
    with pytest.raises(meeples.BadPosition, match="bravery_vp"):
        meeples.load("meeple_war").parse(text)


def test_score_sheet_target_is_the_victory_points_that_win() -> None:
    sheet = meeples.load("meeple_war").new(players=3, seed=1).score_sheet()
    assert sheet is not None and sheet.target == 6 and sheet.to_json()["target"] == 6
