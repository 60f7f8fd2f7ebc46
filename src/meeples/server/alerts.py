"""Turn alerts by e-mail (issue 25, point 3): who wants which mail, when one is sent, what it
says, and the links that turn them off.

- **Choices**: an account gives an address and what it wants (``turn``: its turn starts;
  ``low_time``: its time runs low) through ``PUT /api/me/alerts``
  (:mod:`meeples.server.alerts_api`), kept in ``account_alerts`` with the language of its mails.
- **When a turn mail goes**: after each commit the room calls :meth:`Alerts.turn_moved`. The
  seat to move gets a mail when it is a human seat bound to an account that wants turn mails,
  no bot plays it, no connection holds it (nobody of that account is watching the match), the
  match is not a tutorial and it is a correspondence match (:func:`is_correspondence`).
- **At most one mail per match and turn**: a turn is named by the ply it began at
  (:func:`turn_began`: the actions since the last decision of another seat; chance's draws and
  the server's own passes begin no turn). Before a mail is built, its row is inserted in
  ``alerts_sent`` (match, ply, account, kind), whose primary key lets only one insert succeed:
  whichever worker, whenever, and after any restart. The low-time mail
  (:meth:`Alerts.time_low`) follows the same rule with its own kind.
- **Unsubscribing**: every mail carries a link ``/unsubscribe?t=<token>``, the account's id
  signed with HMAC-SHA256 under a key the server makes once and keeps in ``server_secrets``
  (shared by every worker); ``List-Unsubscribe`` and ``List-Unsubscribe-Post`` (RFC 8058) let a
  mail program do it in one click. A token that does not verify changes nothing.

Where the clocks connect (issue 25, point 2): :func:`turn_length` answers how long a turn may
last (today: no limit, so every match is a correspondence one), and the clocks call
:meth:`Alerts.time_low` when a seat's time runs low.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from meeples.core.chance import CHANCE
from meeples.core.text import LANGUAGES, msg, render
from meeples.server.mail import Mailer, MailSettings
from meeples.server.tables import account_alerts, accounts, alerts_sent, server_secrets

if TYPE_CHECKING:
    from meeples.server.room import Room
    from meeples.server.store import StoredMatch
    from meeples.server.workers import Workers

log = logging.getLogger("meeples.server")

TURN = "turn"
LOW_TIME = "low_time"
#: A match whose turns may last this many seconds or more is played by correspondence: its
#: players are told by mail (a live game's players are at the table).
CORRESPONDENCE_TURN = 3600.0
#: Turns remembered as decided, at most (then forgotten at once).
DECIDED_KEPT = 10_000
#: The name of the unsubscribe links' key in ``server_secrets``.
UNSUBSCRIBE_KEY = "unsubscribe"


def turn_length(stored: StoredMatch) -> float | None:
    """Return the longest a turn of a match may last, in seconds (None: no limit): a timed
    match's initial time and its increment (:mod:`meeples.server.clocks`)."""
    control = stored.clock
    return None if control is None else control.initial + control.increment


def is_correspondence(turn: float | None) -> bool:
    """Return whether a match whose turns last at most turn seconds (None: no limit) is played
    by correspondence, and so sends turn mails."""
    return turn is None or turn >= CORRESPONDENCE_TURN


def turn_began(entries: list[dict[str, Any]], seat: int) -> int:
    """Return the ply at which the seat's turn began: after the last decision of another seat
    (chance's draws and the actions the server passed begin no turn)."""
    for entry in reversed(entries):
        if entry["seat"] not in (seat, CHANCE) and not entry.get("passed"):
            return int(entry["ply"]) + 1
    return 0


# --- choices ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """What an account wants to be told, and where."""

    email: str
    turn: bool
    low_time: bool
    language: str = "en"

    def to_json(self) -> dict[str, Any]:
        """Return the choice as ``GET /api/me`` shows it."""
        return {"email": self.email, "turn": self.turn, "low_time": self.low_time,
                "language": self.language}

    def wants(self, kind: str) -> bool:
        """Return whether the account wants mails of a kind."""
        return self.turn if kind == TURN else self.low_time


def choice_of(engine: Engine, account_id: str) -> Choice | None:
    """Return an account's choice, or None (it never gave an address)."""
    with engine.connect() as conn:
        row = conn.execute(
            select(account_alerts).where(account_alerts.c.account_id == account_id)).first()
    if row is None:
        return None
    return Choice(str(row.email), bool(row.turn), bool(row.low_time), str(row.language))


def set_choice(engine: Engine, account_id: str, choice: Choice) -> None:
    """Store an account's choice in place of the one it had."""
    with engine.begin() as conn:
        conn.execute(delete(account_alerts).where(account_alerts.c.account_id == account_id))
        conn.execute(insert(account_alerts).values(
            account_id=account_id, email=choice.email, turn=choice.turn,
            low_time=choice.low_time, language=choice.language, changed=time.time()))


def forget_choice(engine: Engine, account_id: str) -> None:
    """Forget an account's address and choice."""
    with engine.begin() as conn:
        conn.execute(delete(account_alerts).where(account_alerts.c.account_id == account_id))


def stop_mails(engine: Engine, account_id: str) -> str | None:
    """Turn every alert mail of an account off (its address stays, to turn them on again);
    return the account's name, or None when no such account exists."""
    with engine.begin() as conn:
        name = conn.execute(select(accounts.c.name).where(accounts.c.id == account_id)).scalar()
        if name is None:
            return None
        conn.execute(update(account_alerts).where(account_alerts.c.account_id == account_id)
                     .values(turn=False, low_time=False, changed=time.time()))
    return str(name)


def name_of(engine: Engine, account_id: str) -> str | None:
    """Return an account's name, or None when no such account exists."""
    with engine.connect() as conn:
        name = conn.execute(select(accounts.c.name).where(accounts.c.id == account_id)).scalar()
    return None if name is None else str(name)


def claim(engine: Engine, match_id: str, ply: int, account_id: str, kind: str) -> bool:
    """Take the right to send one mail (match, turn, account, kind); return False when it was
    taken already, here or by another worker, before or after a restart."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(alerts_sent).values(
                match_id=match_id, ply=ply, account_id=account_id, kind=kind, at=time.time()))
    except IntegrityError:
        return False
    return True


def mark_sent(engine: Engine, key: tuple[str, int, str, str]) -> None:
    """Note when the SMTP server took the mail of a claim."""
    match_id, ply, account_id, kind = key
    with engine.begin() as conn:
        conn.execute(update(alerts_sent).where(
            alerts_sent.c.match_id == match_id, alerts_sent.c.ply == ply,
            alerts_sent.c.account_id == account_id, alerts_sent.c.kind == kind,
        ).values(sent=time.time()))


def server_secret(engine: Engine, name: str) -> bytes:
    """Return one of the server's secrets, made at its first use (every worker on the database
    gets the same one, whichever made it)."""
    with engine.connect() as conn:
        value = conn.execute(
            select(server_secrets.c.value).where(server_secrets.c.name == name)).scalar()
    if value is None:
        try:
            with engine.begin() as conn:
                conn.execute(insert(server_secrets).values(name=name,
                                                           value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another worker made it first: theirs is read below
        with engine.connect() as conn:
            value = conn.execute(
                select(server_secrets.c.value).where(server_secrets.c.name == name)).scalar()
    return bytes.fromhex(str(value))


# --- unsubscribe links -----------------------------------------------------------------------


def _signature(key: bytes, account_id: str) -> str:
    digest = hmac.new(key, f"unsubscribe:{account_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def unsubscribe_token(key: bytes, account_id: str) -> str:
    """Return the token of an account's unsubscribe links: its id and their signature."""
    return f"{account_id}.{_signature(key, account_id)}"


def account_of_token(key: bytes, token: str) -> str | None:
    """Return the account an unsubscribe token was made for, or None (forged or altered)."""
    if not isinstance(token, str) or len(token) > 128:
        return None
    account_id, dot, signature = token.partition(".")
    if not dot or len(account_id) != 32 or not all(c in "0123456789abcdef" for c in account_id):
        return None
    if not hmac.compare_digest(signature.encode(), _signature(key, account_id).encode()):
        return None
    return account_id


# --- the mails -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """What a mail about a seat's turn tells, read from the room when the turn began."""

    match_id: str
    game: str
    seat: int
    ply: int
    account: str
    others: tuple[tuple[str, str | None, int], ...]  # (name, bot level, seat) of the others


def _player(name: str, level: str | None, seat: int, lang: str) -> str:
    if name:
        return name
    if level is not None:
        return render(msg("alerts.bot", level=msg(f"core.level.{level}")), lang)
    return render(msg("core.player", n=seat + 1), lang)


def _time_left(seconds: float) -> Any:
    """Return how long is left as a message: days, hours or minutes (rounded up)."""
    minutes = max(1, -(-int(seconds) // 60))
    if minutes >= 48 * 60:
        return msg("alerts.days", n=minutes // (24 * 60))
    if minutes >= 120:
        return msg("alerts.hours", n=minutes // 60)
    return msg("alerts.minutes", n=minutes)


def compose(settings: MailSettings, turn: Turn, kind: str, choice: Choice, name: str,
            token: str, seconds_left: float | None = None) -> EmailMessage:
    """Return the mail of a turn (kind: :data:`TURN` or :data:`LOW_TIME`), in the account's
    language, plain text, with its unsubscribe headers."""
    lang = choice.language if choice.language in LANGUAGES else "en"
    site = settings.site.rstrip("/")
    players = ", ".join(_player(n, level, seat, lang) for n, level, seat in turn.others)
    link = f"{site}/#/m/{turn.match_id}"
    unsubscribe = f"{site}/unsubscribe?t={token}"
    words: dict[str, Any] = {"game": turn.game, "players": players, "link": link, "name": name}
    if kind == LOW_TIME:
        words["time"] = _time_left(seconds_left or 0)
    body = "\n\n".join([
        render(msg(f"alerts.{kind}.body", **words), lang),
        render(msg("alerts.footer", name=name, unsubscribe=unsubscribe,
                   account=f"{site}/#/account"), lang),
    ])
    message = EmailMessage(policy=SMTP)
    message["From"] = settings.sender
    message["To"] = choice.email
    message["Subject"] = render(msg(f"alerts.{kind}.subject", game=turn.game), lang)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid("meeples", domain=urlsplit(site).hostname or None)
    message["Auto-Submitted"] = "auto-generated"
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(body + "\n")
    message["Content-Language"] = lang  # after set_content, which drops the Content-* headers
    return message


class Alerts:
    """The server's alert mails: decided after each commit, claimed once in the database, sent
    by the mailer (None: no SMTP server, no mail)."""

    def __init__(self, engine: Engine, workers: Workers, mailer: Mailer | None = None) -> None:
        self.engine = engine
        self.workers = workers
        self.mailer = mailer
        self.key = b""
        self._tasks: set[asyncio.Task[None]] = set()
        #: The turn last decided for each match and seat, so that a turn of several actions
        #: asks the database once.
        self._decided: dict[tuple[str, int, str], int] = {}

    @property
    def sending(self) -> bool:
        """Whether this server sends mail at all."""
        return self.mailer is not None

    async def start(self) -> None:
        """Read (or make) the unsubscribe key; start the mailer."""
        self.key = await self.workers.store(server_secret, self.engine, UNSUBSCRIBE_KEY)
        if self.mailer is not None:
            self.mailer.delivered = self._delivered
            self.mailer.start()

    async def stop(self) -> None:
        """Stop deciding and sending."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks)
        if self.mailer is not None:
            await self.mailer.stop()

    async def idle(self) -> None:
        """Wait until every decided mail was sent or given up (for tests)."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))
        if self.mailer is not None:
            await self.mailer.idle()

    def turn_moved(self, room: Room) -> None:
        """Decide, after a commit, whether the seat to move gets a turn mail (the database is
        asked in the background: nothing here waits)."""
        turn = self._turn_of(room, room.to_move, TURN)
        if turn is not None:
            self._spawn(self._send(turn, TURN))

    async def time_low(self, room: Room, seat: int, seconds_left: float) -> bool:
        """Send the low-time mail of a seat's turn (the clocks call this), at most once per
        match and turn, when its account wants it and is not watching; return whether a mail
        was handed to the mailer."""
        turn = self._turn_of(room, seat, LOW_TIME, remember=False)
        return turn is not None and await self._send(turn, LOW_TIME, seconds_left)

    def _turn_of(self, room: Room, seat: int | None, kind: str, remember: bool = True
                 ) -> Turn | None:
        """Return the turn a mail of a kind would tell the seat about, or None when none is
        due (see the module's docstring)."""
        if (self.mailer is None or not self.key or seat is None or seat == CHANCE
                or room.to_move != seat):
            return None
        held = room.seats[seat]
        if (held.kind != "human" or held.account is None or room.is_held(seat)
                or room.bot_to_move() is not None or room.stored.tutorial is not None
                or not is_correspondence(turn_length(room.stored))):
            return None
        ply = turn_began(room.log, seat)
        if remember:
            if self._decided.get((room.id, seat, kind)) == ply:
                return None
            if len(self._decided) >= DECIDED_KEPT:
                self._decided.clear()  # only a shortcut: the database still says no twice
            self._decided[(room.id, seat, kind)] = ply
        others = tuple((s.name, s.level if s.kind == "bot" else None, i)
                       for i, s in enumerate(room.seats) if i != seat)
        return Turn(room.id, room.state.game.title, seat, ply, held.account, others)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, turn: Turn, kind: str, seconds_left: float | None = None) -> bool:
        """Claim the mail of a turn and queue it; return whether it was queued. Never raises:
        a mail that cannot be decided is logged, and the game goes on."""
        assert self.mailer is not None
        try:
            choice = await self.workers.store(choice_of, self.engine, turn.account)
            if choice is None or not choice.wants(kind):
                return False
            name = await self.workers.store(name_of, self.engine, turn.account)
            if name is None or not await self.workers.store(
                claim, self.engine, turn.match_id, turn.ply, turn.account, kind
            ):
                return False
            message = compose(self.mailer.settings, turn, kind, choice, name,
                              unsubscribe_token(self.key, turn.account), seconds_left)
        except Exception as problem:
            log.error("match %s: the %s mail of seat %d could not be made: %r", turn.match_id,
                      kind, turn.seat, problem, extra={"match_id": turn.match_id})
            return False
        return self.mailer.post(message, (turn.match_id, turn.ply, turn.account, kind))

    async def _delivered(self, key: tuple[str, int, str, str]) -> None:
        await self.workers.store(mark_sent, self.engine, key)
