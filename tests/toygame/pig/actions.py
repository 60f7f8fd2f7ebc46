"""Pig's fixed action table (``Capabilities.openspiel``, ``Capabilities.environment``): roll is
id 0 and hold id 1, whatever the state; chance's outcomes are numbered apart, as OpenSpiel
numbers them: the face ``f`` is ``f - 1``. Ids ascend in the order of the rules' legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable

from meeples.core.errors import IllegalAction

ACTIONS = ("roll", "hold")
FACES = ("1", "2", "3", "4", "5", "6")
COUNT = len(ACTIONS)
CHANCE_COUNT = len(FACES)
#: Ids name no places (nothing depends on the state) and no seats (each player's ids are the
#: same): the optional parts of an OpenSpiel table (core.capabilities.TABLE_PARTS).
LABELS = None
seat_relative = None


def action_id(text: str) -> int:
    """Return the id of a player's action text.

    Raises:
        IllegalAction: not roll or hold.
    """
    if text not in ACTIONS:
        raise IllegalAction(f"{text!r} is not a Pig action (roll or hold)")
    return ACTIONS.index(text)


def action_text(number: int) -> str:
    """Return the action text of an id.

    Raises:
        IllegalAction: not 0 or 1.
    """
    if not 0 <= number < COUNT:
        raise IllegalAction(f"{number!r} is not a Pig action id (0 roll, 1 hold)")
    return ACTIONS[number]


def texts(numbers: Iterable[int]) -> list[str]:
    """Return the action texts of ids (unchecked)."""
    return [ACTIONS[n] for n in numbers]


def ids(actions: Iterable[str]) -> list[int]:
    """Return the ids of internal actions (Pig's internal actions are their texts)."""
    return [ACTIONS.index(a) for a in actions]


def action(number: int) -> str:
    """Return the internal action of an id."""
    return action_text(number)


def chance_id(text: str) -> int:
    """Return the id of a face of the die."""
    return FACES.index(text)


def chance_text(number: int) -> str:
    """Return the face of the die of a chance id."""
    return FACES[number]
