"""A tutorial match on the server: the guided first game of a game (:mod:`meeples.core.tutorial`)
run by the same room, board and engine as any match.

While the lessons last, what the learner does not decide follows the script: chance's outcomes,
the bots' replies (at their pace, one by one, so that each is seen) and the learner's own
decisions the default settings pass. The learner is offered only the actions a step asks for,
and another legal action is refused with the step's hint (an illegal one with the engine's own
reason, as in any match). Once the lessons are over the match goes on as any other: the dealer
draws chance, the bots think for themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeples.core.text import Message, prefix_of
from meeples.core.tutorial import Tutorial, tutorial

if TYPE_CHECKING:
    from meeples.server.table import Table


def lessons(room: Table) -> Tutorial | None:
    """Return the tutorial a match runs while its lessons last, else None."""
    name = room.stored.tutorial
    if name is None:
        return None
    found = tutorial(name)
    return None if found is None or found.over(room.plies) else found


def scripted(room: Table) -> str | None:
    """Return the scripted action due now (chance's, a bot's or one the learner's settings
    pass), or None."""
    found = lessons(room)
    return None if found is None else found.scripted(room.plies)


def refusal(room: Table, action: str) -> Message | None:
    """Return why the learner may not play this (legal) action now, or None."""
    found = lessons(room)
    return None if found is None else found.refusal(room.plies, action)


def expected(room: Table) -> tuple[str, ...] | None:
    """Return the actions the learner is asked for now, or None (any legal one will do)."""
    found = lessons(room)
    if found is None:
        return None
    step = found.step_at(room.plies)
    return None if step is None else found.steps[step].expect


def field(room: Table) -> dict[str, Any] | None:
    """Return the ``tutorial`` field of the state message: the step shown, its pages, its rule
    and where it stands; None for an ordinary match."""
    name = room.stored.tutorial
    found = None if name is None else tutorial(name)
    if name is None or found is None:
        return None
    from meeples.core.text import game_catalogue  # the game's own, for its key prefix

    prefix = prefix_of(game_catalogue(name, "en")) or name
    return found.words(found.current(room.plies), prefix)
