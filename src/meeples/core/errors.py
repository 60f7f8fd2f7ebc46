"""The errors every client may catch. All are ``ValueError`` subclasses with precise names.

An error is raised with an English text or with a :class:`~meeples.core.text.Message`; either
way ``str(error)`` is English and ``error.message`` is a message every client can word in its
own language (a plain text becomes the message ``core.text``, shown as it is).
"""

from __future__ import annotations

from typing import Any


class MeeplesError(ValueError):
    """Base class of every error Meeples raises on bad input."""

    def __init__(self, message: Any = "") -> None:
        from meeples.core.text import Message, msg

        self.message: Message = (
            message if isinstance(message, Message) else msg("core.text", text=str(message))
        )
        super().__init__(str(self.message) if isinstance(message, Message) else str(message))


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


class OtherRules(CorruptRecord):
    """A match record played under another version of its game's rules than the one this
    Meeples plays (``Rules.rules_version``): it is refused, never replayed under other rules."""


class BadFile(MeeplesError):
    """A file that cannot be read or written as asked: missing, not a regular file (a folder,
    a device, a FIFO), too large, not text, or refused by the system."""
