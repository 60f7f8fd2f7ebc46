"""The options of ``meeples serve`` for turn alerts by e-mail (issue 25, point 3;
``docs/accounts.md``): the SMTP server, the sender, and the site's address for the links.

Each option has its environment variable, used when the option is not given; the password comes
from the environment only (``MEEPLES_SMTP_PASSWORD``), never from the command line, which ``ps``
shows to every user of the machine. Without an SMTP host the server sends no mail, and nothing
else changes.
"""

from __future__ import annotations

import argparse
import os
from typing import Any
from urllib.parse import urlsplit

from meeples.commands._checks import shorten, whole_number
from meeples.core.errors import BadOptions

#: Each option's environment variable.
VARIABLES = {
    "smtp_host": "MEEPLES_SMTP_HOST",
    "smtp_port": "MEEPLES_SMTP_PORT",
    "smtp_security": "MEEPLES_SMTP_SECURITY",
    "smtp_user": "MEEPLES_SMTP_USER",
    "mail_from": "MEEPLES_MAIL_FROM",
    "site_url": "MEEPLES_SITE_URL",
}
PASSWORD_VARIABLE = "MEEPLES_SMTP_PASSWORD"


def add_options(parser: Any) -> None:
    """Add the mail options to ``meeples serve``."""
    from meeples.server.mail import SECURITY

    parser.add_argument(
        "--smtp-host", default=None, metavar="HOST",
        help="the SMTP server that sends turn alert mails (default: $MEEPLES_SMTP_HOST; none:"
        " no mail is sent)",
    )
    parser.add_argument(
        "--smtp-port", type=whole_number(1, 65535), default=None, metavar="PORT",
        help="its port (default: $MEEPLES_SMTP_PORT, else 587 with starttls, 465 with ssl, 25"
        " with none)",
    )
    parser.add_argument(
        "--smtp-security", choices=SECURITY, default=None,
        help="starttls (default), ssl (TLS from the start) or none (a relay on this machine;"
        " default: $MEEPLES_SMTP_SECURITY)",
    )
    parser.add_argument(
        "--smtp-user", default=None, metavar="NAME",
        help=f"the SMTP login (default: $MEEPLES_SMTP_USER); its password comes from"
        f" ${PASSWORD_VARIABLE} only",
    )
    parser.add_argument(
        "--mail-from", default=None, metavar="ADDRESS",
        help="the sender of the mails, e.g. meeples@example.org (default: $MEEPLES_MAIL_FROM)",
    )
    parser.add_argument(
        "--site-url", default=None, metavar="URL",
        help="the address players open, for the links in the mails, e.g."
        " https://meeples.example.org (default: $MEEPLES_SITE_URL)",
    )


def _value(args: argparse.Namespace, name: str) -> Any:
    given = getattr(args, name, None)
    if given is not None:
        return given
    return os.environ.get(VARIABLES[name], "").strip() or None


def mail_settings(args: argparse.Namespace) -> Any:
    """Return the mail settings of ``meeples serve`` (a :class:`MailSettings`), or None when no
    SMTP host is given.

    Raises:
        BadOptions: a mail option without an SMTP host, a host without a sender or a site
            address, a sender that is no e-mail address, a site address that is no http(s)
            URL, or a port or a security that is not one.
    """
    from meeples.server.mail import DEFAULT_PORTS, SECURITY, BadEmail, MailSettings, checked_email

    host = _value(args, "smtp_host")
    if host is None or not str(host).strip():
        given = [f"--{name.replace('_', '-')}" for name in VARIABLES
                 if name != "smtp_host" and getattr(args, name, None) is not None]
        if given:
            raise BadOptions(f"{', '.join(given)} without --smtp-host: no mail would be sent")
        return None
    security = _value(args, "smtp_security") or "starttls"
    if security not in SECURITY:
        raise BadOptions(f"${VARIABLES['smtp_security']} is one of {', '.join(SECURITY)}, not"
                         f" {shorten(security)!r}")
    port = _value(args, "smtp_port")
    if port is None:
        port = DEFAULT_PORTS[security]
    elif not isinstance(port, int):
        if not str(port).isdigit() or not 1 <= int(port) <= 65535:
            raise BadOptions(f"${VARIABLES['smtp_port']} is a port number, not"
                             f" {shorten(str(port))!r}")
        port = int(port)
    sender = _value(args, "mail_from")
    if sender is None:
        raise BadOptions("--smtp-host needs --mail-from ADDRESS, the sender of the mails")
    try:
        sender = checked_email(sender)
    except BadEmail as problem:
        raise BadOptions(f"--mail-from {shorten(sender)!r}: {problem}") from None
    site = _value(args, "site_url")
    if site is None:
        raise BadOptions("--smtp-host needs --site-url URL, the address players open (the"
                         " mails link to their games there)")
    parts = urlsplit(site)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadOptions(f"--site-url {shorten(site)!r} is not an http or https address")
    user = _value(args, "smtp_user")
    password = os.environ.get(PASSWORD_VARIABLE) or None
    if password is not None and user is None:
        raise BadOptions(f"${PASSWORD_VARIABLE} is set without --smtp-user")
    return MailSettings(host=str(host).strip(), sender=sender, site=site.rstrip("/"), port=port,
                        security=security, user=user, password=password)
