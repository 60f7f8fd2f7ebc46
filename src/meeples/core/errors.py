"""The errors every client may catch. All are ``ValueError`` subclasses with precise names."""

from __future__ import annotations


class MeeplesError(ValueError):
    """Base class of every error Meeples raises on bad input."""


class UnknownGame(MeeplesError):
    """A game name that is not in the registry."""


class BadOptions(MeeplesError):
    """An unknown option, a value of the wrong type, or an unsupported player count."""


class IllegalAction(MeeplesError):
    """An action string that is malformed, or well formed but not legal in the position."""


class BadPosition(MeeplesError):
    """A position text that cannot be parsed or describes an impossible position."""


class CorruptRecord(MeeplesError):
    """A saved match that is not valid JSON, misses fields, or does not replay."""
