"""The score sheet (§2.3 step 1, §2.8, §3.6, R5, R13): VP by source add up to the score."""

from __future__ import annotations

import dataclasses

import pytest

import meeples
from meeples.core.score import ScoreSheet
from meeples.games.rise_of_tribes import RULES, data
from tests.games.rise_of_tribes.games import played
from tests.games.rise_of_tribes.helpers import goals_step, play

GAME = meeples.load("rise_of_tribes")


def points(sheet: ScoreSheet, key: str) -> tuple[int, ...]:
    return next(line.points for line in sheet.lines if line.label.key == key)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", ["base", "advanced"])
def test_score_sheet_adds_up_to_every_players_score_in_a_full_game(
        players: int, options: str) -> None:
    final = played(players, 7, options)[-1]
    sheet = final.score_sheet()
    assert sheet is not None and final.outcome is not None
    assert sheet.totals == final.inner.score
    assert sheet.adds_up()
    assert "rot.source.unrecorded" not in {line.label.key for line in sheet.lines}


def test_score_sheet_villages_counted_at_turn_start() -> None:
    state = goals_step(members={"a": (2, 0), "b": (1, 0), "e": (0, 2)},
                       villages=(0, 0, -1, -1, 1, -1, -1, -1, -1))
    state = play(state, "done")
    sheet = RULES.score_sheet(state)
    assert points(sheet, "rot.source.villages") == (0, 1)
    assert sheet.totals == (0, 1)


def test_score_sheet_the_winning_vp_counted_only_up_to_fifteen() -> None:
    state = goals_step(members={"a": (2, 0), "b": (1, 0), "e": (0, 2)},
                       villages=(-1, -1, -1, -1, 1, 1, -1, -1, -1), score=(0, 14))
    state = dataclasses.replace(state, pop=tuple(
        row if h not in (4, 5) else (0, 2) for h, row in enumerate(state.pop)))
    after = play(state, "done")
    sheet = RULES.score_sheet(after)
    assert after.over == 1 and sheet.totals == (0, 15)
    assert points(sheet, "rot.source.villages") == (0, 1)
    assert points(sheet, "rot.source.unrecorded") == (0, 14)


def test_score_sheet_field_left_out_of_positions_while_nothing_is_scored() -> None:
    state = GAME.new(players=2, seed=3)
    assert " scored=" not in state.position()


def test_score_sheet_field_refused_when_it_holds_more_than_the_score() -> None:
    final = played(2, 7, "base")[-1]
    text = final.position().replace(f"score={final.inner.score[0]},", "score=0,", 1)
    with pytest.raises(meeples.BadPosition, match="scored"):
        GAME.parse(text)


def test_score_sheet_event_sources_named_by_their_event_card() -> None:
    state = goals_step(members={"a": (2, 0), "e": (0, 2)})
    scored = list(map(list, state.scored))
    scored[0][data.VP_MAMMOTH] = 3
    state = dataclasses.replace(state, score=(3, 0), scored=tuple(map(tuple, scored)))
    line = next(line for line in RULES.score_sheet(state).lines
                if line.label.key == "rot.source.event")
    assert str(line.label) == "Event: Mammoth" and line.points == (3, 0)


def test_score_sheet_position_written_before_the_field_reads_as_scored_before_the_record(
        ) -> None:
    final = played(2, 7, "base")[-1]
    older = final.position().rpartition(" scored=")[0]
    state = GAME.parse(older)
    sheet = state.score_sheet()
    assert sheet is not None and sheet.adds_up()
    assert points(sheet, "rot.source.unrecorded") == final.inner.score
    assert state.position() == older


def test_score_sheet_target_is_the_victory_points_that_win() -> None:
    sheet = meeples.load("rise_of_tribes").new(players=2, seed=1).score_sheet()
    assert sheet is not None and sheet.target == 15 and sheet.to_json()["target"] == 15
