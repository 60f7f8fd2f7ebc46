"""What an operator does to a site (``meeples admin``): list matches, stop or delete one, ban or
unban a client address. Each change is one transaction that also writes its line in
``admin_log`` (what, on what, when, by whom), so nothing is done unlogged.

The changes are made in the database, whether servers run or not. Running servers read the new
lines of ``admin_log`` every second (:mod:`meeples.server.door`) and act on them: a ban is
refused at the door of every worker, a stopped or deleted match is dropped from memory and its
connections reconnect to find it as stored. Among several workers, stopping a match also bumps
its writer epoch (:mod:`meeples.server.cluster`), so a write its holder makes before it has read
the log is refused by the database instead of landing after the end.
"""

from __future__ import annotations

import getpass
import ipaddress
import json
import socket
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from meeples.server import lifecycle, ratings
from meeples.server.store import DECODING_ERRORS, MatchEvent, Store, _match
from meeples.server.tables import (
    actions,
    admin_log,
    alerts_sent,
    bans,
    chat_messages,
    chat_mutes,
    chat_reports,
    events,
    matches,
    seat_accounts,
    undone,
    writers,
)

#: The states ``meeples admin list --state`` knows, as the lobby lists matches.
STATES = ("open", "live", "abandoned", "finished")
#: The writer named in ``writers`` when an operator stopped a match.
OPERATOR_WRITER = "operator"


class AdminError(ValueError):
    """An operator's request that cannot be done (no such match, not an address...)."""


def operator() -> str:
    """Return who runs this command, for the log: user@host."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container)
        user = "?"
    return f"{user}@{socket.gethostname()}"[:128]


@dataclass(frozen=True)
class Listed:
    """A match as ``meeples admin list`` shows it."""

    id: str
    game: str
    state: str
    seats: tuple[str, ...]  # "human", "bot:normal"...
    plies: int
    created: float
    moved: float | None
    address: str | None
    result: str | None  # the outcome's reason, once over

    def to_json(self) -> dict[str, Any]:
        """Return it as JSON-ready data."""
        return {"id": self.id, "game": self.game, "state": self.state, "seats": list(self.seats),
                "plies": self.plies, "created": self.created, "moved": self.moved,
                "address": self.address, "result": self.result}


def network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """Return the address or network a text names (``203.0.113.7``, ``203.0.113.0/24``).

    Raises:
        AdminError: it is neither.
    """
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise AdminError(f"{text[:80]!r} is not an IP address or a network such as"
                         " 203.0.113.0/24") from None


def address_text(found: ipaddress.IPv4Network | ipaddress.IPv6Network) -> str:
    """Return how an address or network is stored: a lone address without its /32 or /128."""
    if found.num_addresses == 1:
        return str(found.network_address)
    return str(found)


def matches_address(address: str | None,
                    wanted: ipaddress.IPv4Network | ipaddress.IPv6Network) -> bool:
    """Return whether a client address (perhaps not an IP at all) lies in a network."""
    if address is None:
        return False
    try:
        return ipaddress.ip_address(address) in wanted
    except ValueError:
        return False


def list_matches(
    store: Store, *, game: str | None = None, state: str | None = None,
    older_than: float | None = None, newer_than: float | None = None,
    address: str | None = None, limit: int = 100,
    abandon_after: float = lifecycle.ABANDON_AFTER, now: float | None = None,
) -> list[Listed]:
    """Return the matches that pass every filter given, newest first, at most limit.

    older_than, newer_than: seconds since creation; address: the creator's address or a
    network holding it; abandon_after: seconds of idleness after which an unfinished match
    counts as abandoned (the server's ``--abandon-after``).

    Raises:
        AdminError: an unknown state, or an address that is none.
    """
    if state is not None and state not in STATES:
        raise AdminError(f"unknown state {state!r}: one of {', '.join(STATES)}")
    wanted = network(address) if address is not None else None
    now = time.time() if now is None else now
    plies = (select(func.count()).where(actions.c.match_id == matches.c.id)
             .scalar_subquery().label("plies"))
    last = (select(func.max(actions.c.at)).where(actions.c.match_id == matches.c.id)
            .scalar_subquery().label("last_action"))
    query = select(matches, plies, last).order_by(matches.c.created.desc())
    if game is not None:
        query = query.where(matches.c.game == game)
    if older_than is not None:
        query = query.where(matches.c.created <= now - older_than)
    if newer_than is not None:
        query = query.where(matches.c.created >= now - newer_than)
    if state == "finished":
        query = query.where(matches.c.finished.is_(True))
    elif state is not None:
        query = query.where(matches.c.finished.is_(False))
    found: list[Listed] = []
    with store.engine.connect() as conn:
        for row in _stream(conn, query):
            listed = _listed(store, row, now, abandon_after)
            if listed is None or (state is not None and listed.state != state):
                continue
            if wanted is not None and not matches_address(listed.address, wanted):
                continue
            found.append(listed)
            if len(found) >= limit:
                break
    return found


def _stream(conn: Connection, query: Any) -> Iterator[Any]:
    """Yield a query's rows a few hundred at a time (a site may hold a million matches)."""
    result = conn.execution_options(yield_per=500).execute(query)
    yield from result


def _listed(store: Store, row: Any, now: float, abandon_after: float) -> Listed | None:
    """Return a row as listed (None: a damaged record, reported once)."""
    data = row._mapping
    try:
        stored = _match(data, [])
    except DECODING_ERRORS as problem:
        store.report_damaged(str(data["id"]), problem)
        return None
    last = data["last_action"]
    if last is not None and (stored.moved is None or last > stored.moved):
        stored.moved = last
    return Listed(
        id=stored.id, game=stored.game,
        state=lifecycle.state_of(stored, now, abandon_after),
        seats=tuple(s.kind if s.kind == "human" else f"bot:{s.level}" for s in stored.seats),
        plies=int(data["plies"]), created=stored.created, moved=stored.moved,
        address=stored.address,
        result=str(stored.result.get("reason")) if stored.result else None,
    )


def _log(conn: Connection, action: str, target: str, by: str, **detail: Any) -> None:
    conn.execute(insert(admin_log).values(
        at=time.time(), action=action, target=target[:64], by=by[:128],
        detail=json.dumps(detail) if detail else None,
    ))


def abandon(store: Store, match_id: str, by: str, reason: str = "") -> MatchEvent:
    """Stop an unfinished match: an "abandon" event, the match over with nobody winning (see
    :func:`lifecycle.abandoned`), its writer epoch bumped; return the event.

    Raises:
        AdminError: no such match, or it is over already.
    """
    with store.engine.begin() as conn:
        row = conn.execute(
            select(matches.c.players, matches.c.finished).where(matches.c.id == match_id)
            .with_for_update()
        ).first()
        if row is None:
            raise AdminError(f"there is no match {match_id!r}")
        if row.finished:
            raise AdminError(f"match {match_id} is over already")
        ply = conn.execute(
            select(func.count()).where(actions.c.match_id == match_id)
        ).scalar_one()
        number = 1 + (conn.execute(
            select(func.max(events.c.number)).where(events.c.match_id == match_id)
        ).scalar() or 0)
        now = time.time()
        event = MatchEvent(lifecycle.ABANDON, None, int(ply), now,
                           data={"by": by, **({"reason": reason} if reason else {})})
        conn.execute(insert(events).values(
            match_id=match_id, number=number, kind=event.kind, seat=None, ply=event.ply,
            level=None, at=now, data=json.dumps(event.data),
        ))
        outcome = lifecycle.abandoned(int(row.players))
        conn.execute(update(matches).where(matches.c.id == match_id).values(
            finished=True, result=json.dumps(outcome.to_json()), moved=now,
        ))
        # A rated match stopped rates nobody (meeples.server.ratings), said at once.
        conn.execute(update(matches).where(matches.c.id == match_id,
                                           matches.c.rating == ratings.PENDING)
                     .values(rating=ratings.VOID))
        _bump_writer(conn, match_id)
        _log(conn, "abandon", match_id, by, reason=reason, ply=int(ply))
    return event


def _bump_writer(conn: Connection, match_id: str) -> None:
    """Take a match's writer epoch from whichever worker holds it (its later writes fail)."""
    epoch = conn.execute(
        select(writers.c.epoch).where(writers.c.match_id == match_id).with_for_update()
    ).scalar()
    if epoch is None:
        return  # never written by several workers: nobody to fence
    conn.execute(update(writers).where(writers.c.match_id == match_id)
                 .values(epoch=epoch + 1, worker=OPERATOR_WRITER))


def delete_match(store: Store, match_id: str, by: str, reason: str = "") -> int:
    """Delete a match: its record, actions, undone actions, events, seats bound to accounts and
    the alert mails decided for it; a match offering it as a rematch no longer links to it.
    Return how many actions it had.

    Raises:
        AdminError: no such match.
    """
    with store.engine.begin() as conn:
        row = conn.execute(
            select(matches.c.game, matches.c.finished).where(matches.c.id == match_id)
            .with_for_update()
        ).first()
        if row is None:
            raise AdminError(f"there is no match {match_id!r}")
        plies = purge(conn, match_id)
        conn.execute(update(matches).where(matches.c.rematch == match_id).values(rematch=None))
        _log(conn, "delete", match_id, by, reason=reason, game=row.game, plies=plies,
             finished=bool(row.finished))
    return plies


def purge(conn: Connection, match_id: str) -> int:
    """Delete every row of a match (rows a server wrote after the match was deleted too);
    return how many actions there were."""
    plies = conn.execute(delete(actions).where(actions.c.match_id == match_id)).rowcount
    for table in (undone, events, writers, seat_accounts, alerts_sent, chat_messages, chat_mutes,
                  chat_reports):
        conn.execute(delete(table).where(table.c.match_id == match_id))
    conn.execute(delete(matches).where(matches.c.id == match_id))
    return int(plies or 0)


def ban(store: Store, address: str, by: str, reason: str = "") -> str:
    """Refuse an address or a network at the door of every server; return it as stored (a
    ban given again replaces the first, with its new reason).

    Raises:
        AdminError: not an address or a network.
    """
    stored = address_text(network(address))
    with store.engine.begin() as conn:
        conn.execute(delete(bans).where(bans.c.address == stored))
        conn.execute(insert(bans).values(address=stored, reason=reason or None,
                                         at=time.time(), by=by[:128]))
        _log(conn, "ban", stored, by, reason=reason)
    return stored


def unban(store: Store, address: str, by: str) -> str:
    """Lift the ban of an address or a network (as it was given); return it as stored.

    Raises:
        AdminError: not an address or a network, or not banned.
    """
    stored = address_text(network(address))
    with store.engine.begin() as conn:
        gone = conn.execute(delete(bans).where(bans.c.address == stored)).rowcount
        if not gone:
            raise AdminError(f"{stored} is not banned (meeples admin bans lists the bans)")
        _log(conn, "unban", stored, by)
    return stored


def banned(store: Store) -> list[dict[str, Any]]:
    """Return every ban, the newest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(bans).order_by(bans.c.at.desc())).all()
    return [dict(row._mapping) for row in rows]


def log_lines(store: Store, limit: int = 50) -> list[dict[str, Any]]:
    """Return the newest lines of the operators' log, oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(admin_log).order_by(admin_log.c.id.desc()).limit(limit)).all()
    out = []
    for row in reversed(rows):
        line = dict(row._mapping)
        try:
            line["detail"] = json.loads(line["detail"]) if line["detail"] else {}
        except ValueError:
            line["detail"] = {"text": line["detail"]}
        out.append(line)
    return out


def ban_list(rows: Iterable[dict[str, Any]]) -> list[ipaddress.IPv4Network
                                                       | ipaddress.IPv6Network]:
    """Return the networks of ban rows (a row that is no network, written by hand, is left
    out)."""
    found = []
    for row in rows:
        try:
            found.append(ipaddress.ip_network(str(row["address"]), strict=False))
        except ValueError:
            continue
    return found
