"""Rise of Tribes in the terminal: the hex map, the action board with its dice rows, the event
slots, each tribe's resources, goals and powers, a legend of the codes on screen, the turn
status and the legal actions.

The map is a hex grid sized to the console (cells 15 characters wide, narrower below 100
columns) or, in pipes, with NO_COLOR and when no grid fits, a list of hexes. Owners are named
by letter (R, B, G, Y) as well as colour. Goals (A1-A8, D1-D7), events, leader powers and
scenario tiles are written by code or name and explained in the legend and by ``info``.

Everything comes from the view (``meeples.games.rise_of_tribes.view``) and the game's
component data; no rules are imported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeples.games.rise_of_tribes import data
from meeples.terminal import hexgrid
from meeples.terminal.legend import Entry, Packed, effect_of, legal_line, legend_of, name_of
from meeples.terminal.rise_of_tribes_map import (
    COLOURS,
    LETTERS,
    Map,
    event_name,
    goal_name,
    letter,
    tile_name,
)

FACES = {"sun": "S", "moon": "M", "blank": "B"}
POWERS = {  # §4.1 (moon / default / sun), shown as a reminder on the action board
    "grow": "add 2 / 3 / 4 members",
    "move": "move 2 / 3 / 5 members",
    "gather": "2 hexes x1 / 2 x2 / 3 x2",
    "lead": "draw 1 / 2 / 3 goals",
}
STEPS = {
    "pick": "choose a leader power", "place": "place the starting tribe",
    "take": "take a free resource", "reroll": "keep or reroll a die (Cunning)",
    "site": "choose the event's hex", "vent": "choose the volcano's place",
    "lose": "lose a member to the volcano", "settle": "Abandoned Village: settle or pass",
    "bid": "Chieftain: bid or pass", "give": "Chieftain: hand out the bid",
    "act": "put a die on an action", "light": "Light in the Dark: take a resource",
    "grow": "add members (GROW)", "move": "move members (MOVE)",
    "discover": "Discovery: take a resource", "gather": "gather (GATHER)",
    "bonus": "gather bonus", "recycle": "recycle goals or draw (LEAD)",
    "dream": "Dreamtime", "order": "choose the next conflict", "evade": "evade or stay",
    "bow": "use the Bow or pass", "goals": "goals, villages, purchases; done ends the turn",
    "over": "",
}
#: The column beside the map (action board, events, legend) needs this many characters...
SIDE = 40
#: ...and from this width the goals join the tribes' table.
WIDE = 110
NOTATION = (
    ("grow S", "put a die showing sun (S; M moon, B blank) on the GROW row"),
    ("add c", "GROW: add one member on hex c"),
    ("c-d", "MOVE: move one member from hex c to hex d"),
    ("c=ww", "GATHER: take two wood from hex c (w wood, f food, s stone)"),
    ("goal D1", "complete goal D1 (goals A1-A8, D1-D7: info D1)"),
    ("village c", "build a village on hex c"),
    ("buy AL", "buy the event AL in a slot (events by two letters: info AL)"),
    ("stop", "end the current action early"),
    ("done", "end your turn"),
    ("bow 1", "Bow: remove a member of player 2 (players are written 0-3 in actions)"),
)


def player_name(player: int) -> str:
    """Name a seat by its colour and number."""
    return f"{COLOURS[player % 4].capitalize()} ({player + 1})"


class RiseOfTribesTable:
    """The whole table as one player sees it, laid out for the console's width."""

    def __init__(self, view: dict[str, Any], legal: list[str], last: str | None,
                 layout: str) -> None:
        self.view, self.legal, self.last, self.layout = view, legal, last, layout

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Any]:
        view, width = self.view, options.max_width
        plain = self.layout == "list" or (
            self.layout != "grid" and (not options.is_terminal or console.no_color))
        who = view.get("player")
        title = "Rise of Tribes" + (f": {player_name(who)}'s view" if isinstance(who, int)
                                    else "")
        yield Text(title, style="bold")
        board = Map(view)
        side = None if plain else board.layout(width - SIDE - 2)
        if side is not None and side[0] < 14:
            side = None  # narrow cells beside the tables: the map above them instead
        fit = None if plain or side is not None else board.layout(width)
        wide = width >= WIDE
        tables: list[Any] = [tribes(view, board, with_goals=wide)]
        tables += [] if wide else [goals(view, board)]
        if side is not None:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
            right = Group(action_board(view), events(view, board), legend(board))
            grid.add_row(Group(*hexgrid.draw(board.cells(side[0] - 1), *side)), right)
            yield grid
            yield from tables
        else:
            if fit is None:
                yield from board.listed()
            else:
                yield from hexgrid.draw(board.cells(fit[0] - 1), *fit)
            tables = [action_board(view), events(view, board), *tables]
            yield legend(board)  # after the tables are made: they add the codes they use
            yield from tables
        yield members_line(board)
        if view["outcome"]:
            winners = ", ".join(player_name(p) for p in view["outcome"]["winners"])
            yield Text(f"Game over: {winners} ({view['outcome']['reason']})", style="bold")
        else:
            yield status(view, self.last)
            if self.legal:
                yield legal_line(self.legal, width)


def render(view: dict[str, Any], legal: list[str], last: str | None = None,
           layout: str = "auto") -> RenderableType:
    """Return the whole table as seen by one player (``layout``: auto, grid or list)."""
    return RiseOfTribesTable(view, legal, last, layout)


def action_board(view: dict[str, Any]) -> Table:
    """Return the action board: each row's three dice (slot 1 first) and its powers."""
    table = Table(title="Action board (S sun, M moon, B blank)", title_justify="left",
                  box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("action", style="bold")
    table.add_column("dice")
    table.add_column("moon / default / sun", style="dim")
    for action, dice in view["rows"].items():
        table.add_row(action.upper(), " ".join(FACES.get(d, d) for d in dice), POWERS[action])
    return table


def events(view: dict[str, Any], board: Map) -> Text:
    """Return the event slots with their tokens, and the deck and discard."""
    text = Text("Events: ", style="bold")
    for slot in view["events"]:
        if slot["event"] is None:
            text.append("[empty] ")
            continue
        tokens = ", ".join(f"{v} {k}" for k, v in slot["tokens"].items() if v)
        text.append(f"[{slot['event']}{' - ' + tokens if tokens else ''}] ")
    text.append(f"deck {view['event_deck_size']}")
    if view["event_discard"]:
        text.append(", discarded " + " ".join(view["event_discard"]))
        for code in view["event_discard"]:
            board.used[code] = event_name(code)
    return text


def tribes(view: dict[str, Any], board: Map, with_goals: bool = False) -> Table:
    """Return one row per tribe: score, resources, members in supply, villages, deck (and,
    on a wide console, the goals and powers of :func:`goals`)."""
    table = Table(title="Tribes", title_justify="left", box=None, pad_edge=False,
                  padding=(0, 1, 0, 0))
    columns = ["player", "tribe", "VP", "wood", "food", "stone", "supply", "villages", "deck"]
    for column in columns + (["goals", "completed", "powers and extras"] if with_goals else []):
        table.add_column(column, no_wrap=column in ("player", "tribe"),
                         justify="right" if column in columns[2:] else "left")
    for pl in view["table"]:
        seat, res = pl["seat"], pl["resources"]
        name = Text("> " if seat == view["active"] else "  ")
        name.append_text(letter(seat))
        name.append(f" {player_name(seat)}", style=COLOURS[seat])
        row: list[Any] = [name, pl["tribe"], str(pl["score"]), str(res["wood"]),
                          str(res["food"]), str(res["stone"]), str(pl["supply"]),
                          str(pl["villages"]), str(pl["deck_size"])]
        table.add_row(*row, *(goal_cells(view, pl, board) if with_goals else []))
    return table


def goals(view: dict[str, Any], board: Map) -> Table:
    """Return each tribe's goals in progress and completed, leader powers and extras."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    for column in ("", "goals", "completed", "powers and extras"):
        table.add_column(column)
    for pl in view["table"]:
        table.add_row(letter(pl["seat"]), *goal_cells(view, pl, board))
    return table


def goal_cells(view: dict[str, Any], pl: dict[str, Any], board: Map) -> list[str]:
    """Return a tribe's goals in progress, completed, and its powers and extras."""
    for code in [*pl["in_progress"], *pl["completed"], *pl["acquired"]]:
        board.used[code] = goal_name(code) if code in data.GOAL_IDS else event_name(code)
    extras = list(pl["acquired"]) + (["mammoth"] if pl["tamed_mammoth"] else [])
    if view.get("leader_mode") == "pick":  # Q18: the one power kept, public
        choice = pl.get("leader_choice")
        extras.append(f"{choice} (picked)" if choice else "leader power to pick")
    else:
        extras += pl["leader_powers"]
    if pl["elder"]:
        extras.append(f"elder on {pl['elder']}")
    return [" ".join(pl["in_progress"]) or "-", " ".join(pl["completed"]) or "-",
            ", ".join(extras) or "-"]


def legend(board: Map) -> Packed:
    """Return what the codes and symbols on screen mean, each entry kept on one line."""
    return legend_of(board.used, sorted(board.used, key=lambda c: (len(c) == 2, c)))


def members_line(board: Map) -> Text:
    """Return where every tribe's members stand, near the prompt (the map may have scrolled
    away on a short terminal)."""
    text = Text("Members on the map: ", style="bold")
    groups = []
    for p in range(board.view["players"]):
        part = Text()
        for cell in sorted(board.hexes.values(), key=lambda c: c["name"]):
            count = cell["members"][p]
            if count:
                part.append(", " if part else "")
                part.append(f"{LETTERS[p]}{count}", style=f"bold {COLOURS[p]}")
                part.append(f" on {cell['name']}")
        if part:
            groups.append(part)
    text.append_text(Text("; ").join(groups) if groups else Text("none"))
    return text


def status(view: dict[str, Any], last: str | None) -> Text:
    """Return the round, whose turn it is, the step in words and the last action."""
    active = view["active"]
    text = Text(f"Round {view['round']}: ")
    text.append_text(letter(active))
    text.append(f" {player_name(active)} plays", style=f"bold {COLOURS[active]}")
    text.append(f"; step: {view['phase']}")
    words = STEPS.get(view["phase"], "")
    if words:
        text.append(f" ({words})")
    if view["hand"]:
        text.append("; dice to place: " + " ".join(FACES[f] for f in view["hand"]))
    to_move = view["to_move"]
    if to_move is not None and to_move != active:
        text.append("; deciding: ")
        text.append(player_name(to_move), style=f"bold {COLOURS[to_move]}")
    if last:
        text.append(f"; last {last}", style="dim")
    return text


def glossary() -> list[Entry]:
    """Return every code and symbol the Rise of Tribes board shows, with name and effect."""
    entries = []
    for code, _, cost in data.DEVELOPMENTS:
        price = ", ".join(f"{n} {r}" for n, r in zip(cost, data.RESOURCE_NAMES, strict=True)
                          if n)
        entries.append(Entry(code, goal_name(code), effect_of(
            "rot.goal", code, f"development: costs {price}; {data.DEVELOPMENT_VP} VP"),
            "goals"))
    for code, _, vp in data.ACHIEVEMENTS:
        entries.append(Entry(code, goal_name(code), effect_of(
            "rot.goal", code, f"achievement: {vp} VP when its condition is met"), "goals"))
    for event_index, (code, _) in enumerate(data.EVENTS):
        fact = ""
        if event_index in data.ACQUIRE:
            kind = data.RESOURCE_NAMES[data.ACQUIRE[event_index]]
            fact = (f"may be bought for {data.ACQUIRE_BASE} {kind}, one less per {kind} token "
                    "on it")
        entries.append(Entry(code, event_name(code), effect_of("rot.event", code, fact),
                             "events"))
    for index, power in enumerate(data.LEADER_POWER_CODES):
        tribe = data.TRIBE_NAMES[index >> 1]
        name = name_of("rot.power", power, data.LEADER_POWER_NAMES[index])
        entries.append(Entry(power, name, effect_of("rot.power", power,
                                                    f"a leader power of the {tribe}"), "powers"))
    for _, code, replaces in data.SCENARIO_TILES:
        base = "any terrain" if replaces == data.ANY else data.TERRAIN_NAMES[replaces]
        entries.append(Entry(code, tile_name(code), effect_of(
            "rot.tile", code, f"a scenario tile in place of a {base} hex"), "tiles"))
    for tribe, cost, powers in data.TRIBES:
        price = ", ".join(f"{n} {r}" for n, r in zip(cost, data.RESOURCE_NAMES, strict=True))
        entries.append(Entry(tribe, name_of("rot.tribe", tribe, tribe), effect_of(
            "rot.tribe", tribe, f"a village costs {price}; leader powers "
            f"{' and '.join(powers)}"), "tribes"))
    entries += [Entry(LETTERS[p], f"{COLOURS[p].capitalize()} (player {p + 1})",
                      "the player's members (R3 = 3 members), villages (V:R), elder (E:R)",
                      "players") for p in range(4)]
    entries += [
        Entry(face, name_of("rot.face", face, name), effect_of("rot.face", face, effect), "dice")
        for face, name, effect in (
            ("S", "sun", "a die face: the action's strongest power"),
            ("M", "moon", "a die face: the action's weakest power"),
            ("B", "blank", "a die face: the action's default power"),
        )
    ]
    entries += [
        Entry("i2", "invaders", "2 invaders on the hex", "map"),
        Entry("V:R", "village", "a village of Red", "map"),
        Entry("E:R", "Tribal Elder", "Red's elder", "map"),
        Entry("max4", "population limit", "at most 4 members of a tribe on the hex", "map"),
    ]
    entries += [Entry(action.upper(), name_of("rot.action", action, action), effect_of(
        "rot.action", action, f"with a moon / by default / with a sun: {POWERS[action]}"),
        "actions") for action in data.ACTION_NAMES]
    return entries
