"""Legends and ``info``: the name and effect of every code or symbol a board shows.

A game's terminal module lists its entries (``glossary()``); the board prints a legend of the
ones it drew, and the session's ``info NAME`` looks any of them up by code or by name. Names and
effects come from the game's component catalogue (:func:`meeples.core.text.component_name`),
falling back to the game's data module while a catalogue lacks an entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.markup import escape
from rich.text import Text

from meeples.core.text import component_effect, component_name


@dataclass(frozen=True, slots=True)
class Entry:
    """One code or symbol: what the board shows, its name, its effect and its group."""

    code: str
    name: str
    effect: str = ""
    group: str = ""


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


def legal_line(legal: list[str], width: int) -> Text:
    """Return the legal actions on at most two lines of the console."""
    text = Text(f"Legal ({len(legal)}): ", style="cyan")
    room = 2 * width - len(text) - 24
    shown: list[str] = []
    for action in legal:
        if sum(len(a) + 2 for a in shown) + len(action) > room:
            break
        shown.append(action)
    text.append("  ".join(shown), style="cyan")
    if len(shown) < len(legal):
        text.append(f"  ... {len(legal) - len(shown)} more: type 'moves'", style="dim")
    return text
