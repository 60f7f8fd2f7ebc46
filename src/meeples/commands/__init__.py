"""Subcommands of ``meeples``: one module each, with ``register(subparsers)``."""
