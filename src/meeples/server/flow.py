"""Turn flow on the server: the anytime setting, undo and the bots' pace, as pure decisions.

The :class:`~meeples.server.room.Room` carries them out under its lock; this module only says
what to do, so each rule reads (and is tested) on its own:

- :func:`anytime_pass`: the action the server plays for a human seat whose anytime setting
  declines the "at any time" decision at hand (``State.anytime_pass``: ask / own / never),
  unless its player armed what they hold (the seat's ``armed``: the next one is asked);
- :func:`plan_undo`: which actions an undo takes back, or why it is refused: the last decision
  (an action the server did not pass for someone) must be a seat the asking connection holds,
  decided by its player (never by a bot playing the seat: a seat kept warm while its player was
  away, a resigned seat), and nothing from it on may have revealed hidden or chance
  information (``State.reveals``);
  the actions the server passed after it go with it (they were nobody's decision, and are
  passed again if the settings still say so);
- :func:`bot_delay`: the wait before each bot decision for a match's bot speed, so that each
  decision shows (and is highlighted) before the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeples.core.chance import CHANCE
from meeples.core.game import State
from meeples.server.store import Seat

#: Each bot speed as a multiple of the server's bot delay ("normal": 0.5 s by default, so slow
#: 1.2 s and fast 0.1 s). A server run with no delay (tests) plays every speed at once.
BOT_SPEEDS = {"slow": 2.4, "normal": 1.0, "fast": 0.2}
#: At most this many actions are passed in a row (a safety net: each pass moves the game on).
MAX_PASSES = 200


class Refused(Exception):
    """An undo that may not happen: a code for programs and a message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def bot_delay(normal: float, speed: str | None) -> float:
    """Return the seconds a bot waits before each decision at a speed (None: normal)."""
    return normal * BOT_SPEEDS.get(speed or "normal", 1.0)


def anytime_pass(state: State[Any, Any], seats: Sequence[Seat]) -> tuple[int, str] | None:
    """Return the seat to move and the action to play for it when it is a human whose anytime
    setting declines the decision at hand; else None (bots decide for themselves)."""
    seat = state.to_move
    if seat is None or seats[seat].kind != "human":
        return None
    action = state.anytime_pass(seats[seat].anytime, seats[seat].armed)
    return None if action is None else (seat, action)


def plan_undo(
    log: Sequence[dict[str, Any]],
    reveals: Sequence[bool],
    held: frozenset[int],
    over: bool,
    by_bot: Sequence[bool] = (),
) -> tuple[int, int]:
    """Return the seat whose decision an undo takes back and the first ply it takes back.

    log: the action log (entries with ``seat`` and ``passed``); reveals: for each action,
    whether it revealed hidden information; held: the seats of the asking connection; by_bot:
    for each action, whether a bot decided it for its seat (missing: its player did).

    Raises:
        Refused: the game is over, a spectator asks, there is no decision to take back, the
            last one is another player's or a bot's, or it (or what followed) revealed
            something.
    """
    if over:
        raise Refused("game_over", "the game is over")
    if not held:
        raise Refused("spectator", "spectators cannot undo")
    index = len(log) - 1
    while index >= 0 and log[index].get("passed"):
        index -= 1
    if index < 0:
        raise Refused("nothing_to_undo", "there is no decision to take back")
    seat: int = log[index]["seat"]
    if seat == CHANCE:
        raise Refused("undo_chance", "chance has drawn since: what was drawn stands")
    if seat not in held:
        raise Refused(
            "undo_not_yours",
            "another player has decided since: undo takes back only your own decisions",
        )
    # A bot's decision for this seat (its player was away, or resigned) was never the player's
    # to take back: undoing it would let the player see the bot's move, then play another.
    if index < len(by_bot) and by_bot[index]:
        raise Refused(
            "undo_bot",
            "a bot decided for your seat since: undo takes back only your own decisions",
        )
    if any(reveals[index:]):
        raise Refused(
            "undo_revealed",
            "this decision revealed hidden information (a draw or a roll): it stands",
        )
    return seat, index
