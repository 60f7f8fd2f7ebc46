"""The end-of-game summary in the terminal: each player's score by source, as a rich table.

The same table as the browser's (``web/summary.js``): players as columns, the counted sources
as rows, the total, then the facts shown beside it (tie-breaks; in a game without points, what
decided it), the winners marked. Labels are the score sheet's messages, worded in English.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from rich.markup import escape
from rich.table import Table

from meeples.core.game import Outcome
from meeples.core.score import ScoreSheet
from meeples.core.text import render


def summary_table(sheet: ScoreSheet, name: Callable[[int], str],
                  winners: Collection[int] = ()) -> Table:
    """Return the score sheet as a table (``name``: a seat's name, ``winners``: their seats)."""
    seats = len(sheet.lines[0].points) if sheet.lines else len(sheet.totals)
    title = "Where the points came from" if sheet.total is not None else (
        "How the game was decided")
    table = Table(title=title, title_style="bold", show_lines=False)
    table.add_column("Source")
    for seat in range(seats):
        table.add_column(name(seat) + (" (winner)" if seat in winners else ""), justify="right",
                         style="bold" if seat in winners else None)
    for line in sheet.lines:
        if line.counted:
            table.add_row(render(line.label), *map(str, line.points))
    if sheet.total is not None:
        table.add_section()
        table.add_row(render(sheet.total), *map(str, sheet.totals), style="bold",
                      end_section=True)
    for line in sheet.lines:
        if not line.counted:
            table.add_row(render(line.label), *map(str, line.points),
                          style="dim" if sheet.total is not None else None)
    return table


def describe_outcome(outcome: Outcome, name: Callable[[int], str]) -> str:
    """Return the end of the game in words: winners, reason and ranking (rich markup)."""
    if outcome.winners:
        names = " and ".join(name(p) for p in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        head = f"[bold]Game over: {escape(names)} {verb}[/bold]"
    else:
        head = "[bold]Game over: a draw, nobody wins[/bold]"
    # The reason worded with the table's names ("South resigned", not "player 1 resigned").
    seat_names = {p: name(p) for group in outcome.ranking for p in group}
    reason = (render(outcome.message, names=seat_names) if outcome.message is not None
              else outcome.reason)
    lines = [head, f"Reason: {escape(reason)}"]
    places, rank = [], 1
    for group in outcome.ranking:
        places.append(f"{rank}. {' = '.join(name(p) for p in group)}")
        rank += len(group)
    if places:
        lines.append("Ranking: " + escape("   ".join(places)))
    return "\n".join(lines)
