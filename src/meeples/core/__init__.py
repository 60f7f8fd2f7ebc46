"""The game core: the protocol every game implements, the facade, records and the registry."""

from meeples.core.capabilities import Capabilities, OpenSpielSpec
from meeples.core.chance import CHANCE, Dealer
from meeples.core.errors import (
    BadFile,
    BadOptions,
    BadPosition,
    CorruptRecord,
    IllegalAction,
    MeeplesError,
    OtherRules,
    UnknownGame,
)
from meeples.core.game import Game, Option, Outcome, Rules, State
from meeples.core.record import Match
from meeples.core.registry import game_names, load

__all__ = [
    "CHANCE",
    "BadFile",
    "BadOptions",
    "BadPosition",
    "Capabilities",
    "CorruptRecord",
    "Dealer",
    "Game",
    "IllegalAction",
    "Match",
    "MeeplesError",
    "OpenSpielSpec",
    "OtherRules",
    "Option",
    "Outcome",
    "Rules",
    "State",
    "UnknownGame",
    "game_names",
    "load",
]
