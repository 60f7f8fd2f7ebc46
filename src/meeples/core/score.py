"""The score sheet: each player's score broken down by where it came from.

A game reports it through :meth:`Rules.score_sheet <meeples.core.game.Rules>`; clients show it
at the end of a match as a table (players as columns, sources as rows, the totals below). Each
source is a message (a key of the game's catalogue), so every client names it in its language.

A line either adds to the total (``counted``: victory points from destroyed buildings, glory
from villages) or is a fact shown beside it (a tie-break, the cities held in a game without
points). The counted lines of a sheet add up to its totals: the conformance suite checks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeples.core.text import Message


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One source of points (or one fact) and its value for each seat, seat 0 first."""

    label: Message
    points: tuple[int, ...]
    #: True: part of the total; False: a fact shown beside it (a tie-break, cities held).
    counted: bool = True

    def to_json(self) -> dict[str, Any]:
        """Return the line as JSON-ready data."""
        return {"label": self.label.to_json(), "points": list(self.points),
                "counted": self.counted}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Every seat's score by source: the lines, and the total row the game ranks by.

    ``total`` labels the total row ("Victory points"); it is None in a game without points
    (Sparta), whose lines are then all facts and whose ``totals`` is empty. ``target`` is the
    total that wins the game (6 VP in Meeple War, 15 in Rise of Tribes), shown beside each
    player's score during play ("4 / 6"); None where no total decides.
    """

    lines: tuple[ScoreLine, ...]
    total: Message | None
    totals: tuple[int, ...]
    target: int | None = None

    def adds_up(self) -> bool:
        """Return whether the counted lines add up to the totals, seat by seat (and every line
        has one value per seat)."""
        seats = len(self.totals) if self.total is not None else None
        for line in self.lines:
            if seats is None:
                seats = len(line.points)
            if len(line.points) != seats:
                return False
        if self.total is None:
            return not self.totals and not any(line.counted for line in self.lines)
        sums = [sum(line.points[p] for line in self.lines if line.counted)
                for p in range(len(self.totals))]
        return sums == list(self.totals)

    def to_json(self) -> dict[str, Any]:
        """Return the sheet as JSON-ready data: ``{"lines": [...], "total": {"label", "points"}
        or None, "target": int or None}``."""
        total = None if self.total is None else {
            "label": self.total.to_json(), "points": list(self.totals)}
        return {"lines": [line.to_json() for line in self.lines], "total": total,
                "target": self.target}
