"""The table chat in the database (issue 25, point 5): messages, mutes, reports and chat bans,
and what an operator does with them (``meeples admin chat-*``).

Everything here is synchronous; the server calls it in its database threads
(``Workers.store``). Only the worker holding a match writes its messages (its room is the
single writer), so numbering a match's messages within one transaction is enough; the
primary key (match, seq) refuses a second writer all the same.

A chat ban is checked in the very transaction that stores a message, so it holds at every
worker from the moment it is written, with no message to relay.
"""

from __future__ import annotations

import ipaddress
import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection, Engine

from meeples.server.tables import (
    accounts,
    admin_log,
    chat_bans,
    chat_messages,
    chat_mutes,
    chat_reports,
)

#: The messages a room keeps and a snapshot carries (the newest).
HISTORY = 100
#: The kinds of chat ban: an account (by its id) or an address or network.
ACCOUNT = "account"
ADDRESS = "address"


class ChatBanned(Exception):
    """The writer's account or address may not write in any chat."""


@dataclass(frozen=True)
class Written:
    """A chat message as stored (the wire's fields, with the writer's seat)."""

    seq: int
    seat: int
    name: str | None
    text: str
    at: float

    def to_json(self, seat_name: str | None = None) -> dict[str, Any]:
        """Return the wire's chat message (the name: the account's, else the seat's)."""
        return {"type": "chat", "seq": self.seq, "seat": self.seat,
                "name": self.name or seat_name or None, "text": self.text,
                "time": round(self.at, 3)}


def _banned(conn: Connection, account: str | None, address: str | None) -> bool:
    """Return whether an account or an address may not write in chats."""
    for kind, target in conn.execute(select(chat_bans.c.kind, chat_bans.c.target)):
        if kind == ACCOUNT and account is not None and target == account:
            return True
        if kind == ADDRESS and address is not None:
            try:
                if ipaddress.ip_address(address) in ipaddress.ip_network(target, strict=False):
                    return True
            except ValueError:  # "?" (an unknown address) or a row written by hand
                continue
    return False


def write(engine: Engine, match_id: str, seat: int, account: str | None, text: str,
          address: str | None, at: float) -> Written:
    """Store a chat message as the match's next one and return it.

    Raises:
        ChatBanned: the account or the address may not write in chats (nothing is stored).
    """
    with engine.begin() as conn:
        if _banned(conn, account, address):
            raise ChatBanned()
        name = None if account is None else conn.execute(
            select(accounts.c.name).where(accounts.c.id == account)).scalar()
        seq = 1 + (conn.execute(
            select(func.max(chat_messages.c.seq)).where(chat_messages.c.match_id == match_id)
        ).scalar() or 0)
        conn.execute(insert(chat_messages).values(
            match_id=match_id, seq=seq, seat=seat, account_id=account, name=name, text=text,
            at=at, address=address, hidden=False,
        ))
    return Written(int(seq), seat, name, text, at)


def recent(conn: Connection, match_id: str, limit: int) -> tuple[list[Written],
                                                                dict[int, set[int]]]:
    """Return a match's last messages that are not hidden, oldest first, and each seat's
    muted seats (read with the match: :meth:`meeples.server.store.Store.load`)."""
    rows = conn.execute(
        select(chat_messages).where(chat_messages.c.match_id == match_id,
                                    chat_messages.c.hidden.is_(False))
        .order_by(chat_messages.c.seq.desc()).limit(limit)
    ).all()
    mutes: dict[int, set[int]] = {}
    for seat, muted in conn.execute(
        select(chat_mutes.c.seat, chat_mutes.c.muted)
        .where(chat_mutes.c.match_id == match_id)
    ):
        mutes.setdefault(int(seat), set()).add(int(muted))
    messages = [Written(int(r.seq), int(r.seat), r.name, str(r.text), float(r.at))
                for r in reversed(rows)]
    return messages, mutes


def set_mute(engine: Engine, match_id: str, seats: frozenset[int], muted: int,
             on: bool) -> None:
    """Mute (on) or unmute a seat for some seats of a match."""
    with engine.begin() as conn:
        conn.execute(delete(chat_mutes).where(
            chat_mutes.c.match_id == match_id, chat_mutes.c.seat.in_(sorted(seats)),
            chat_mutes.c.muted == muted))
        if on:
            now = time.time()
            conn.execute(insert(chat_mutes), [
                {"match_id": match_id, "seat": seat, "muted": muted, "at": now}
                for seat in sorted(seats)])


def report(engine: Engine, match_id: str, seq: int, seat: int, account: str | None) -> bool:
    """Store a player's report of a message (once per seat and message); return False when the
    match has no such message, or it is hidden."""
    with engine.begin() as conn:
        shown = conn.execute(select(chat_messages.c.seq).where(
            chat_messages.c.match_id == match_id, chat_messages.c.seq == seq,
            chat_messages.c.hidden.is_(False))).first()
        if shown is None:
            return False
        again = conn.execute(select(chat_reports.c.id).where(
            chat_reports.c.match_id == match_id, chat_reports.c.seq == seq,
            chat_reports.c.seat == seat)).first()
        if again is None:
            conn.execute(insert(chat_reports).values(
                match_id=match_id, seq=seq, seat=seat, account_id=account, at=time.time()))
    return True


# --- what an operator does (meeples admin chat-*) ----------------------------------------


def reports(engine: Engine, limit: int = 100) -> list[dict[str, Any]]:
    """Return the newest reports with the message reported, newest first."""
    query = (
        select(chat_reports.c.id, chat_reports.c.match_id, chat_reports.c.seq,
               chat_reports.c.seat.label("by_seat"), chat_reports.c.at,
               chat_messages.c.seat, chat_messages.c.name, chat_messages.c.account_id,
               chat_messages.c.address, chat_messages.c.text, chat_messages.c.hidden)
        .join(chat_messages, (chat_messages.c.match_id == chat_reports.c.match_id)
              & (chat_messages.c.seq == chat_reports.c.seq))
        .order_by(chat_reports.c.id.desc()).limit(limit)
    )
    with engine.connect() as conn:
        return [{**row._mapping, "hidden": bool(row.hidden)} for row in conn.execute(query)]


def hide(engine: Engine, match_id: str, seq: int, by: str, reason: str = "") -> None:
    """Hide a message from everyone (logged: the server holding the match stops showing it
    within a second, :mod:`meeples.server.door`).

    Raises:
        AdminError: no such message.
    """
    from meeples.server import admin

    with engine.begin() as conn:
        found = conn.execute(update(chat_messages).where(
            chat_messages.c.match_id == match_id, chat_messages.c.seq == seq
        ).values(hidden=True)).rowcount
        if not found:
            raise admin.AdminError(f"match {match_id!r} has no chat message {seq}")
        _log(conn, "chat-hide", match_id, by, seq=seq, reason=reason)


def _target(conn: Connection, account: str | None, address: str | None) -> tuple[str, str, str]:
    """Return the kind, the stored target and the target as shown of a chat ban.

    Raises:
        AdminError: an unknown account name, or not an address or network.
    """
    from meeples.server import admin

    if account is not None:
        from meeples.server import accounts as accounts_module

        try:
            _, key = accounts_module.checked_name(account)
        except accounts_module.AccountError as problem:
            raise admin.AdminError(f"{account!r}: {problem.message}") from None
        found = conn.execute(select(accounts.c.id, accounts.c.name)
                             .where(accounts.c.name_key == key)).first()
        if found is None:
            raise admin.AdminError(f"there is no account named {account!r}")
        return ACCOUNT, str(found.id), str(found.name)
    if address is None:
        raise admin.AdminError("give an account or an address")
    stored = admin.address_text(admin.network(address))
    return ADDRESS, stored, stored


def ban(engine: Engine, by: str, account: str | None = None, address: str | None = None,
        reason: str = "") -> str:
    """Keep an account or an address from writing in any chat (they still play); return whom,
    as shown.

    Raises:
        AdminError: an unknown account, or not an address or network.
    """
    with engine.begin() as conn:
        kind, target, shown = _target(conn, account, address)
        conn.execute(delete(chat_bans).where(chat_bans.c.target == target))
        conn.execute(insert(chat_bans).values(target=target, kind=kind, reason=reason or None,
                                              at=time.time(), by=by[:128]))
        _log(conn, "chat-ban", target, by, kind=kind, name=shown, reason=reason)
    return shown


def unban(engine: Engine, by: str, account: str | None = None, address: str | None = None
          ) -> str:
    """Lift a chat ban; return whom, as shown.

    Raises:
        AdminError: an unknown account, not an address, or not banned from chats.
    """
    from meeples.server import admin

    with engine.begin() as conn:
        kind, target, shown = _target(conn, account, address)
        if not conn.execute(delete(chat_bans).where(chat_bans.c.target == target)).rowcount:
            raise admin.AdminError(f"{shown} is not banned from chats")
        _log(conn, "chat-unban", target, by, kind=kind, name=shown)
    return shown


def bans(engine: Engine) -> list[dict[str, Any]]:
    """Return every chat ban, the newest first (an account's with its name)."""
    query = (select(chat_bans, accounts.c.name)
             .join(accounts, accounts.c.id == chat_bans.c.target, isouter=True)
             .order_by(chat_bans.c.at.desc()))
    with engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]


def _log(conn: Connection, action: str, target: str, by: str, **detail: Any) -> None:
    conn.execute(insert(admin_log).values(
        at=time.time(), action=action, target=target[:64], by=by[:128],
        detail=json.dumps(detail),
    ))
