"""Legends and ``info``: the name and effect of every code or symbol a board shows.

A game's terminal module lists its entries (``glossary()``); the board prints a legend of the
ones it drew, and the session's ``info NAME`` looks any of them up by code or by name. Names and
effects come from the game's component catalogue (:func:`meeples.core.text.component_name`),
falling back to the game's data module while a catalogue lacks an entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions
from rich.markup import escape
from rich.measure import Measurement
from rich.text import Text

from meeples.core.text import component_effect, component_name


@dataclass(frozen=True, slots=True)
class Entry:
    """One code or symbol: what the board shows, its name, its effect and its group."""

    code: str
    name: str
    effect: str = ""
    group: str = ""


class Packed:
    """Pieces of text in lines as wide as the console, broken only between pieces: a legend's
    "AC Airship Company" stays whole (a plain text broke it at 80 columns, "AC Airship" at the
    end of one line and "Company" at the start of the next)."""

    def __init__(self, pieces: Sequence[Text], separator: str = "  ") -> None:
        self.pieces, self.separator = list(pieces), separator

    def lines(self, width: int) -> list[Text]:
        """Return the pieces laid out in lines of at most ``width`` cells (a piece wider than
        that alone on its line, which the console then wraps)."""
        out: list[Text] = []
        line = Text()
        for piece in self.pieces:
            if line and line.cell_len + len(self.separator) + piece.cell_len > width:
                out.append(line)
                line = Text()
            if line:
                line.append(self.separator)
            line.append_text(piece)
        if line:
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((piece.cell_len for piece in self.pieces), default=0)
        total = sum(p.cell_len for p in self.pieces) + len(self.separator) * (len(self.pieces) - 1)
        return Measurement(min(widest, options.max_width), min(max(total, 0), options.max_width))


def legend_of(used: dict[str, str], order: Sequence[str]) -> Packed:
    """Return a board's legend: each code it drew with its name, in ``order``, then a pointer
    to ``info``."""
    pieces = [Text("Legend:", style="bold")]
    for code in order:
        piece = Text(code, style="bold")
        piece.append(f" {used[code]}")
        pieces.append(piece)
    pieces.append(Text("(info NAME tells more)", style="dim"))
    return Packed(pieces)


def name_of(kind: str, ident: str | int, fallback: str) -> str:
    """Return a component's name from the catalogue, else the fallback."""
    name = component_name(kind, ident)
    return fallback if name == str(ident) else name


def effect_of(kind: str, ident: str | int, fallback: str = "") -> str:
    """Return a component's effect from the catalogue, else the fallback."""
    return component_effect(kind, ident) or fallback


def find(entries: Iterable[Entry], word: str) -> list[Entry]:
    """Return the entries a word names: by code first, else by a part of their name."""
    word = word.strip().lower()
    if not word:
        return []
    entries = list(entries)
    exact = [e for e in entries if e.code.lower() == word]
    if exact:
        return exact
    named = [e for e in entries if e.name.lower() == word]
    return named or [e for e in entries if word in e.name.lower()]


def legend_line(entries: Sequence[Entry], title: str = "") -> Text:
    """Return entries as one wrapping line: ``title: AB Abbey · CA Catapult``."""
    text = Text()
    if title:
        text.append(f"{title}: ", style="bold")
    for i, entry in enumerate(entries):
        if i:
            text.append("  ")
        text.append(entry.code, style="bold")
        text.append(f" {entry.name}")
    return text


def describe(entry: Entry) -> str:
    """Return one entry as ``CODE  Name: effect`` (rich markup escaped)."""
    words = f"[bold]{escape(entry.code)}[/bold]  {escape(entry.name)}"
    if entry.effect:
        words += f": {escape(entry.effect)}"
    if entry.group:
        words += f" [dim]({escape(entry.group)})[/dim]"
    return words


def grouped(entries: Sequence[Entry]) -> list[Text]:
    """Return every entry, one line per group (the full legend of a game)."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(entry.group or "Other", []).append(entry)
    return [legend_line(items, group) for group, items in groups.items()]


def legal_line(legal: list[str], width: int) -> Packed:
    """Return the legal actions on at most two lines of the console, each action whole."""
    head = Text(f"Legal ({len(legal)}):", style="cyan")
    room = 2 * width - len(head) - 24
    shown: list[str] = []
    for action in legal:
        if sum(len(a) + 2 for a in shown) + len(action) > room:
            break
        shown.append(action)
    pieces = [head, *(Text(action, style="cyan") for action in shown)]
    if len(shown) < len(legal):
        pieces.append(Text(f"... {len(legal) - len(shown)} more: type 'moves'", style="dim"))
    return Packed(pieces)
