"""Meeple War in the terminal: the hex map, each player's pieces and village, a legend of the
codes on screen, the turn status and the legal actions.

The map is a hex grid sized to the console: cells 13 characters wide when 100 columns allow it
(4 players), narrower below (down to 80 columns and less), and a list of hexes when no grid
fits, in pipes and with NO_COLOR (see :mod:`meeples.terminal.meeple_war_map`). Owners are named
by letter (R, B, G, Y) as well as colour. At the rotate step the drawn tile is shown at each
legal rotation; when a Tree may be placed, the numbering of sides is shown.

Everything comes from the view (``meeples.games.meeple_war.view``) and the game's component
data; no rules are imported. Hexes are named ``q,r`` as in the notation.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeples.core.chance import CHANCE
from meeples.core.text import message_from_json
from meeples.core.text import render as render_message
from meeples.games.meeple_war.data import (
    ACTION_NAMES,
    BUILDINGS,
    KIND_NAMES,
    TILES,
    TOKEN_NAMES,
)
from meeples.terminal import hexgrid
from meeples.terminal.legend import Entry, Packed, effect_of, legal_line, legend_of, name_of
from meeples.terminal.meeple_war_map import (
    COLOURS,
    KIND_LABELS,
    LETTERS,
    SIDE_WORDS,
    SIDES,
    TILES_VP,
    Board,
    building_name,
    kind_name,
    letter,
    plain_map,
    rotation_previews,
    slot_words,
    token_name,
    tree_sides,
)

PHASES = {1: "bonuses", 2: "workers", 3: "actions", 4: "movement", 5: "resolution"}
STEPS = {
    "window": "may place the Tree or an upgrade token (done: no)",
    "bonus": "takes the bonuses of phase 1", "worker": "moves a worker",
    "action": "carries out the workers' actions", "fly": "places Flying Troops",
    "fright": "moves frightened meeples", "move": "moves meeples (done: stop)",
    "explore": "chooses the next exploration", "rotate": "rotates the drawn tile",
    "battle": "chooses the next battle", "effect": "resolves an altar, tunnel or VP",
    "over": "", "first": "draws the first player", "draw": "turns up the explored tile",
}
#: Examples of the notation for ``help``.
NOTATION = (
    ("w2>L1", "move the worker of village slot 2 to space L1 of its building"),
    ("done", "end an optional step (token window, bonuses, moves...)"),
    ("s2:dep:2", "slot 2's action: Deploy Troops with 2 meeples"),
    ("s2:build:PS@3", "slot 2's action: build the Pilot School on slot 3"),
    ("1,-1>2,-2:3", "move 3 meeples from hex 1,-1 to hex 2,-2 (an empty hex: explore it)"),
    ("tree:0,0/1", "put your Tree on side 1 (NE) of hex 0,0 (sides 0 E, 1 NE, 2 NW)"),
    ("up:asm@2,-2", "put the upgrade token asm on the blank tile 2,-2"),
    ("explore@2,-3", "resolve the exploration of hex 2,-3; then rot:N turns the drawn tile"),
    ("kill:1@0,0", "altar: destroy a meeple of player 2 (players are written 0-3 in actions)"),
)


def player_name(player: int) -> str:
    """Name a seat by its colour and number, as the descriptions say it (seat 0 = player 1)."""
    return f"{COLOURS[player % 4].capitalize()} (player {player + 1})"


#: The column beside the map needs this many characters.
SIDE = 36


#: Lines the prompt needs under the board: the question, up to five options with their heading,
#: and the line typed. The grid is drawn only when it fits above them (see MeepleWarTable).
BELOW = 8


class MeepleWarTable:
    """The whole table as one player sees it, laid out for the console's width.

    Three layouts: the map beside the players (when the console is wide enough for a map of
    cells at least 9 wide and a column of 42), the map above the players, or, when no grid
    fits (or in pipes and with NO_COLOR), the map as a list of hexes.

    The grid of a 2-player opening is about 40 lines high and grows as tiles are explored (58
    for 4 players at 80 columns): on a terminal of 24 or even 40 lines the players' VP, bravery
    and stock scrolled away each time it was redrawn. So ``auto`` draws the grid only when the
    whole table and the prompt under it fit the terminal's height, and otherwise the list, whose
    panel of players sits just above the prompt, with a line saying how to get the grid.
    """

    def __init__(self, view: dict[str, Any], legal: list[str], last: str | None,
                 layout: str) -> None:
        self.view, self.legal, self.last, self.layout = view, legal, last, layout

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Any]:
        plain = self.layout == "list" or (
            self.layout != "grid" and (not options.is_terminal or console.no_color))
        parts = self.parts(plain, options.max_width)
        if plain or self.layout == "grid":
            yield from parts
            return
        tall = len(console.render_lines(Group(*parts), options.update(height=None), pad=False))
        room = options.size.height
        if tall + BELOW <= room:
            yield from parts
            return
        yield from self.parts(True, options.max_width, note=(
            f"(map listed: the grid and the prompt need {tall + BELOW} lines, this terminal "
            f"has {room}; 'set board grid' draws it anyway)"))

    def parts(self, plain: bool, width: int, note: str | None = None) -> list[Any]:
        """Return the table's renderables: the map as a grid unless ``plain``, with ``note``
        under the listed map."""
        view = self.view
        board = Board(view)
        out: list[Any] = []
        who = view.get("player")
        title = Text("Meeple War" + (f": {player_name(who)}'s view" if isinstance(who, int)
                                     else ""), style="bold")
        side = None if plain else board.layout(width - SIDE - 2)
        if side is not None and side[0] < 10:
            side = None  # cells narrower than 9 beside the players: the map above them instead
        fit = None if plain or side is not None else board.layout(width)
        if side is not None:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            # The players' column stands at the bottom, beside the end of the map, its cards
            # last: next to the prompt, where a tall map would otherwise push them off screen.
            grid.add_column(vertical="bottom")
            left = Group(*board.grid(*side))
            cards = player_cards(board, width - hexgrid.width(board.hexes(), side[0]) - 2)
            right = Group(title, legend(board), *cards, meeples_line(board))
            grid.add_row(left, right)
            out.append(grid)
        else:
            out.append(title)
            if fit is not None:
                out.extend(board.grid(*fit))
            else:
                out.extend(plain_map(board))
                if note:
                    out.append(Text(note, style="dim"))
            tables = [players(view), villages(board, with_hexes=fit is None),
                      *can_build(board)]
            out.append(legend(board))  # after the tables are made: they add the codes they use
            out.extend(tables)
            out.append(meeples_line(board))
        # What this match's setup changes on a card (a quick start's shorter cycle or other
        # action): the paths above are the played ones, the printed card differs.
        out.extend(Text(render_message(message_from_json(card["changes"])), style="dim")
                   for card in view.get("cards", {}).values())
        out.extend(rotation_previews(board, self.legal, width))
        if any(a.startswith("tree:") for a in self.legal):
            out.extend(tree_sides())
        if view["result"]:
            winners = ", ".join(player_name(p) for p in view["result"][0])
            out.append(Text(f"Game over: {winners} ({view['result'][2]})", style="bold"))
        else:
            out.append(status(view, self.last))
        if self.legal and not view["result"]:
            out.append(legal_line(self.legal, width))
        return out


def render(view: dict[str, Any], legal: list[str], last: str | None = None,
           layout: str = "auto") -> RenderableType:
    """Return the table as one player sees it (``layout``: auto, grid or list)."""
    return MeepleWarTable(view, legal, last, layout)


def meeples_line(board: Board) -> Text:
    """Return where every player's meeples stand, near the prompt: on a short terminal the
    top of the map has scrolled away by the time a move is typed."""
    text = Text("Meeples on the map: ", style="bold")
    groups = []
    for p in range(len(board.view["seats"])):
        spots = sorted((h, counts[p]) for h, counts in board.troops.items() if p in counts)
        if spots:
            part = Text()
            for i, (h, count) in enumerate(spots):
                part.append(", " if i else "")
                part.append(f"{LETTERS[p]}{count}", style=f"bold {COLOURS[p]}")
                part.append(f" at {h[0]},{h[1]}")
            groups.append(part)
    text.append_text(Text("; ").join(groups) if groups else Text("none"))
    return text


def status(view: dict[str, Any], last: str | None) -> Text:
    """Return whose turn it is, the phase and step in words, the pile and the last action."""
    active = view["active"]
    text = Text(f"Turn {view['turn']}: ")
    text.append_text(letter(active))
    text.append(f" {player_name(active)} plays", style=f"bold {COLOURS[active]}")
    phase = view["phase"]
    if phase in PHASES:
        text.append(f"; phase {phase} of 5, {PHASES[phase]}")
    to_move = view["to_move"]
    if to_move == CHANCE:
        text.append(f"; now chance {STEPS.get(view['step'], view['step'])}", style="bold")
    elif to_move is not None:
        step = STEPS.get(view["step"], view["step"])
        if to_move != active:
            text.append("; now ")
            text.append(player_name(to_move), style=f"bold {COLOURS[to_move]}")
        text.append(f" {step}" if to_move != active else f": {step}")
    if view["pending"]:
        text.append("; actions due on slots " + " ".join(f"V{i + 1}" for i in view["pending"]))
    if view["temp_vp"]:
        text.append(f"; tower VP this turn {view['temp_vp']}")
    extras = [name for name, key in (("Nature Control", "nature"), ("Weapons Forge", "weapons"))
              if view[key]]
    if extras:
        text.append("; in force: " + ", ".join(extras), style="cyan")
    text.append(f"; pile {view['pile_count']} tiles", style="dim")
    if last:
        text.append(f"; {last_words(last)}", style="dim")
    return text


def last_words(last: str) -> str:
    """Return the last action for the status line: chance's draws in words ("last first:0"
    read as two words of English), any other as its text."""
    verb, _, rest = last.partition(":")
    if verb == "first" and rest.isdigit() and int(rest) < len(COLOURS):
        return f"{player_name(int(rest))} was drawn to play first"
    if verb == "draw" and rest:
        return f"tile {rest} turned up"
    return f"last action {last}"


def players(view: dict[str, Any]) -> Table:
    """Return one row per player: VP, bravery ladder, mountain, meeples off the map, tokens."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    for column in ("player", "VP", "bravery", "mountain", "stock", "depot", "Tree", "tokens"):
        table.add_column(column, no_wrap=column == "player",
                         justify="right" if column in ("VP", "stock", "depot") else "left")
    for p, seat in enumerate(view["seats"]):
        name = Text("> " if p == view["active"] else "  ")
        name.append_text(letter(p))
        name.append(f" {player_name(p)}", style=COLOURS[p])
        table.add_row(
            name, str(view["vp"][p]), f"{seat['ladder']}/7",
            str(seat["mountain"] + seat["extra_vp"]), str(seat["stock"]), str(seat["depot"]),
            "in hand" if seat["tree"] else "used", " ".join(seat["tokens"]) or "-",
        )
    return table


def villages(board: Board, with_hexes: bool = False) -> Table:
    """Return each player's four village slots (with their hexes when no map shows them) and
    the buildings the player lost."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("")
    for index in range(4):
        table.add_column(f"V{index + 1}", no_wrap=True)
    lost = any(seat["boxed"] for seat in board.view["seats"])
    if lost:
        table.add_column("lost")
    for p, seat in enumerate(board.view["seats"]):
        row: list[Any] = [letter(p)]
        for i in range(4):
            words = Text(f"{board.view['villages'][p][i]} " if with_hexes else "")
            row.append(words + slot_words(board, p, i))
        if lost:
            row.append(" ".join(seat["boxed"]) or "-")
            for code in seat["boxed"]:
                board.used[code] = building_name(code)
        table.add_row(*row)
    return table


def can_build(board: Board) -> list[Text]:
    """Return the buildings the viewing player may still build (none for a spectator)."""
    who = board.view.get("player")
    if not isinstance(who, int):
        return []
    available = board.view["seats"][who]["available"]
    for code in available:
        board.used[code] = building_name(code)
    text = Text(f"{COLOURS[who].capitalize()} can build: ", style="bold")
    text.append(" ".join(available) or "-")
    return [text]


def player_cards(board: Board, width: int) -> list[Text]:
    """Return each player as a few short lines, for the column beside the map."""
    view = board.view
    out: list[Text] = []
    for p, seat in enumerate(view["seats"]):
        head = Text("> " if p == view["active"] else "  ")
        head.append_text(letter(p))
        head.append(f" {player_name(p)}  VP {view['vp'][p]}", style=f"bold {COLOURS[p]}")
        out.append(head)
        out.append(Text(f"    bravery {seat['ladder']}/7  mountain "
                        f"{seat['mountain'] + seat['extra_vp']}"))
        out.append(Text(f"    stock {seat['stock']}  depot {seat['depot']}  Tree "
                        f"{'in hand' if seat['tree'] else 'used'}"))
        extras = [f"tokens {' '.join(seat['tokens'])}"] if seat["tokens"] else []
        extras += [f"lost {' '.join(seat['boxed'])}"] if seat["boxed"] else []
        if extras:
            out.append(Text("    " + "  ".join(extras)))
        line = Text("  ")
        for i in range(4):
            part = Text(f"  V{i + 1} ") + slot_words(board, p, i)
            if len(line) + len(part) > width and len(line) > 2:
                out.append(line)
                line = Text("  ")
            line.append_text(part)
        out.append(line)
    return out + can_build(board)


def legend(board: Board) -> Packed:
    """Return what the codes and symbols on screen mean, each entry kept on one line."""
    order = sorted(board.used, key=lambda code: (code in BUILDINGS, code.lower()))
    return legend_of(board.used, order)


def glossary(view: Mapping[str, Any] | None = None) -> list[Entry]:
    """Return every code and symbol the Meeple War board shows, with its name and effect; the
    effect of a building the match's setup changes (the view's ``cards``) goes on with what
    this match plays differently from the printed card."""
    played = (view or {}).get("cards", {})
    entries = [
        Entry(code, building_name(code), effect_of("mw.building", code, _building_effect(code))
              + (" " + render_message(message_from_json(played[code]["changes"]))
                 if code in played else ""),
              "buildings")
        for code in BUILDINGS
    ]
    entries += [Entry(t, token_name(t), effect_of("mw.token", t), "upgrade tokens")
                for t in TOKEN_NAMES]
    entries.append(Entry("Tree", name_of("mw.token", "tree", "Tree Hiding the Forest"),
                         effect_of("mw.token", "tree", "opens one forest side (tree:q,r/N)"),
                         "upgrade tokens"))
    entries += [Entry(a, name_of("mw.action", a, name), effect_of("mw.action", a), "actions")
                for a, name in ACTION_NAMES.items()]
    for kind in KIND_NAMES:
        vp = f"{TILES_VP[kind]} VP to whoever holds it alone" if kind in TILES_VP else ""
        entries.append(Entry(kind, kind_name(kind), effect_of("mw.kind", kind, vp), "territories"))
        for label in set(KIND_LABELS[kind]) - {"", kind_name(kind)}:
            entries.append(Entry(label, kind_name(kind), effect_of("mw.kind", kind, vp),
                                 "territories"))
    for tile in TILES:
        sides = " ".join(SIDES[d] for d in tile.forest)
        words = kind_name(tile.kind) + (f", forest on sides {sides} before rotation"
                                        if sides else "")
        entries.append(Entry(tile.id, f"territory tile {tile.id}", words, "tiles"))
    entries += [Entry(LETTERS[p], f"{COLOURS[p].capitalize()} (player {p + 1})",
                      "the player's meeples (R2 = 2 meeples), village and gate", "players")
                for p in range(4)]
    entries += [
        Entry("#", "forest side", "closed: meeples may not cross it", "map"),
        Entry("#T#", "forest opened by a Tree", "meeples may cross it", "map"),
        Entry("?", "hex being explored", "its tile is drawn in phase 5 (explore@q,r)", "map"),
        Entry(":", "empty hex next to the map", "moving meeples there explores it", "map"),
        Entry("V1", "village slot", "V1-V4, one building each (V2 holds the Village Square); "
              "an asterisk marks a building under construction", "map"),
        Entry("RR/6", "defenders / defense spaces",
              "the owners of the meeples on a slot's defense spaces, out of its spaces", "map"),
        Entry("worker", "a building's worker", "S is its start; a, b, c the path; L1-L3 the "
              "action spaces (info CODE shows a building's path)", "map"),
        Entry("gate", "a player's gate", "the territory where the player's meeples enter", "map"),
    ]
    entries += [Entry(f"side {d}", f"side {d} {SIDES[d]} ({SIDE_WORDS[d]})",
                      "sides 0-2 are the ones written in tree:q,r/N", "map") for d in range(3)]
    return entries


def _building_effect(code: str) -> str:
    """Return a building's values from the data: defense, construction and action path."""
    b = BUILDINGS[code]
    actions = "; ".join(
        f"{leaf} {name_of('mw.action', action, ACTION_NAMES[action])}" + (f" {x}" if x else "")
        for leaf, (action, x) in b.leaves.items()
    )
    path = ", ".join(f"{node} -> {'/'.join(exits)}" for node, exits in b.path.items())
    site = (f"; under construction: {b.construction_defense} defense, "
            f"{b.construction_length} steps to build" if b.construction_length else "")
    return f"defense {b.defense}{site}; worker path {path}; actions {actions}"
