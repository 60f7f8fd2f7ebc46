"""Sending mail (issue 25, point 3): the SMTP settings, e-mail addresses, and a mailer that sends
in the background.

- **Settings** (:class:`MailSettings`): ``meeples serve --smtp-host`` and its companions, or the
  environment (``MEEPLES_SMTP_HOST``...; the password from ``MEEPLES_SMTP_PASSWORD`` only, never
  a command line that ``ps`` shows): see :mod:`meeples.commands._mail`. No host: no mail, and
  nothing else changes.
- **Addresses** (:func:`checked_email`): kept simple on purpose, one ``@`` between a local part
  and a domain, printable ASCII without spaces, quotes, brackets, commas or semicolons. Nothing
  an address may hold can end a header line or add a recipient, so an address can never inject
  a header (the message's own policy refuses line breaks in headers too, a second lock).
- **Sending never blocks the event loop**: :meth:`Mailer.post` puts a message in a bounded
  queue and returns; one task takes them one by one and hands each to :mod:`smtplib` in a
  thread. A failure is logged (the JSON log's ``mail_to`` and ``attempt`` fields) and tried again
  :data:`ATTEMPTS` times in all, waiting longer each time; a refused recipient is not tried
  again. A full queue drops the message, saying so: nothing a mail server does can slow a game.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

log = logging.getLogger("meeples.server")

#: How a connection to the SMTP server is secured: STARTTLS after connecting (port 587), TLS
#: from the start (port 465), or not at all (a relay on this machine or a test server).
SECURITY = ("starttls", "ssl", "none")
#: The port of each kind of connection, when none is given.
DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}
#: Tries to send one message, the first included.
ATTEMPTS = 3
#: Seconds before the second try (doubled before each next one).
RETRY_AFTER = 5.0
#: Messages waiting to be sent at most; one more is dropped (and logged).
QUEUE = 1000
#: The longest address (RFC 5321's path limit).
EMAIL_MAX = 254
#: What an address may not hold besides spaces and control characters: what would end a
#: header's address or add another one.
EMAIL_FORBIDDEN = frozenset('<>()[]\\,;:"')


class BadEmail(ValueError):
    """An e-mail address this server does not send to."""


def checked_email(text: Any) -> str:
    """Return an e-mail address as kept (surrounding spaces removed).

    Raises:
        BadEmail: not a text, too long, not one ``@`` between two parts, or with a space, a
            line break, a character outside printable ASCII or one of :data:`EMAIL_FORBIDDEN`.
    """
    if not isinstance(text, str):
        raise BadEmail("an e-mail address is a text")
    address = text.strip(" ")
    if not 3 <= len(address) <= EMAIL_MAX:
        raise BadEmail(f"an e-mail address has 3 to {EMAIL_MAX} characters")
    if any(not "!" <= c <= "~" or c in EMAIL_FORBIDDEN for c in address):
        raise BadEmail("an e-mail address holds no spaces, line breaks, quotes or brackets")
    local, at, domain = address.partition("@")
    if not at or not local or not domain or "@" in domain:
        raise BadEmail("an e-mail address is one name, one @ and a domain")
    if domain.startswith(".") or domain.endswith(".") or ".." in domain:
        raise BadEmail("the domain of this e-mail address is not valid")
    return address


@dataclass(frozen=True)
class MailSettings:
    """How this server sends mail: the SMTP server, the sender, and the site's own address
    (the links in the mails point there)."""

    host: str
    sender: str
    site: str
    port: int = 587
    security: str = "starttls"
    user: str | None = None
    password: str | None = None
    timeout: float = 20.0
    attempts: int = ATTEMPTS
    retry_after: float = RETRY_AFTER

    def __post_init__(self) -> None:
        if self.security not in SECURITY:
            raise ValueError(f"security is one of {', '.join(SECURITY)}, not {self.security!r}")

    def __repr__(self) -> str:  # never the password, in a log or a traceback
        return (f"MailSettings(host={self.host!r}, port={self.port}, security={self.security!r},"
                f" sender={self.sender!r}, user={self.user!r}, site={self.site!r})")


def deliver(settings: MailSettings, message: EmailMessage) -> None:
    """Hand one message to the SMTP server (blocking: the mailer calls it in a thread).

    Raises:
        smtplib.SMTPException, OSError: the server could not be reached or refused it.
    """
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.security == "ssl":
        smtp = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout,
                                context=context)
    else:
        smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    with smtp:
        if settings.security == "starttls":
            smtp.starttls(context=context)
        if settings.user:
            smtp.login(settings.user, settings.password or "")
        smtp.send_message(message)


#: What the mailer is told once the SMTP server took a message (its key, given to post).
Delivered = Callable[[Any], Awaitable[None]]


class Mailer:
    """A queue of messages and the task that sends them, one by one, in a thread each."""

    def __init__(self, settings: MailSettings, delivered: Delivered | None = None,
                 send: Callable[[MailSettings, EmailMessage], None] = deliver) -> None:
        self.settings = settings
        self.delivered = delivered
        self._send = send
        self._queue: asyncio.Queue[tuple[EmailMessage, Any]] | None = None
        self._task: asyncio.Task[None] | None = None
        #: Messages the SMTP server took, and those given up (for the tests and the log).
        self.sent = 0
        self.failed = 0

    def start(self) -> None:
        """Start sending (in the server's event loop)."""
        self._queue = asyncio.Queue(QUEUE)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop sending: what is still queued is not sent (its alert was already counted)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait({self._task})
            self._task = None

    def post(self, message: EmailMessage, key: Any = None) -> bool:
        """Queue a message (key: what :attr:`delivered` is told once it is sent); return False
        when it is dropped (the mailer is stopped, or too many wait)."""
        if self._queue is None or self._task is None:
            return False
        try:
            self._queue.put_nowait((message, key))
        except asyncio.QueueFull:
            log.error("mail queue full (%d waiting): a mail to %s is dropped", QUEUE,
                      message["To"], extra={"mail_to": message["To"]})
            self.failed += 1
            return False
        return True

    async def idle(self) -> None:
        """Wait until every queued message was sent or given up (for tests and shutdown)."""
        if self._queue is not None:
            await self._queue.join()

    async def _run(self) -> None:
        assert self._queue is not None
        while True:
            message, key = await self._queue.get()
            try:
                await self._send_one(message, key)
            finally:
                self._queue.task_done()

    async def _send_one(self, message: EmailMessage, key: Any) -> None:
        """Send one message, trying again after a failure; log what happened."""
        wait = self.settings.retry_after
        to = message["To"]
        for attempt in range(1, self.settings.attempts + 1):
            try:
                await asyncio.to_thread(self._send, self.settings, message)
            except (smtplib.SMTPException, OSError) as problem:
                final = attempt == self.settings.attempts or isinstance(
                    problem, smtplib.SMTPRecipientsRefused)
                log.warning("mail to %s not sent (try %d of %d): %r%s", to, attempt,
                            self.settings.attempts, problem, "; given up" if final else "",
                            extra={"mail_to": to, "attempt": attempt})
                if final:
                    self.failed += 1
                    return
                await asyncio.sleep(wait)
                wait *= 2
                continue
            self.sent += 1
            log.info("mail to %s sent", to, extra={"mail_to": to, "attempt": attempt})
            if self.delivered is not None and key is not None:
                try:
                    await self.delivered(key)
                except Exception as problem:  # the mail is out; only its record lags
                    log.error("a sent mail could not be recorded: %r", problem)
            return
