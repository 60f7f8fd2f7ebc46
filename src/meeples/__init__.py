"""Meeples: Meeple War, Rise of Tribes and Sparta with their rules enforced.

The public facade::

    import meeples
    game = meeples.load("sparta")          # meeples.game_names() lists the games
    state = game.new(players=2, seed=0)    # or game.parse(position_text)
    state.legal()                          # canonical action strings
    state = state.play("b2-b4")            # raises meeples.IllegalAction (a ValueError)
    state.to_move, state.outcome, state.position(), state.view(0)
"""

from meeples.core import (
    CHANCE,
    BadFile,
    BadOptions,
    BadPosition,
    CorruptRecord,
    Dealer,
    Game,
    IllegalAction,
    Match,
    MeeplesError,
    OtherRules,
    Outcome,
    State,
    UnknownGame,
    game_names,
    load,
)

__all__ = [
    "CHANCE",
    "BadFile",
    "BadOptions",
    "BadPosition",
    "CorruptRecord",
    "Dealer",
    "Game",
    "IllegalAction",
    "Match",
    "MeeplesError",
    "OtherRules",
    "Outcome",
    "State",
    "UnknownGame",
    "game_names",
    "load",
]
