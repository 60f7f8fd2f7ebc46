"""Sparta's fixed action table: one integer id per action text, whatever the state.

Learning environments (``meeples.env``) and policy networks need a fixed, finite action space
with a legal-action mask, as OpenSpiel's distinct action ids. Squares are numbered as the rules
number them, ``rank * 10 + file`` (a1 = 0, j1 = 9, a2 = 10, ..., j10 = 99). The 4901 ids:

- ``origin * 49 + slot`` for the 49 actions that start on a square (``0 .. 4899``):

  - slot 0, the in-place promotion of a warrior on that square (``e5=H``);
  - slots 1 to 48, the moves (``b2-b4``): ``1 + offset``, where ``offset`` numbers the squares
    of the 7x7 box of up to 3 king steps around the origin, centre left out, row by row: rank
    step -3 to 3, and within a rank step, file step -3 to 3. So slot 1 is 3 ranks down and 3
    files left, 24 one file left, 25 one file right, 48 three ranks up and 3 files right.
    Warriors move up to 2 king steps and heroes up to 3 (sheet, A turn), so every move has an
    id; the slots of distance 3 are heroes' only.

- ``4900``, ``pass``.

So an action's id grows with its origin, a promotion comes before the moves from its square,
and a move's id grows with its target: ids ascend in the order of the rules' legal actions
(``state.legal()``), and a policy over ids reshapes to 49 planes of 10x10 plus pass.

A move id whose target falls off the board (a1 three ranks down) names no action: it is never
legal, so masks leave it at 0, and :func:`action_text` refuses it. 3,264 of the 4,800 move ids
name a move.

:func:`mirror` maps an id to the same action seen from the other side, the board turned half
a turn (square ``s`` becomes ``99 - s``, a move's slot ``k`` becomes ``49 - k``): the turn
that takes North's start onto South's (``meeples.env`` shows North its board that way).
:func:`seat_relative` gives it for every id at once, holes included (a hole's mirror is a
hole): the ids as each side sees the board, for environments with relative action ids.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from meeples.core.errors import IllegalAction
from meeples.games.sparta import notation, setup
from meeples.games.sparta.state import PASS, Action

SIZE = setup.SIZE
SQUARES = SIZE * SIZE
#: King steps covered by the move slots: a hero's reach, the longest move.
REACH = setup.HERO_STEPS
BOX = 2 * REACH + 1
#: Slots per origin: the promotion, then the 7x7 box without its centre.
SLOTS = BOX * BOX
PASS_ID = SQUARES * SLOTS
#: The number of ids: 4901.
COUNT = PASS_ID + 1
#: No chance outcomes, and no names of places that depend on the state (the squares are fixed):
#: the parts of an OpenSpiel table Sparta has not (core.capabilities.TABLE_PARTS).
CHANCE_COUNT = 0
LABELS = None


def _slot(rank_step: int, file_step: int) -> int:
    """Return the slot of a move's step (the box's centre is slot 0, the promotion)."""
    index = (rank_step + REACH) * BOX + (file_step + REACH)
    centre = REACH * BOX + REACH
    return index + 1 if index < centre else index


def _table() -> tuple[tuple[Action | None, ...], dict[Action, int]]:
    """Return the action of every id (None for ids off the board) and the id of every action."""
    actions: list[Action | None] = [None] * COUNT
    for origin in range(SQUARES):
        rank, file = divmod(origin, SIZE)
        actions[origin * SLOTS] = Action(origin, origin)
        for rank_step in range(-REACH, REACH + 1):
            for file_step in range(-REACH, REACH + 1):
                r, f = rank + rank_step, file + file_step
                if (rank_step or file_step) and 0 <= r < SIZE and 0 <= f < SIZE:
                    actions[origin * SLOTS + _slot(rank_step, file_step)] = Action(
                        origin, r * SIZE + f
                    )
    actions[PASS_ID] = PASS
    ids = {action: number for number, action in enumerate(actions) if action is not None}
    return tuple(actions), ids


#: The internal action of each id (None: an id off the board), and the id of each action.
ACTIONS, IDS = _table()
TEXTS = tuple(None if a is None else notation.format_action(a) for a in ACTIONS)
_BY_TEXT = {text: number for number, text in enumerate(TEXTS) if text is not None}
_TEXT_OF = tuple(text or "" for text in TEXTS)


def action_id(text: str) -> int:
    """Return the id of an action text (``b2-b4``, ``e5=H``, ``pass``).

    Raises:
        IllegalAction: the text is not a Sparta action (or a move longer than 3 king steps,
            which no piece makes).
    """
    number = _BY_TEXT.get(text)
    if number is None:
        notation.parse_action(text)  # raises, with the notation's hint, on a malformed text
        raise IllegalAction(f"{text!r} moves further than {REACH} king steps: no action has it")
    return number


def action_text(number: int) -> str:
    """Return the action text of an id.

    Raises:
        IllegalAction: not an id, or a move id whose target is off the board.
    """
    try:
        index = operator.index(number)
    except TypeError:
        index = -1
    text = TEXTS[index] if 0 <= index < COUNT else None
    if text is None:
        raise IllegalAction(f"{number!r} is not a Sparta action id (0 to {COUNT - 1} on the board)")
    return text


def texts(numbers: Iterable[int]) -> list[str]:
    """Return the action texts of ids of actions (legal ids; unchecked, for speed)."""
    return list(map(_TEXT_OF.__getitem__, numbers))


def ids(actions: Iterable[Action]) -> list[int]:
    """Return the ids of internal actions (the rules' ``legal_actions``), in their order."""
    return list(map(IDS.__getitem__, actions))


def action(number: int) -> Action:
    """Return the internal action of an id.

    Raises:
        IllegalAction: as :func:`action_text`.
    """
    found = ACTIONS[number] if 0 <= number < COUNT else None
    if found is None:
        action_text(number)  # raises, with the reason
    assert found is not None
    return found


def mirror(number: int) -> int:
    """Return the id of the same action with the board turned half a turn (s -> 99 - s).

    Raises:
        IllegalAction: as :func:`action_text`.
    """
    origin, target = action(number)
    if number == PASS_ID:
        return PASS_ID
    return IDS[Action(SQUARES - 1 - origin, SQUARES - 1 - target)]


def _turned(number: int) -> int:
    """Return :func:`mirror` of any id, a hole's included (the mirror of a hole is a hole)."""
    if number == PASS_ID:
        return PASS_ID
    origin, slot = divmod(number, SLOTS)
    return (SQUARES - 1 - origin) * SLOTS + (SLOTS - slot if slot else 0)


_IDENTITY = tuple(range(COUNT))
_TURNED = tuple(map(_turned, range(COUNT)))


def seat_relative(player: int, players: int = 2) -> tuple[int, ...]:
    """Return, for each id, the id of the same action as ``player`` sees the board: South's
    own, North's turned half a turn (:func:`mirror`), as the observations are.

    Raises:
        ValueError: not a player of Sparta.
    """
    if players != 2 or player not in (0, 1):
        raise ValueError(f"Sparta has players 0 and 1, not {player} of {players}")
    return _TURNED if player else _IDENTITY
