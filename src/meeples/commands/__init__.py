"""Subcommands of ``meeples``: one module each, with ``register(subparsers)``."""

#: The game a command plays when none is given (``meeples arena``): the one place the command
#: line names a game.
DEFAULT_GAME = "sparta"
