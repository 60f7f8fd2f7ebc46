"""The SMTP settings of ``meeples serve`` (issue 25, point 3): options or the environment, the
password from the environment only, and a bad setting refused in one line before serving."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any

import pytest

from meeples.cli import build_parser
from meeples.commands._mail import mail_settings
from meeples.core.errors import BadOptions

MAIL_VARIABLES = ["MEEPLES_SMTP_HOST", "MEEPLES_SMTP_PORT", "MEEPLES_SMTP_SECURITY",
                  "MEEPLES_SMTP_USER", "MEEPLES_SMTP_PASSWORD", "MEEPLES_MAIL_FROM",
                  "MEEPLES_SITE_URL"]


@pytest.fixture(autouse=True)
def no_mail_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in MAIL_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def arguments(*given: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *given])


def test_without_an_smtp_host_no_mail_is_sent() -> None:
    assert mail_settings(arguments()) is None


def test_the_options_give_the_smtp_server_the_sender_and_the_site() -> None:
    found = mail_settings(arguments(
        "--smtp-host", "smtp.example.org", "--smtp-security", "ssl", "--smtp-user", "meeples",
        "--mail-from", "meeples@example.org", "--site-url", "https://play.example.org/"))
    assert (found.host, found.port, found.security, found.user, found.password) == (
        "smtp.example.org", 465, "ssl", "meeples", None)
    assert (found.sender, found.site) == ("meeples@example.org", "https://play.example.org")


def test_the_environment_gives_them_too_and_the_password_only_from_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in [("MEEPLES_SMTP_HOST", "smtp.example.org"), ("MEEPLES_SMTP_PORT", "2525"),
                        ("MEEPLES_SMTP_USER", "meeples"), ("MEEPLES_SMTP_PASSWORD", "s3cret"),
                        ("MEEPLES_MAIL_FROM", "meeples@example.org"),
                        ("MEEPLES_SITE_URL", "https://play.example.org")]:
        monkeypatch.setenv(name, value)
    found = mail_settings(arguments())
    assert (found.port, found.security, found.password) == (2525, "starttls", "s3cret")
    assert "s3cret" not in repr(found)
    with pytest.raises(SystemExit):
        arguments("--smtp-password", "s3cret")


@pytest.mark.parametrize("given, said", [
    (["--smtp-port", "2525"], "without --smtp-host"),
    (["--smtp-host", "smtp.example.org", "--site-url", "https://x.org"], "--mail-from"),
    (["--smtp-host", "smtp.example.org", "--mail-from", "m@example.org"], "--site-url"),
    (["--smtp-host", "h", "--mail-from", "m@x.org\nBcc: e@x.org", "--site-url", "https://x.org"],
     "--mail-from"),
    (["--smtp-host", "h", "--mail-from", "m@x.org", "--site-url", "javascript:alert(1)"],
     "--site-url"),
])
def test_a_bad_mail_setting_is_refused_in_one_line(given: list[str], said: str) -> None:
    with pytest.raises(BadOptions) as refused:
        mail_settings(arguments(*given))
    assert said in str(refused.value) and "\n" not in str(refused.value).replace("\\n", "")


def test_a_password_without_a_user_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEEPLES_SMTP_PASSWORD", "s3cret")
    with pytest.raises(BadOptions, match="--smtp-user"):
        mail_settings(arguments("--smtp-host", "h", "--mail-from", "m@x.org",
                                "--site-url", "https://x.org"))


def test_serve_hands_the_settings_to_the_server_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from meeples.cli import main
    from meeples.commands import serve as serve_command
    from meeples.server import app as app_module

    made: list[Any] = []
    real = app_module.create_app
    monkeypatch.setattr(app_module, "create_app",
                        lambda *args, **options: made.append(options["mail"]) or real(*args))
    started: list[tuple[Any, str]] = []
    monkeypatch.setattr(serve_command, "bind",
                        lambda host, port, option="--host": socket.socket())
    monkeypatch.setattr(serve_command, "serve",
                        lambda config, banner, sock: started.append((config, banner)))
    status = main(["serve", "--db", str(tmp_path / "m.db"), "--smtp-host", "127.0.0.1",
                   "--smtp-port", "2525", "--smtp-security", "none",
                   "--mail-from", "meeples@example.org", "--site-url", "http://localhost:8000"])
    assert status == 0 and len(started) == 1
    assert "Turn alert mails through 127.0.0.1:2525 (none)" in started[0][1]
    assert [(m.host, m.port, m.security, m.site) for m in made] == [
        ("127.0.0.1", 2525, "none", "http://localhost:8000")]
