"""Player accounts (issue 25, point 1): names, passwords, and what an account holds.

Accounts are optional: a guest plays with seat tokens as before. An account is a name and a
password; a seat created, claimed or first taken up with its token while signed in is bound to
the account (``seat_accounts``), so the account takes it up from any device with its session
alone (:mod:`meeples.server.sessions`) and lists its matches everywhere.

- **Names**: 2 to :data:`NAME_MAX` characters, letters, digits, ``_``, ``-`` and ``.``, compared
  as their NFKC casefold (``Ana`` and ``ana`` are one name), unique.
- **Passwords**: :data:`PASSWORD_MIN` to :data:`PASSWORD_MAX` characters, kept only as an
  argon2id hash (argon2-cffi, its default parameters: RFC 9106's low-memory choice, 64 MiB and
  three passes). Hashing runs in threads, :data:`HASHING_AT_ONCE` at a time, so sign-ins can
  neither block the event loop nor take all the memory; a hash made with older parameters is
  made again at the next sign-in.
- **Constant time**: a sign-in under a name that does not exist verifies the password against a
  dummy hash of the same parameters, so it takes as long as a wrong password: timing tells no
  one which names exist (the 409 of an account creation does, as any sign-up does).
- **Deleting** an account deletes its sessions, its seats' bindings, its alert address
  (:mod:`meeples.server.alerts`) and its ratings (:mod:`meeples.server.ratings`) in one
  transaction, then the account: its seats are then
  opened by their tokens alone, whoever holds them; its matches stay whole. Its id is random
  and never reused, so a room that still holds it in memory (on another worker) opens nothing
  with it.

Everything touching the database here is synchronous; the server calls it in its database
threads (``Workers.store``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from meeples.server.store import Seat
from meeples.server.tables import (
    account_alerts,
    accounts,
    actions,
    alerts_sent,
    matches,
    rating_changes,
    ratings,
    seat_accounts,
    sessions,
)

#: The shortest and longest names and passwords.
NAME_MIN = 2
NAME_MAX = 24
PASSWORD_MIN = 8
PASSWORD_MAX = 1024
#: Argon2 hashes computed at once (each takes the hasher's memory: 64 MiB by default).
HASHING_AT_ONCE = 2
#: The characters a name may hold besides letters and digits.
NAME_MARKS = "_-."
#: Matches ``GET /api/me`` lists at most, newest first.
MATCHES_LISTED = 200


class AccountError(ValueError):
    """A request about an account that cannot be done; ``code`` is the wire error's code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class NameTaken(AccountError):
    """Another account has this name (the same once casefolded)."""

    def __init__(self) -> None:
        super().__init__("name_taken", "this name is taken; choose another")


def checked_name(name: Any) -> tuple[str, str]:
    """Return a name as kept (NFKC) and its key (casefolded: what makes two names one).

    Raises:
        AccountError: not a string, too short or long, or with other characters.
    """
    if not isinstance(name, str):
        raise AccountError("bad_name", "a name is text")
    kept = unicodedata.normalize("NFKC", name).strip()
    if not NAME_MIN <= len(kept) <= NAME_MAX:
        raise AccountError("bad_name", f"a name has {NAME_MIN} to {NAME_MAX} characters")
    if not all(c.isalnum() or c in NAME_MARKS for c in kept):
        raise AccountError("bad_name", "a name holds letters, digits, '_', '-' and '.' only")
    return kept, unicodedata.normalize("NFKC", kept.casefold())


def checked_password(password: Any) -> str:
    """Return a password fit to be hashed.

    Raises:
        AccountError: not a string, or shorter than :data:`PASSWORD_MIN` or longer than
            :data:`PASSWORD_MAX` characters.
    """
    if not isinstance(password, str):
        raise AccountError("weak_password", "a password is text")
    if len(password) < PASSWORD_MIN:
        raise AccountError("weak_password",
                           f"a password has at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise AccountError("weak_password", f"a password has at most {PASSWORD_MAX} characters")
    return password


class Passwords:
    """Argon2 hashing in threads, a few at a time, with a dummy hash for unknown names."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self._at_once: asyncio.Semaphore | None = None
        self._dummy: str | None = None

    def _gate(self) -> asyncio.Semaphore:
        if self._at_once is None:  # made in the server's event loop, at first use
            self._at_once = asyncio.Semaphore(HASHING_AT_ONCE)
        return self._at_once

    async def hash(self, password: str) -> str:
        """Return the argon2 hash of a password."""
        async with self._gate():
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Return whether a password is the one a hash was made of; stored None (no such
        account): verified against a dummy hash all the same, and False."""
        if self._dummy is None:
            self._dummy = await self.hash(secrets.token_urlsafe(16))
        against = stored if stored is not None else self._dummy
        async with self._gate():
            good = await asyncio.to_thread(self._verify, against, password)
        return good and stored is not None

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, password))
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Return whether a hash was made with other parameters than this hasher's."""
        try:
            return bool(self.hasher.check_needs_rehash(stored))
        except InvalidHashError:
            return True


@dataclass(frozen=True)
class Account:
    """An account as stored (its password hash only when asked for)."""

    id: str
    name: str
    created: float
    password_hash: str | None = None


def new_id() -> str:
    """Return a fresh account id (128 random bits: never reused)."""
    return secrets.token_hex(16)


def create(engine: Engine, name: str, key: str, password_hash: str) -> Account:
    """Store a new account.

    Raises:
        NameTaken: another account has the name's key.
    """
    account = Account(new_id(), name, time.time())
    try:
        with engine.begin() as conn:
            conn.execute(insert(accounts).values(
                id=account.id, name=name, name_key=key, password_hash=password_hash,
                created=account.created,
            ))
    except IntegrityError:
        raise NameTaken() from None
    return account


def find(engine: Engine, key: str) -> Account | None:
    """Return the account of a name's key, with its password hash, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts).where(accounts.c.name_key == key)).first()
    if row is None:
        return None
    return Account(row.id, row.name, float(row.created), row.password_hash)


def get(engine: Engine, account_id: str) -> Account | None:
    """Return an account by its id, with its password hash, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts).where(accounts.c.id == account_id)).first()
    if row is None:
        return None
    return Account(row.id, row.name, float(row.created), row.password_hash)


def set_hash(engine: Engine, account_id: str, password_hash: str) -> None:
    """Replace an account's password hash (the same password, newer parameters)."""
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.id == account_id)
                     .values(password_hash=password_hash))


def delete_account(engine: Engine, account_id: str) -> list[tuple[str, int]]:
    """Delete an account, its sessions, its seats' bindings, its alert address and mails and its
    ratings, at once; return the seats that were bound to it (match id, seat)."""
    with engine.begin() as conn:
        bound = [(str(m), int(s)) for m, s in conn.execute(
            select(seat_accounts.c.match_id, seat_accounts.c.seat)
            .where(seat_accounts.c.account_id == account_id)
        )]
        conn.execute(delete(seat_accounts).where(seat_accounts.c.account_id == account_id))
        conn.execute(delete(sessions).where(sessions.c.account_id == account_id))
        conn.execute(delete(account_alerts).where(account_alerts.c.account_id == account_id))
        conn.execute(delete(alerts_sent).where(alerts_sent.c.account_id == account_id))
        conn.execute(delete(ratings).where(ratings.c.account_id == account_id))
        conn.execute(delete(rating_changes).where(rating_changes.c.account_id == account_id))
        conn.execute(delete(accounts).where(accounts.c.id == account_id))
    return bound


def matches_of(engine: Engine, account_id: str, limit: int = MATCHES_LISTED
               ) -> list[tuple[Any, list[int]]]:
    """Return the newest matches with a seat bound to an account: each match's row (without
    its actions, with when its last action was stored as ``last_action``) and the seats bound,
    in order."""
    seats: dict[str, list[int]] = {}
    with engine.connect() as conn:
        for match_id, seat in conn.execute(
            select(seat_accounts.c.match_id, seat_accounts.c.seat)
            .where(seat_accounts.c.account_id == account_id)
        ):
            seats.setdefault(str(match_id), []).append(int(seat))
        if not seats:
            return []
        last_action = (
            select(actions.c.at).where(actions.c.match_id == matches.c.id)
            .order_by(actions.c.ply.desc()).limit(1).scalar_subquery()
        )
        rows = conn.execute(
            select(matches, last_action.label("last_action"))
            .where(matches.c.id.in_(list(seats)))
            .order_by(matches.c.created.desc()).limit(limit)
        ).all()
    return [(row, sorted(seats[row.id])) for row in rows]


def take_up(seats: list[Seat], opened: frozenset[int], account: str | None
            ) -> tuple[frozenset[int], list[Seat]]:
    """Return the seats a connection holds, those its tokens opened and those bound to its
    account, and the match's seats as they become: each unbound human seat its tokens opened
    is bound to the account (a seat bound to another account stays that account's; its token
    still opens it for this connection)."""
    if account is None:
        return opened, seats
    held = set(opened)
    changed = list(seats)
    for index, seat in enumerate(seats):
        if seat.account == account:
            held.add(index)
        elif index in opened and seat.account is None and seat.kind == "human":
            changed[index] = replace(seat, account=account)
    return frozenset(held), changed


def seat_result(result: dict[str, Any] | None, seats: list[int]) -> str | None:
    """Return how a finished match ended for seats held by one account: "won" (among the
    winners), "draw" (nobody won), "lost", or None while it goes on."""
    if result is None:
        return None
    winners = result.get("winners") or []
    if not winners:
        return "draw"
    return "won" if any(seat in winners for seat in seats) else "lost"
