"""The score sheet of Sparta (End of the game): no points, the cities and pieces that decide."""

from __future__ import annotations

from meeples.core.score import ScoreSheet
from tests.games.sparta.helpers import GAME, parse


def facts(sheet: ScoreSheet | None) -> dict[str, tuple[int, ...]]:
    assert sheet is not None
    return {line.label.key: line.points for line in sheet.lines}


def test_score_sheet_conquest_counts_the_city_for_the_conqueror() -> None:
    state = parse({"c5": "W", "b9": "w", "c9": "w", "d9": "w", "e2": "W", "f2": "W"})
    after = state.play("c5-c6")
    assert facts(after.score_sheet())["sp.sheet.cities"] == (5, 3)


def test_score_sheet_promotion_loses_no_piece() -> None:
    state = GAME.new().play("b2-b4").play("b9-b8").play("b4-b5")
    sheet = facts(state.score_sheet())
    assert sheet["sp.sheet.warriors"] == (7, 8) and sheet["sp.sheet.heroes"] == (1, 0)
    assert sheet["sp.sheet.lost"] == (0, 0)


def test_score_sheet_has_no_total_in_a_game_without_points() -> None:
    sheet = GAME.new().score_sheet()
    assert sheet is not None and sheet.total is None and sheet.adds_up()
