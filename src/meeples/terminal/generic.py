"""The fallback renderer: any game's view as readable JSON, so every game plays at once."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.text import Text


def render(view: dict[str, Any], legal: list[str], last: str | None = None) -> RenderableType:
    """Return a panel with the view as indented JSON and the number of legal actions."""
    title = str(view.get("game", "view"))
    player = view.get("player")
    if isinstance(player, int):
        title += f" (as seen by Player {player + 1})"
    parts: list[RenderableType] = [JSON.from_data(view, indent=1, default=str)]
    footer = f"{len(legal)} legal action(s); type 'moves' to list them"
    if last is not None:
        footer = f"last action: {last}    " + footer
    parts.append(Text(footer, style="dim"))
    return Panel(Group(*parts), title=title, expand=False)
