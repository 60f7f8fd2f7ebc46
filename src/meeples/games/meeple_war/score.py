"""Meeple War's score sheet: each player's victory points by source (rulebook "Victory").

VP come from three sources: meeples on the defense spaces of a building that falls (or is built
over) go to the Reputation Mountain (E3, A9); every 7 bravery points send one more (D11, A11);
and towers held give the active player temporary VP this turn (A10). The seat records its
bravery VP (``Seat.bravery_vp``); the rest of the mountain came from buildings. The bravery
ladder and the meeples on the map break ties (A10): shown beside the points.
"""

from __future__ import annotations

from meeples.core.score import ScoreLine, ScoreSheet
from meeples.core.text import msg
from meeples.games.meeple_war.data import VP_TO_WIN
from meeples.games.meeple_war.state import State
from meeples.games.meeple_war.work import Work


def score_sheet(state: State) -> ScoreSheet:
    """Return each player's VP by source, and the tie-breaks."""
    w = Work(state)
    seats = range(state.players)
    bravery = tuple(state.seats[p].bravery_vp for p in seats)
    buildings = tuple(state.seats[p].mountain + state.seats[p].extra_vp - bravery[p]
                      for p in seats)
    towers = tuple(state.temp_vp if p == state.active else 0 for p in seats)
    return ScoreSheet(
        lines=(
            ScoreLine(msg("mw.source.buildings"), buildings),
            ScoreLine(msg("mw.source.bravery"), bravery),
            ScoreLine(msg("mw.source.towers"), towers),
            ScoreLine(msg("mw.source.ladder"), tuple(state.seats[p].ladder for p in seats),
                      counted=False),
            ScoreLine(msg("mw.source.on_map"), tuple(w.on_map(p) for p in seats),
                      counted=False),
        ),
        total=msg("mw.source.total"),
        totals=tuple(w.vp(p) for p in seats),
        target=VP_TO_WIN,
    )
