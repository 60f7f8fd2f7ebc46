"""The refusals of a match's commands: a code for programs and a message for people."""

from __future__ import annotations

from meeples.core.text import Message


class RoomError(Exception):
    """A refused command: a code for programs and a message for people (``msg``: an engine's
    reason as a message, worded by each client)."""

    def __init__(self, code: str, message: str, msg: Message | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg = msg


class ClusterProblem(Exception):
    """Redis cannot be used, or the database cannot be shared by several workers."""
