"""Stepping through a saved match: the board at each step and the action that led to it.

Like the session, input and output are injected so tests can script it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from meeples.core.chance import CHANCE
from meeples.core.game import State
from meeples.core.resign import outcome_after_resignations
from meeples.core.text import render
from meeples.terminal import Renderer, renderer_for
from meeples.terminal.summary import describe_outcome, summary_table

Ask = Callable[[str], str]

KEYS = "Enter or n: next   p: previous   NUMBER: go to that step   s: start   f: final   q: quit"


def show_step(
    console: Console,
    states: Sequence[State[Any, Any]],
    index: int,
    *,
    renderer: Renderer | None = None,
    player: int | None = None,
    resigned: Sequence[tuple[int, int]] = (),
) -> None:
    """Print step ``index`` of a match: the action that led to it, the board, the outcome.

    ``resigned`` lists the resignations in order, each as (seat, step it came at): the outcome
    counts them (:mod:`meeples.core.resign`)."""
    renderer = renderer or renderer_for(states[0].game.name)
    state = states[index]
    last = len(states) - 1
    if index == 0:
        console.print(f"[bold]Step 0 of {last}[/bold]: the start")
    else:
        before = states[index - 1]
        mover = before.to_move
        name = ("Chance" if mover == CHANCE else renderer.player_name(mover)
                if mover is not None else "?")
        action = state.history[-1]
        words = ""
        if player is None and not _hides(before):
            try:
                words = ": " + before.describe(action)
            except (ValueError, NotImplementedError):
                words = ""
        console.print(
            f"[bold]Step {index} of {last}[/bold]: {escape(name)} played "
            f"[bold]{escape(action)}[/bold]{escape(words)}"
        )
        names = {p: renderer.player_name(p) for p in range(state.players)}
        for effect in before.effects_to(state):  # public: shown to every viewer
            console.print(f"  [yellow]> {escape(render(effect, names=names))}[/yellow]")
    last_action = state.history[-1] if state.history else None
    console.print(renderer.render(state.view(player), [], last=last_action))
    for seat, _ in [(seat, at) for seat, at in resigned if at == index]:
        console.print(f"{escape(renderer.player_name(seat))} resigned.")
    out = [seat for seat, at in resigned if at <= index]
    outcome = outcome_after_resignations(state.outcome, state.players, out)
    if outcome is not None:
        console.print(describe_outcome(outcome, renderer.player_name))
        sheet = state.score_sheet()
        if sheet is not None:
            console.print(summary_table(sheet, renderer.player_name, outcome.winners))


def _hides(state: State[Any, Any]) -> bool:
    """Return whether a description might reveal what a spectator may not see (the game's
    declared ``hidden_information``)."""
    return state.game.capabilities.hidden_information


def step_through(
    states: Sequence[State[Any, Any]],
    *,
    console: Console,
    ask: Ask,
    start: int = 0,
    player: int | None = None,
    resigned: Sequence[tuple[int, int]] = (),
) -> int:
    """Let a person step through the states of a match; return the step they left at."""
    renderer = renderer_for(states[0].game.name)
    last = len(states) - 1
    index = max(0, min(start, last))
    console.print(f"[dim]{KEYS}[/dim]")
    show_step(console, states, index, renderer=renderer, player=player,
                  resigned=resigned)
    while True:
        try:
            line = ask("replay> ").strip().lower()
        except EOFError:
            return index
        if line in ("q", "quit", "exit"):
            return index
        if line in ("", "n", "next"):
            target = index + 1
        elif line in ("p", "prev", "previous"):
            target = index - 1
        elif line in ("s", "start"):
            target = 0
        elif line in ("f", "final", "end"):
            target = last
        elif line.isdigit():
            target = int(line)
        else:
            console.print(f"[dim]{KEYS}[/dim]")
            continue
        if not 0 <= target <= last:
            where = "the end" if target > last else "the start"
            console.print(f"That is beyond {where}: steps go from 0 to {last}.")
            continue
        index = target
        show_step(console, states, index, renderer=renderer, player=player,
                  resigned=resigned)
