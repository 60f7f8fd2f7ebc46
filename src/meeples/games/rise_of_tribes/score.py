"""Rise of Tribes' score sheet: each player's VP by source (§2.3 step 1, §2.8, §3.6, R5).

The state counts every VP by source as it is awarded (``State.scored``, one VP at a time as
R13 awards them, so the 15th VP is where it came from). Villages, developments and
achievements are always shown; the event and elder sources only when someone scored there.
A position set up by hand may hold VP with no recorded source: they get a line of their own.
"""

from __future__ import annotations

from meeples.core.score import ScoreLine, ScoreSheet
from meeples.core.text import Message, Ref, msg
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import State

#: The sources shown even when nobody scored there.
_ALWAYS = {data.VP_VILLAGES, data.VP_DEVELOPMENTS, data.VP_ACHIEVEMENTS}

#: The sources that are event cards, named by the event (catalogue kind "rot.event"; the
#: effects name them too).
EVENT_SOURCES = {data.VP_ALTAR: data.ALTAR, data.VP_MAMMOTH: data.MAMMOTH,
           data.VP_SABERTOOTH: data.SABERTOOTH, data.VP_INVADERS: data.INVADERS,
           data.VP_CHIEFTAIN: data.CHIEFTAIN}


def _label(source: int) -> Message:
    if source in EVENT_SOURCES:
        event = data.EVENT_IDS[EVENT_SOURCES[source]]
        return msg("rot.source.event", event=Ref("rot.event", event))
    return msg(f"rot.source.{data.VP_SOURCES[source]}")


def score_sheet(state: State) -> ScoreSheet:
    """Return each player's VP by source."""
    seats = range(state.n)
    lines = []
    for source in range(len(data.VP_SOURCES)):
        points = tuple(state.scored[p][source] for p in seats)
        if source in _ALWAYS or any(points):
            lines.append(ScoreLine(_label(source), points))
    earlier = tuple(state.score[p] - sum(state.scored[p]) for p in seats)
    if any(earlier):
        lines.append(ScoreLine(msg("rot.source.unrecorded"), earlier))
    return ScoreSheet(tuple(lines), msg("rot.source.total"), tuple(state.score),
                      target=data.WIN_VP)
