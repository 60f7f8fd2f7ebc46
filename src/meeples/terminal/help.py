"""What the prompt tells people: the commands, a game's notation by example, the settings.

Kept apart from the loop so the words are in one place; :mod:`meeples.terminal.session` prints
them. The examples of a game's notation come from its terminal module (``NOTATION``), or, for a
game without one, from the legal actions of the position with their descriptions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from meeples.core.game import DEFAULT_ANYTIME as DEFAULT_ANYTIME  # the terminal's default too

#: The anytime settings (``meeples.core.game.ANYTIME_SETTINGS``) in words: when to ask a person
#: about a decision that exists only because something may be used "at any time".
ANYTIME = {
    "ask": "ask at every opportunity",
    "own": "ask only on my own turn (pass the others for me)",
    "never": "never ask (pass them all for me)",
}
#: Board layouts a renderer may offer: auto fits the console, grid and list force one.
LAYOUTS = {
    "auto": "a grid that fits the console; a list in pipes and with NO_COLOR",
    "grid": "always the grid",
    "list": "always the list",
}

#: What separates the parts of an action text (a minus after a comma is a hex's sign: -1,-2).
SEPARATOR = re.compile(r"(?<!,)-|[:>@=+ /]")


def prefix_example(legal: Sequence[str]) -> str:
    """Return a useful prefix for ``moves PREFIX``: the start of an action before its first
    separator (``b2`` of ``b2-b4``, ``1,-1`` of ``1,-1>2,-2:3``), the one most actions share."""
    counts: dict[str, int] = {}
    for action in legal:
        head = SEPARATOR.split(action, maxsplit=1)[0]
        if head and head != action:
            counts[head] = counts.get(head, 0) + 1
    if not counts:
        return legal[0][:2] if legal else "b2"
    return max(counts, key=lambda head: counts[head])


def commands(example: str, prefix: str, over: bool) -> Table:
    """Return the table of commands (only those that work once the game is over, if it is)."""
    rows = [] if over else [
        ("ACTION", f"play an action in the game's notation (e.g. {example}; examples below)"),
        ("moves or ?", f"list the legal actions; 'moves {prefix}' describes those starting "
                       f"with {prefix}"),
    ]
    rows += [
        ("info NAME", "what a code or symbol of the board means (info alone: all of them)"),
        ("rules [TOPIC]", "the game's numbered rules, or one of them ('rules 4', 'rules "
                          "captures')"),
        ("undo", "take back your last decision and the bots' replies (never another "
                 "person's)"),
        ("save FILE", "save the match and its seats as JSON (meeples play --load FILE)"),
    ]
    if not over:
        rows += [("resign", "give up: with two players the other wins; with more, a bot plays "
                            "your seat to the end and you rank last")]
    if not over:
        rows += [("load FILE", "continue a saved match of this game"),
                 ("use", "be asked at the next chance to use a token or power you hold "
                         "('use off' cancels)"),
                 ("set anytime ask|own|never",
                  "when to ask you about tokens and powers usable at any time (default never: "
                  "'use' asks once)")]
    rows += [
        ("set board auto|grid|list", "how to draw the board"),
        ("hint", "ask a bot for the best actions"),
        ("replay", "step through the match so far"),
        ("board", "show the board again"),
        ("help", "this list"),
        ("quit", "leave (unsaved actions are lost)"),
    ]
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for words, meaning in rows:
        table.add_row(escape(words), escape(meaning))
    return table


def notation(title: str, examples: Sequence[tuple[str, str]]) -> Group:
    """Return a game's notation by example."""
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for action, meaning in examples:
        table.add_row(escape(action), escape(meaning))
    return Group(Text(f"{title} actions, for example:", style="bold"), table)


def examples_from(legal: Sequence[str], describe: Callable[[str], str]) -> list[tuple[str, str]]:
    """Return up to four legal actions of different kinds with their descriptions."""
    out: list[tuple[str, str]] = []
    kinds: set[str] = set()
    for action in legal:
        kind = SEPARATOR.split(action, maxsplit=1)[0] if SEPARATOR.search(action) else action
        if kind in kinds:
            continue
        kinds.add(kind)
        out.append((action, describe(action)))
        if len(out) == 4:
            break
    return out


def settings(anytime: str, board: str) -> str:
    """Return a person's settings in words (rich markup)."""
    return (f"anytime [bold]{anytime}[/bold]: {escape(ANYTIME[anytime])}\n"
            f"board [bold]{board}[/bold]: {escape(LAYOUTS[board])}")
