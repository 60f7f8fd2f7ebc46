"""Terminal renderer for Rise of Tribes: the hex map, the action board with its dice rows, the
event slots, each player's resources, goals and villages, and the legal actions.

Everything comes from the view (``meeples.games.rise_of_tribes.view``); no rules are imported.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = ("red", "blue", "green", "yellow")
FACES = {"sun": "☀", "moon": "☾", "blank": "·"}
TERRAIN_STYLE = {"forest": "green4", "lake": "deep_sky_blue3", "mountain": "grey62"}
POWERS = {  # §4.1 (moon / default / sun), shown as a reminder on the action board
    "grow": "add 2 / 3 / 4",
    "move": "move 2 / 3 / 5",
    "gather": "2x1 / 2x2 / 3x2",
    "lead": "draw 1 / 2 / 3",
}
CELL = 16


def player_name(player: int) -> str:
    """Name a seat by its colour."""
    return f"{COLOURS[player % 4].capitalize()} ({player + 1})"


def hex_lines(cell: dict[str, Any]) -> list[Text]:
    """Return the three lines of one hex cell."""
    terrain = cell["terrain"]
    head = Text(f"{cell['name']} ", style="bold")
    head.append((cell["tile"] or terrain)[:11], style=TERRAIN_STYLE.get(terrain, ""))
    people = Text()
    for p, count in enumerate(cell["members"]):
        if count:
            people.append(f"{COLOURS[p][0].upper()}{count}", style=f"bold {COLOURS[p]}")
            people.append(" ")
    if cell["invaders"]:
        people.append(f"i{cell['invaders']}", style="bold magenta")
    marks = Text()
    if cell["village"] is not None:
        marks.append("V", style=f"bold {COLOURS[cell['village']]}")
        marks.append(" ")
    if cell["elder"] is not None:
        marks.append("E ", style=COLOURS[cell["elder"]])
    if cell["mammoth"]:
        marks.append("mammoth ", style="bold")
    if cell["tiger"]:
        marks.append("tiger ", style="bold")
    if cell["limit"] != 5:
        marks.append(f"max{cell['limit']}", style="dim")
    return [head, people, marks]


def render_map(view: dict[str, Any]) -> Text:
    """Return the hex map: rows by r, each row shifted half a cell per row (pointy-top)."""
    hexes = view["hexes"]
    cells = [(2 * h["q"] + h["r"], h["r"], h) for h in hexes]
    if view.get("volcano"):
        q, r = view["volcano"]
        cells.append((2 * q + r, r, None))
    low = min(c[0] for c in cells)
    out = Text()
    for r in sorted({c[1] for c in cells}):
        row = sorted((c for c in cells if c[1] == r), key=lambda c: c[0])
        for line in range(3):
            text = Text()
            for x, _, cell in row:
                col = (x - low) * CELL // 2
                text.append(" " * max(0, col - len(text.plain)))
                if cell is None:
                    part = Text("VOLCANO" if line == 0 else "", style="bold red")
                else:
                    part = hex_lines(cell)[line]
                part.truncate(CELL - 1)
                text.append_text(part)
            out.append_text(text)
            out.append("\n")
    return out


def render_board(view: dict[str, Any]) -> Table:
    """Return the action board: each row's three dice (slot 1 first) and its powers."""
    table = Table(title="Action board", box=None, pad_edge=False)
    table.add_column("action", style="bold")
    table.add_column("dice")
    table.add_column("moon / default / sun", style="dim")
    for action, dice in view["rows"].items():
        table.add_row(action.upper(), " ".join(FACES.get(d, d) for d in dice), POWERS[action])
    return table


def render_players(view: dict[str, Any]) -> Table:
    table = Table(title="Tribes", box=None, pad_edge=False)
    for col in ("player", "tribe", "VP", "w/f/s", "supply", "vill.", "in progress",
                "completed", "deck", "extras"):
        table.add_column(col)
    for pl in view["table"]:
        seat = pl["seat"]
        res = pl["resources"]
        extras = list(pl["acquired"]) + (["mammoth"] if pl["tamed_mammoth"] else [])
        if view.get("leader_mode") == "pick":  # Q18: the one power kept, public
            choice = pl.get("leader_choice")
            extras.append(f"{choice} (picked)" if choice else "leader power to pick")
        else:
            extras += pl["leader_powers"]
        if pl["elder"]:
            extras.append(f"elder@{pl['elder']}")
        marker = "▶ " if seat == view["active"] else "  "
        table.add_row(
            Text(marker + player_name(seat), style=f"bold {COLOURS[seat]}"), pl["tribe"],
            str(pl["score"]), f"{res['wood']}/{res['food']}/{res['stone']}", str(pl["supply"]),
            str(pl["villages"]), " ".join(pl["in_progress"]) or "-",
            " ".join(pl["completed"]) or "-", str(pl["deck_size"]), ", ".join(extras) or "-",
        )
    return table


def render_events(view: dict[str, Any]) -> Text:
    text = Text("Events: ", style="bold")
    for slot in view["events"]:
        if slot["event"] is None:
            text.append("[empty] ")
            continue
        tokens = ", ".join(f"{v} {k}" for k, v in slot["tokens"].items() if v)
        text.append(f"[{slot['event']}{' - ' + tokens if tokens else ''}] ")
    text.append(f"deck {view['event_deck_size']}, discard {len(view['event_discard'])}",
                style="dim")
    return text


def render(view: dict[str, Any], legal: list[str], last: str | None = None) -> RenderableType:
    """Return the whole table as seen by one player, with the legal actions."""
    who = view.get("player")
    title = "Rise of Tribes" + (f" - {player_name(who)}'s view" if isinstance(who, int) else "")
    status = Text(f"Round {view['round']}  ")
    status.append(f"{player_name(view['active'])}'s turn", style=f"bold {COLOURS[view['active']]}")
    status.append(f"  step: {view['phase']}")
    if view["hand"]:
        status.append("  dice to place: " + " ".join(FACES[f] for f in view["hand"]))
    if view["to_move"] is not None and view["to_move"] != view["active"]:
        status.append(f"  deciding: {player_name(view['to_move'])}", style="bold")
    if last:
        status.append(f"  last: {last}", style="dim")
    parts: list[RenderableType] = [status, render_map(view), render_board(view),
                                   render_events(view), render_players(view)]
    if view["outcome"]:
        winners = ", ".join(player_name(p) for p in view["outcome"]["winners"])
        parts.append(Text(f"Game over: {winners} ({view['outcome']['reason']})", style="bold"))
    elif legal:
        shown = "  ".join(legal[:60]) + ("  ..." if len(legal) > 60 else "")
        parts.append(Text(f"Legal ({len(legal)}): {shown}", style="cyan"))
    return Panel(Group(*parts), title=title, expand=False)
