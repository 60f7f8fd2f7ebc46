"""The commands a person types at the prompt besides actions: moves, help, info, set, save,
load, hint and replay. Each takes the :class:`~meeples.terminal.session.Session` it acts on; the
session's loop dispatches to them and keeps the turn flow (actions, undo, news) to itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.markup import escape
from rich.table import Table

from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.record import Match
from meeples.core.rulebook import game_rules, rule_for
from meeples.core.text import Message, component_name
from meeples.terminal import takeback
from meeples.terminal.help import (
    ANYTIME,
    DEFAULT_ANYTIME,
    LAYOUTS,
    commands,
    examples_from,
    notation,
    prefix_example,
    settings,
)
from meeples.terminal.legend import describe as describe_entry
from meeples.terminal.legend import find, grouped
from meeples.terminal.seats import hint_function

if TYPE_CHECKING:
    from meeples.terminal.session import Session

#: Up to this many legal actions, ``moves`` describes each; beyond, it lists them compactly.
DESCRIBE_LIMIT = 40


def list_moves(session: Session, prefix: str) -> None:
    """List the legal actions starting with a prefix (described when few)."""
    legal = [a for a in session.state.legal() if a.startswith(prefix)]
    if not legal:
        session.console.print(f"No legal action starts with {prefix!r}.")
        return
    if len(legal) > DESCRIBE_LIMIT:
        session.console.print(f"{len(legal)} legal actions:")
        session.console.print(Columns([escape(a) for a in legal], padding=(0, 2)))
        example = prefix_example([a for a in legal if len(a) > len(prefix)])
        session.console.print(
            f"[dim]Type 'moves PREFIX' (e.g. moves {escape(example)}) to see what they "
            "do.[/dim]"
        )
        return
    session.console.print(f"{len(legal)} legal action(s):")
    session.console.print(described(session, legal))


def described(session: Session, legal: Sequence[str]) -> Table:
    """Return a table of actions with their descriptions."""
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for action in legal:
        table.add_row(escape(action), escape(session.describe(session.state, action)))
    return table


def show_help(session: Session, over: bool) -> None:
    """Print the commands and the game's notation by example."""
    state = session.state
    examples = list(session.renderer.notation) or examples_from(
        state.legal(), lambda a: session.describe(state, a))
    legal = state.legal()
    example = examples[0][0] if examples else (legal[0] if legal else "done")
    session.console.print(commands(example, prefix_example(legal), over))
    if examples and not over:
        session.console.print(notation(state.game.title, examples))


def info(session: Session, word: str) -> None:
    """Print what a code or symbol of the board means (every one without a word)."""
    entries = session.renderer.glossary(session.state.view(None))
    if not entries:
        session.console.print(f"{escape(session.state.game.title)} explains no codes here.")
        return
    if not word:
        for line in grouped(entries):
            session.console.print(line)
        session.console.print("[dim]Type 'info NAME' (a code or a name) for its effect.[/dim]")
        return
    found = find(entries, word)
    if not found:
        session.console.print(
            f"Nothing called {escape(word)!r} in {escape(session.state.game.title)}; "
            "type 'info' for the list."
        )
    for entry in found:
        session.console.print(describe_entry(entry))


def rules(session: Session, topic: str) -> None:
    """Print the game's numbered rules (their titles), or the one a topic names: its number
    ("4") or a word of its title ("captures")."""
    found = game_rules(session.state.game)
    if not found:
        session.console.print("This game's rules are not written as numbered rules yet; "
                              "'help' gives its notation.")
        return
    if not topic:
        table = Table(box=None, show_header=False, pad_edge=False)
        for _, name, _ in found:
            table.add_row(escape(name))
        session.console.print(table)
        session.console.print("[dim]'rules 4' or 'rules captures' shows one rule.[/dim]")
        return
    wanted = topic.lower().lstrip("§")
    chosen = [r for r in found if r[0] == wanted] or [
        r for r in found if wanted in r[1].lower()]
    if not chosen:
        session.console.print(f"No rule is called {escape(topic)!r}: 'rules' lists them.")
    for _, name, text in chosen:
        session.console.print(f"[bold]{escape(name)}[/bold]\n{escape(text)}")


def refer(session: Session, message: Message) -> None:
    """Print the rule a refusal comes from, and how to read it."""
    rule = rule_for(message)
    if rule is not None:
        name = component_name(rule.kind, rule.id)
        session.console.print(f"[dim]See {escape(name)}: type 'rules {rule.id}'.[/dim]")


def change_setting(session: Session, words: str, player: int | None) -> bool | None:
    """Change or show a setting: True when the new anytime setting passes the decision at
    hand."""
    what, _, value = words.lower().partition(" ")
    value = value.strip()
    if not what:
        anytime = session.anytime.get(player, DEFAULT_ANYTIME) if player is not None else (
            DEFAULT_ANYTIME)
        session.console.print(settings(anytime, session.layout))
        return None
    if what == "board" and value in LAYOUTS:
        session.layout = value
        session.console.print(f"Board: {escape(LAYOUTS[value])}.")
        session.show(player)
        return None
    if what == "anytime" and value in ANYTIME and player is not None:
        session.anytime[player] = value
        session.console.print(
            f"{escape(session.renderer.player_name(player))}: {escape(ANYTIME[value])}."
        )
        # A decision at hand that the new setting passes is passed at once.
        return True if session.skip_for(session.state) is not None else None
    choices = {"anytime": "|".join(ANYTIME), "board": "|".join(LAYOUTS)}
    session.console.print(
        "[red]set takes: "
        + escape("; ".join(f"set {k} {v}" for k, v in choices.items()))
        + "[/red]"
    )
    return None


def save(session: Session, path: str) -> None:
    """Save the match and its seats."""
    if not path:
        session.console.print("[red]save needs a file name: save FILE[/red]")
        return
    record = replace(Match.of(session.state), seats=tuple(s.label for s in session.seats),
                     resigned=tuple(session.resignations))
    try:
        record.save(path)  # through a symlink; never over a folder, device or FIFO
    except MeeplesError as error:
        session.console.print(f"[red]{escape(str(error))}[/red] (nothing saved)")
        return
    session.saved = (path, len(session.state.history))
    session.console.print(f"Saved {len(session.state.history)} action(s) to {escape(path)}.")


def load(session: Session, path: str) -> bool | None:
    """Continue a saved match of this game with the seats at the table; True when loaded."""
    if not path:
        session.console.print("[red]load needs a file name: load FILE[/red]")
        return None
    try:
        match = load_match(path)
        if match.game != session.state.game.name or match.players != len(session.seats):
            raise MeeplesError(
                f"{path} holds a {match.players}-player {match.game} match; this is a "
                f"{len(session.seats)}-player {session.state.game.name} game"
            )
        states = match.states()
    except MeeplesError as error:
        session.console.print(f"[red]{escape(str(error))}[/red] (nothing changed)")
        return None
    session.states = states
    takeback.restore_resignations(session, match.resigned)
    session.deciders = [session.seat_decider(s) for s in states[:-1]]
    session.passed = set()
    session.seen = {p: len(states) - 1 for p in session.humans}
    session.viewer = None
    session.reset_bots()
    session.saved = (path, len(match.actions))
    session.console.print(f"Loaded {len(match.actions)} action(s) from {escape(path)}.")
    return True


def hint(session: Session, player: int | None) -> None:
    """Ask a bot for the best actions of the position."""
    if player is None and session.ended_by_resignation:
        session.console.print("No hint: the game ended by resignation, which undo cannot take "
                              "back.")
        return
    if player is None:
        session.console.print("No hint once the game is over: 'undo' goes back to your last "
                              "decision, where 'hint' helps.")
        return
    hint = hint_function()
    if hint is None:
        session.console.print("Hints are not available yet (they come with the bots).")
        return
    with session.thinking("Looking for a good action"):
        try:
            advice = hint(session.state, n=3)
        except MeeplesError as error:
            session.console.print(f"[red]no hint: {escape(str(error))}[/red]")
            return
    if not advice:
        session.console.print("No hint for this position.")
        return
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="cyan")
    table.add_column(justify="right")
    table.add_column()
    for estimate in advice:
        words = session.describe(session.state, estimate.action)
        if estimate.reason is not None:
            words = f"{words} ({session.words(estimate.reason)})"
        chance = "" if estimate.probability is None else f"{estimate.probability:.0%}"
        table.add_row(escape(estimate.action), chance, escape(words))
    session.console.print("Suggested (with how often a player wins from there, measured on "
                          "bot games; no number where the bot did not look):")
    session.console.print(table)


def replay(session: Session, player: int | None) -> None:
    """Step through the match so far (as the asking person saw it), then come back."""
    from meeples.terminal.replay import step_through

    viewer = player if player is not None else (
        session.humans[0] if len(session.humans) == 1 else None)
    if player is not None and not session.is_hidden():
        viewer = None
    offset = len(session.states[0].history)  # a fresh game's states start after its deal
    step_through(session.states, console=session.console, ask=session.ask,
                 start=len(session.states) - 1, player=viewer,
                 resigned=[(seat, ply - offset) for seat, ply in session.resignations])
    session.console.print("[dim]Back to the game ('board' shows it).[/dim]")


def load_match(path: str) -> Match:
    """Return the match saved in a file.

    Raises:
        CorruptRecord: the file is unreadable, not a record, or does not replay; the message
            names the file.
    """
    try:
        return Match.load(path)
    except CorruptRecord as error:
        message = str(error)
        if path in message:
            raise
        raise CorruptRecord(f"{path}: {message}") from None
