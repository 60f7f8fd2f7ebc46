"""Sparta in the terminal: the 10x10 board with ranks and files, cities in their owner's colour,
warriors and heroes per side, reserves, counts and the end-rule counters.

Letters follow the position text: ``W``/``H`` a South warrior/hero, ``w``/``h`` North; a city
is drawn around its square in its owner's colour and shape, ``[ ]`` South's and ``( )`` North's,
so owners are told apart without colour too. See docs in ``meeples.terminal``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeples.terminal.legend import Entry

FILES = "abcdefghij"
NAMES = ("South", "North")
COLOURS = ("bold yellow", "bold red")
CITY_COLOURS = ("yellow", "red")
#: The brackets around a city square, by owner: the shape tells the owner without colour.
CITY_BRACKETS = (("[", "]"), ("(", ")"))
LAST_MOVE = "on grey30"
QUIET_LIMIT = 200


def player_name(player: int) -> str:
    """Return the side's name: South (player 0) or North (player 1)."""
    return NAMES[player] if 0 <= player < len(NAMES) else f"Player {player + 1}"


def last_squares(last: str | None) -> set[str]:
    """Return the squares an action string touches (``b2-b4`` -> b2, b4; ``e5=H`` -> e5)."""
    if not last or last == "pass":
        return set()
    if last.endswith("=H"):
        return {last[:-2]}
    return set(last.split("-"))


def board(view: dict[str, Any], last: str | None = None) -> Text:
    """Return the board as coloured text, rank 10 at the top as South sees it."""
    size = int(view.get("size", 10))
    pieces: dict[str, dict[str, Any]] = view.get("pieces", {})
    cities: dict[str, int] = view.get("cities", {})
    marked = last_squares(last)
    files = FILES[:size]
    text = Text()
    header = "    " + "".join(f" {f} " for f in files) + "\n"
    text.append(header, style="dim")
    for rank in range(size, 0, -1):
        text.append(f" {rank:>2} ", style="dim")
        for file in files:
            square = f"{file}{rank}"
            background = LAST_MOVE if square in marked else ""
            city = cities.get(square)
            piece = pieces.get(square)
            left, right = (" ", " ") if city is None else CITY_BRACKETS[city]
            city_style = CITY_COLOURS[city] if city is not None else ""
            text.append(left, style=f"{city_style} {background}".strip())
            if piece is None:
                text.append(" " if city is not None else "·", style=f"dim {background}".strip())
            else:
                owner = int(piece["owner"])
                letter = "H" if piece["kind"] == "hero" else "W"
                letter = letter if owner == 0 else letter.lower()
                text.append(letter, style=f"{COLOURS[owner]} {background}".strip())
            text.append(right, style=f"{city_style} {background}".strip())
        text.append(f" {rank}\n", style="dim")
    text.append(header.rstrip("\n"), style="dim")
    return text


def sides(view: dict[str, Any]) -> Table:
    """Return a table of each side's pieces on the board, reserve and cities."""
    pieces: dict[str, dict[str, Any]] = view.get("pieces", {})
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 0, 0, 1))
    table.add_column("")
    for heading in ("warriors", "heroes", "reserve", "cities"):
        table.add_column(heading, justify="right")
    reserves = view.get("reserves", [0, 0])
    city_count = view.get("city_count", [0, 0])
    for player in (0, 1):
        warriors = sum(1 for p in pieces.values() if p["owner"] == player and p["kind"] != "hero")
        heroes = sum(1 for p in pieces.values() if p["owner"] == player and p["kind"] == "hero")
        table.add_row(
            Text(NAMES[player], style=COLOURS[player]),
            str(warriors),
            str(heroes),
            str(reserves[player]),
            f"{city_count[player]}/8",
        )
    return table


def status(view: dict[str, Any], last: str | None = None) -> Text:
    """Return who moves, the last move and the end-rule counters."""
    text = Text()
    to_move = view.get("to_move")
    outcome = view.get("outcome")
    if outcome:
        text.append("Game over\n", style="bold")
    elif to_move is not None:
        text.append(f"{NAMES[to_move]} to move", style=COLOURS[to_move])
        if view.get("player") == to_move:
            text.append(" (you)")
        text.append("\n")
    if last:
        text.append("last move: ")
        text.append(last, style=LAST_MOVE)
        text.append("\n")
    quiet = view.get("quiet_plies", 0)
    text.append(f"quiet plies: {quiet} of {QUIET_LIMIT}\n")
    text.append(f"passes in a row: {view.get('passes', 0)} of 2")
    if not view.get("heroes_conquer", True):
        text.append("\nvariant: only warriors conquer cities")
    return text


def legend() -> Text:
    """Return the key to the letters and brackets of the board."""
    text = Text()
    text.append("W H", style=COLOURS[0])
    text.append(" South warrior, hero\n")
    text.append("w h", style=COLOURS[1])
    text.append(" North warrior, hero\n")
    text.append("[ ]", style=CITY_COLOURS[0])
    text.append(" South's city  ")
    text.append("( )", style=CITY_COLOURS[1])
    text.append(" North's city\n")
    text.append("quiet plies: since the last capture,\nconquest or promotion", style="dim")
    return text


def render(view: dict[str, Any], legal: list[str], last: str | None = None) -> RenderableType:
    """Return the board beside the sides' counts, the game status and a legend."""
    layout = Table.grid(padding=(0, 3))
    layout.add_column()
    layout.add_column()
    layout.add_row(
        board(view, last),
        Group(sides(view), Text(""), status(view, last), Text(""), legend()),
    )
    return layout


NOTATION = (
    ("b2-b4", "move the piece on b2 to b4 (promotion or conquest follow from where it lands)"),
    ("e5=H", "the warrior on its own city e5 becomes a hero without moving"),
    ("pass", "pass, only when nothing else is legal"),
)


def glossary() -> list[Entry]:
    """Return the letters and signs of the board."""
    return [
        Entry("W", "South warrior", "moves up to 2 squares; becomes a hero on its own city"),
        Entry("H", "South hero", "a promoted warrior"),
        Entry("w", "North warrior", "as South's, for North"),
        Entry("h", "North hero", "as South's, for North"),
        Entry("[ ]", "South's city", "South owns it: brackets in South's colour"),
        Entry("( )", "North's city", "North owns it: parentheses in North's colour"),
        Entry("quiet plies", "quiet plies", f"plies since the last capture, conquest or "
              f"promotion; the game ends after {QUIET_LIMIT}"),
    ]
