"""Move counts (perft) and the perft tables that pin them, for every game.

``perft(d)`` counts the action sequences of exactly ``d`` actions from a position, chance nodes
expanded: each outcome of a chance node is one branch, as each legal action of a player is (a
finished game has none; Sparta's ``pass`` counts as one). python-chess proves its move
generator with such counts; here they pin each game's legal actions and chance outcomes.

A table is a text file, one block per position (``#`` starts a comment line)::

    # why this position is in the table
    id opening
    position <the position text>
    perft 1 118
    perft 2 13924

``tests/data/<game>/perft.txt`` holds each game's table, checked by ``tests/core/test_perft.py``
and by ``scripts/perft.py --table``; every fixed bug adds a named row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class PerftRow:
    """One position of a perft table, with its counts by depth."""

    id: str
    position: str
    counts: dict[int, int] = field(default_factory=dict)


def perft(rules: Any, state: Any, depth: int) -> int:
    """Return the number of action sequences of exactly ``depth`` actions from an internal
    state, each outcome of a chance node a branch."""
    if depth == 0:
        return 1
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(rules, rules.apply(state, action), depth - 1) for action in actions)


def divide(rules: Any, state: Any, depth: int) -> list[tuple[Any, int]]:
    """Return each legal action of a state with the count below it (``perft(depth - 1)`` of the
    state it leads to), in the order of the legal actions."""
    return [(action, perft(rules, rules.apply(state, action), depth - 1))
            for action in rules.legal_actions(state)]


def read_table(path: Path) -> list[PerftRow]:
    """Return the rows of a perft table.

    Raises:
        ValueError: a line that is not a comment, ``id``, ``position`` or ``perft``, or a row
            without its position.
    """
    rows: list[PerftRow] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            rows.append(PerftRow(value, ""))
        elif key == "position" and rows and not rows[-1].position:
            rows[-1] = PerftRow(rows[-1].id, value, rows[-1].counts)
        elif key == "perft" and rows:
            depth, count = value.split()
            rows[-1].counts[int(depth)] = int(count)
        else:
            raise ValueError(f"{path}:{number}: unexpected line {line!r}")
    missing = [row.id for row in rows if not row.position]
    if missing:
        raise ValueError(f"{path}: rows without a position: {', '.join(missing)}")
    return rows

