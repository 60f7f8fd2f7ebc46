"""What a Sparta move causes beyond itself (the facade's ``effects``): a promotion, a conquest,
the pieces captured.

Read off the positions before and after the move, in the order ``rules.apply`` decides them
(sheet, Movement and Captures): a warrior landing on its own city (or promoted in place) becomes
a hero while the reserve lasts; else a piece landing on an enemy city conquers it (heroes too,
unless the option ``heroes_conquer`` is off); then every run enclosed on the four lines through
the landing square falls, of either side, the mover's own pieces included.
"""

from __future__ import annotations

from meeples.core.text import Message, msg
from meeples.games.sparta.notation import square_name
from meeples.games.sparta.rules import side
from meeples.games.sparta.state import OWNER, PASS, Action, State


def effects(before: State, action: Action, after: State) -> list[Message]:
    """Return the promotion, conquest and captures of a legal action, as messages."""
    if action == PASS:
        return []
    said: list[Message] = []
    player = before.to_move
    origin, target = action
    if after.reserves[player] < before.reserves[player]:  # even when the new hero then falls
        said.append(msg(
            "sp.fx.promoted", square=square_name(target), side=side(player),
            n=after.reserves[player],
        ))
    if before.cities[target] != after.cities[target]:
        held = sum(1 for owner in after.cities if owner == player)
        said.append(msg(
            "sp.fx.conquered", square=square_name(target), side=side(player), held=held,
            total=len([c for c in after.cities if c >= 0]),
        ))
    fallen: dict[int, list[int]] = {0: [], 1: []}
    for square, (was, now) in enumerate(zip(before.board, after.board, strict=True)):
        if was and not now and square != origin:
            fallen[OWNER[was]].append(square)
        elif square == target and not now and origin != target:  # the mover itself enclosed
            fallen[player].append(square)
    for owner in (1 - player, player):  # the enemy's losses first
        squares = fallen[owner]
        if squares:
            said.append(msg(
                "sp.fx.captured", side=side(owner), n=len(squares),
                squares=", ".join(square_name(sq) for sq in sorted(squares, key=_by_file)),
            ))
    return said


def _by_file(square: int) -> tuple[int, int]:
    """Order squares as people list them: by file, then by rank (b5 before c4)."""
    return square % 10, square // 10
