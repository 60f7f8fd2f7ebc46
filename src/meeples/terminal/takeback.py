"""Resigning and undoing at the prompt, and the resignations of a loaded match: the turn flow's
two ways back and out (:class:`~meeples.terminal.session.Session` dispatches to them).

``resign`` gives up, as on the server (:mod:`meeples.core.resign`): with two players the other
wins; with more, a random bot plays the seat to the end and it ranks last. ``undo`` takes back
the asking person's own decisions and the bots' replies after them, never another person's,
never a chance outcome, and never past a resignation. The record keeps each resignation as
(seat, actions played then), so a loaded match is restored as it was left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape

from meeples.core.chance import CHANCE
from meeples.core.resign import outcome_after_resignations
from meeples.terminal.seats import RANDOM, RandomBot, Seat

if TYPE_CHECKING:
    from meeples.terminal.session import Session


def restore_resignations(session: Session, resigned: Sequence[tuple[int, int]]) -> None:
    """Take the resignations of a loaded match: the seats as at the table, then each seat
    that resigned while the game went on played out by a random bot, as when it resigned."""
    session.seats = list(session.table)
    session.humans = [p for p, seat in enumerate(session.seats) if seat.is_human]
    for human in session.humans:
        session.anytime.setdefault(human, session.anytime_default)
    session.resignations = []
    offset = len(session.states[0].history)
    for seat, ply in resigned:
        session.resignations.append((seat, ply))
        state = session.states[min(max(ply - offset, 0), len(session.states) - 1)]
        if outcome_after_resignations(state.outcome, state.players, session.resigned) is None:
            seat_out(session, seat)


def seat_out(session: Session, player: int) -> None:
    """Hand a resigned player's seat to a random bot for the rest of the game."""
    session.seats[player] = Seat(RANDOM, RandomBot())
    if player in session.humans:
        session.humans.remove(player)
    session.anytime.pop(player, None)
    session.seen.pop(player, None)


def resign(session: Session, player: int) -> bool | None:
    """Resign the player to move once they confirm: True when the turn is over."""
    others = session.state.players > 2 and session.state.players - len(session.resigned) > 2
    what = ("you rank last and a random bot plays your seat to the end" if others
            else "the game ends and the other players win")
    try:
        answer = session.ask(f"Resign ({what})? yes/no> ").strip().lower()
    except EOFError:
        answer = ""
    if answer not in ("y", "yes"):
        session.console.print("Play on.")
        return None
    session.resignations.append((player, len(session.state.history)))
    session.console.print(f"{escape(session.renderer.player_name(player))} resigned.")
    if session.outcome is None:  # the game goes on: a bot plays the seat out
        seat_out(session, player)
        session.console.print(
            f"A random bot plays {escape(session.renderer.player_name(player))}'s seat to the"
            " end, ranked last."
        )
    return True


def undo(session: Session, player: int | None) -> bool | None:
    """Take back the asking person's last decision (after the game: the last decision of
    any person) and the bots' replies after it, never another person's decision."""
    current = len(session.states) - 1
    target = next(
        (i for i in range(current - 1, -1, -1)
         if session.deciders[i] not in (None, CHANCE)
         and (player is None or session.deciders[i] == player)
         and session.skip_for(session.states[i]) is None),
        None,
    )
    if target is not None and target < session.resigned_at:
        session.console.print("A resignation stands: undo cannot go back past it.")
        return None
    if target is None:
        others = any(d not in (None, CHANCE) for d in session.deciders)
        session.console.print("Nothing of yours to undo: undo takes back only your own "
                           "decisions." if others and player is not None else
                           "Nothing to undo.")
        return None
    other = next((i for i in range(target + 1, current)
                  if session.deciders[i] not in (None, player)), None)
    if other is not None and session.deciders[other] == CHANCE:
        # a drawn outcome is seen: taking it back would let anyone draw again
        drawn = escape(session.states[other + 1].history[-1])
        session.console.print(f"Cannot undo: chance has drawn since ({drawn}); undo never "
                           "takes back what was drawn.")
        return None
    if other is not None:
        decider = session.deciders[other]
        assert decider is not None
        session.console.print(
            f"Cannot undo: {escape(session.name(decider))} decided since "
            f"({escape(session.states[other + 1].history[-1])}); undo takes back only your "
            "own decisions and the bots' replies."
        )
        return None
    undone = session.state.history[len(session.states[target].history):]
    del session.states[target + 1:]
    del session.deciders[target:]
    session.passed = {i for i in session.passed if i < target}
    for human, seen in session.seen.items():
        session.seen[human] = min(seen, target)
    session.reset_bots()
    session.console.print(f"Took back: {escape(', '.join(undone))}")
    return True
