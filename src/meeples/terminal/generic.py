"""The fallback renderer: any game's view as a readable table, so every game plays at once.

Each top-level field of the view is one row; nested data is written as compact JSON, and a
list of objects (hexes, players, cards...) gets one line per object.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

#: No seat names, glossary or notation examples: the defaults (meeples.terminal.EXTRAS).
player_name = None
glossary = None
NOTATION: tuple[tuple[str, str], ...] = ()


def compact(value: Any) -> str:
    """Return a value as short JSON (``{"a":1}`` without spaces after separators)."""
    return json.dumps(value, separators=(",", ":"), default=str, ensure_ascii=False)


def field_text(value: Any) -> str:
    """Return one field of a view: scalars plainly, a list of objects one per line."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "\n".join(compact(v) for v in value)
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return "\n".join(f"{key}: {compact(v)}" for key, v in value.items())
    return compact(value)


def render(view: dict[str, Any], legal: list[str], last: str | None = None) -> RenderableType:
    """Return a panel with one row per field of the view and the number of legal actions."""
    title = str(view.get("game", "view"))
    player = view.get("player")
    if isinstance(player, int):
        title += f" (as seen by Player {player + 1})"
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in view.items():
        if key in ("game", "player"):
            continue
        table.add_row(str(key), Text(field_text(value)))
    footer = f"{len(legal)} legal action(s); type 'moves' to list them"
    if last is not None:
        footer = f"last action: {last}    " + footer
    return Panel(Group(table, Text(footer, style="dim")), title=title, expand=False)
