"""Seat tokens: what a player holds to play a seat (only their hash is stored)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from meeples.server.errors import RoomError
from meeples.server.store import Seat


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()



def new_token() -> str:
    """Return a fresh secret seat token (256 random bits: not guessable)."""
    return secrets.token_urlsafe(32)



def seats_for(seats: Sequence[Seat], tokens: list[str]) -> frozenset[int]:
    """Return the seats the tokens open.

    Raises:
        RoomError: a token opens no seat of this match.
    """
    found = set()
    for token in tokens:
        digest = hash_token(token).encode()
        index = None
        for i, seat in enumerate(seats):  # every seat compared, in constant time
            if seat.token_hash is not None and hmac.compare_digest(
                seat.token_hash.encode(), digest
            ):
                index = i
        if index is None:
            raise RoomError("bad_token", "this seat link is not valid for this game")
        found.add(index)
    return frozenset(found)
