"""Why a hint's action is good, from the terms of Rise of Tribes' evaluation (``evaluate.py``:
victory points, villages, members on the board, resources, goals in progress and completed),
and what it takes from the strongest rival.

The term whose change is worth most in the evaluation's own weights names the action; a goal
completed is worth what it scores.
"""

from __future__ import annotations

from meeples.core.text import Message, msg
from meeples.games.rise_of_tribes import evaluate
from meeples.games.rise_of_tribes.state import State


def reason(before: State, after: State, player: int) -> Message | None:
    """Return what the action from ``before`` to ``after`` does for ``player``, or None when
    no term of the evaluation changes for the better."""
    points = after.score[player] - before.score[player]
    goals = len(after.completed[player]) - len(before.completed[player])
    villages = after.villages_of(player) - before.villages_of(player)
    members = after.on_board(player) - before.on_board(player)
    resources = sum(after.res[player]) - sum(before.res[player])
    drawn = len(after.progress[player]) - len(before.progress[player]) if goals <= 0 else 0
    rivals = [p for p in range(before.n) if p != player]
    lost = max((before.on_board(p) - after.on_board(p) for p in rivals), default=0)
    gains = [
        # A goal completed scores its points: named as a goal, worth a little more.
        (points + 0.5 if goals > 0 else 0.0, "rot.hint.goal", goals),
        (float(points) if goals <= 0 else 0.0, "rot.hint.scores", points),
        (evaluate.VILLAGE_WEIGHT * villages, "rot.hint.village", villages),
        (evaluate.MEMBER_WEIGHT * lost, "rot.hint.weakens", lost),
        (evaluate.PROGRESS_WEIGHT * drawn, "rot.hint.draws_goal", drawn),
        (evaluate.MEMBER_WEIGHT * members, "rot.hint.grows", members),
        (evaluate.RESOURCE_WEIGHT * resources, "rot.hint.gathers", resources),
    ]
    worth, key, n = max(gains, key=lambda gain: gain[0])
    if worth <= 0:
        return None
    return msg(key, n=n)
