"""Terminal renderer for Meeple War: the hex map (territories, meeples, villages with their
buildings, workers and defense spaces), each player's depot, stock, ladder and mountain, the
turn status and the legal actions.

Everything comes from the view (``meeples.games.meeple_war.view``); no rules are imported.
Hexes are named ``q,r`` as in the notation; directions 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = ("red", "blue", "green", "yellow")
KIND_SHORT = {
    "stone_tower": "TOWER2", "wooden_tower": "tower1", "mine": "MINE", "blank": "plain",
    "shields_forge": "SHIELD", "weapons_forge": "WEAPON", "workshop": "WORKSH",
    "village": "VILLAGE", "druid_hut": "DRUID", "cavern": "CAVERN", "altar": "ALTAR",
}
KIND_STYLE = {"mine": "grey62", "cavern": "grey62", "altar": "magenta", "stone_tower": "bold",
              "wooden_tower": "bold", "blank": "dim"}
PHASES = {1: "1 bonus", 2: "2 workers", 3: "3 actions", 4: "4 movement", 5: "5 resolution"}
CELL = 14


def player_name(player: int) -> str:
    """Name a seat by its colour and its number as the descriptions say it (seat 0 = player 1)."""
    return f"{COLOURS[player % 4].capitalize()} (player {player + 1})"


def _meeples(counts: dict[int, int]) -> Text:
    text = Text()
    for p in sorted(counts):
        text.append(f"{COLOURS[p][0].upper()}{counts[p]} ", style=f"bold {COLOURS[p]}")
    return text


def cells(view: dict[str, Any]) -> dict[tuple[int, int], list[Text]]:
    """Return the three lines of every hex to draw, by (q, r)."""
    troops: dict[str, dict[int, int]] = {}
    for spot, p, c in view["troops"]:
        troops.setdefault(spot, {})[p] = c
    out: dict[tuple[int, int], list[Text]] = {}

    def key(spot: str) -> tuple[int, int]:
        q, r = spot.split(",")
        return int(q), int(r)

    for tile in view["map"]:
        head = Text(f"{tile['hex']} ", style="dim")
        head.append(KIND_SHORT[tile["kind"]], style=KIND_STYLE.get(tile["kind"], ""))
        marks = Text()
        if tile["forest"]:
            marks.append("f" + "".join(str(d) for d in tile["forest"]) + " ", style="green")
        if tile["kind"] == "blank" and tile["bonus"]:
            marks.append(f"+{tile['bonus']} ", style="bold cyan")
        if tile["hex"] in view["gates"]:
            marks.append(f"gate{view['gates'].index(tile['hex'])}", style="bold")
        out[key(tile["hex"])] = [head, _meeples(troops.get(tile["hex"], {})), marks]
    for spot, _origins in view["explore"]:
        out[key(spot)] = [Text(f"{spot} ?", style="bold"), _meeples(troops.get(spot, {})),
                          Text("exploring", style="dim")]
    for owner, hexes in enumerate(view["villages"]):
        slots = view["seats"][owner]["slots"]
        for index, spot in enumerate(hexes):
            style = f"{COLOURS[owner]}"
            head = Text(f"{spot} ", style="dim")
            head.append(f"V{index + 1}", style=f"bold {style}")
            slot = slots[index]
            if slot is None:
                out[key(spot)] = [head, Text("empty", style=style), Text()]
                continue
            code, built, node, defense = slot
            body = Text(f"{code}{'' if built else '(site)'} w:{node}", style=style)
            guards = Text("d:")
            for p in defense:
                guards.append(COLOURS[p][0].upper(), style=f"bold {COLOURS[p]}")
            guards.append(f"/{view['capacity'][owner][index]}")
            out[key(spot)] = [head, body, guards]
    return out


def render_map(view: dict[str, Any]) -> Text:
    """Return the hex map: one text row per r, shifted half a cell per row (pointy-top)."""
    drawn = cells(view)
    low = min(2 * q + r for q, r in drawn)
    out = Text()
    for r in sorted({r for _, r in drawn}):
        row = sorted((2 * q + r, q) for q, rr in drawn if rr == r)
        for line in range(3):
            text = Text()
            for x, q in row:
                col = (x - low) * CELL // 2
                text.append(" " * max(0, col - len(text.plain)))
                part = drawn[q, r][line].copy()
                part.truncate(CELL - 1)
                text.append_text(part)
            out.append_text(text)
            out.append("\n")
    return out


def render_players(view: dict[str, Any]) -> Table:
    """Return one row per player: VP, ladder, mountain, stock, depot, tokens, buildings."""
    table = Table(title="Players (ladder = bravery, mtn = Reputation Mountain, wk = free workers)",
                  box=None, pad_edge=False)
    for col in ("player", "VP", "ladder", "mtn", "stock", "depot", "wk", "tokens", "tree",
                "to build", "lost"):
        table.add_column(col, no_wrap=col == "player")
    for p, seat in enumerate(view["seats"]):
        marker = "> " if p == view["active"] else "  "
        used = sum(1 for s in seat["slots"] if s is not None)
        table.add_row(
            Text(marker + player_name(p), style=f"bold {COLOURS[p]}"), str(view["vp"][p]),
            f"{seat['ladder']}/7", str(seat["mountain"] + seat["extra_vp"]), str(seat["stock"]),
            str(seat["depot"]), str(4 - used), " ".join(seat["tokens"]) or "-",
            "yes" if seat["tree"] else "used", ",".join(seat["available"]) or "-",
            ",".join(seat["boxed"]) or "-",
        )
    return table


def render_status(view: dict[str, Any], last: str | None) -> Text:
    active = view["active"]
    status = Text(f"Turn {view['turn']}  ")
    status.append(f"{player_name(active)}'s turn", style=f"bold {COLOURS[active]}")
    status.append(f"  phase {PHASES.get(view['phase'], '-')}  step: {view['step']}")
    if view["temp_vp"]:
        status.append(f"  tower VP this turn: {view['temp_vp']}")
    extras = [name for name in ("nature", "weapons") if view[name]]
    if extras:
        status.append("  bonuses: " + ", ".join(extras), style="cyan")
    if view["pending"]:
        status.append("  actions due on slots " + " ".join(str(i + 1) for i in view["pending"]))
    to_move = view["to_move"]
    if to_move is not None and to_move != active:
        status.append(f"  deciding: {player_name(to_move)}", style="bold")
    status.append(f"  pile: {view['pile_count']} tiles", style="dim")
    if last:
        status.append(f"  last: {last}", style="dim")
    return status


def render(view: dict[str, Any], legal: list[str], last: str | None = None) -> RenderableType:
    """Return the table as one player sees it, with the legal actions."""
    who = view.get("player")
    title = "Meeple War" + (f" - {player_name(who)}'s view" if isinstance(who, int) else "")
    parts: list[RenderableType] = [render_status(view, last), render_map(view),
                                   render_players(view)]
    if view["result"]:
        winners = ", ".join(player_name(p) for p in view["result"][0])
        parts.append(Text(f"Game over: {winners} ({view['result'][2]})", style="bold"))
    elif legal:
        shown = "  ".join(legal[:60]) + ("  ..." if len(legal) > 60 else "")
        parts.append(Text(f"Legal ({len(legal)}): {shown}", style="cyan"))
    return Panel(Group(*parts), title=title, expand=False)
