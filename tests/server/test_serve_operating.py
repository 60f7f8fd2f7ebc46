"""What ``meeples serve`` does for an operator (issue 29): an out-of-date schema is refused with
a one-line hint, or upgraded first with ``--upgrade``; the metrics on a port of their own,
behind a token; bad operating options are one line."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from meeples.cli import main
from meeples.loadtest.harness import free_port
from meeples.server import schema
from meeples.server.store import Store, database_url
from tests.server.test_db_command import released


def serve(db: Path, monkeypatch: pytest.MonkeyPatch, *more: str) -> tuple[int, list[str]]:
    """Run ``meeples serve --db db``; return its status and whether uvicorn was started."""
    from meeples.commands import serve as serve_command

    started: list[str] = []
    monkeypatch.setattr(serve_command, "bind", lambda host, port: socket.socket())
    monkeypatch.setattr(
        serve_command, "serve", lambda config, banner, sock: started.append("uvicorn")
    )
    return main(["serve", "--db", str(db), *more]), started


def test_serve_on_an_old_schema_refuses_with_a_one_line_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = released(tmp_path)
    status, started = serve(path, monkeypatch)
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1)
    assert "meeples db upgrade" in errors[0] and "--upgrade" in errors[0]


def test_serve_upgrade_upgrades_the_schema_then_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = released(tmp_path)
    assert serve(path, monkeypatch, "--upgrade") == (0, ["uvicorn"])
    assert f"-> {schema.head()}" in capsys.readouterr().err
    Store(database_url(str(path))).close()  # current now


def test_serve_metrics_port_serves_them_behind_the_token_and_not_on_the_main_port(
    tmp_path: Path,
) -> None:
    port, metrics_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "meeples", "serve", "--port", str(port), "--db",
         str(tmp_path / "m.db"), "--metrics-port", str(metrics_port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**env, "MEEPLES_METRICS_TOKEN": "t0ken"},
    )
    try:
        assert server.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(server.stdout, selectors.EVENT_READ)
            assert selector.select(timeout=60), "no banner within 60 s"
        banner = [server.stdout.readline(), server.stdout.readline()]
        assert banner[1] == f"Metrics at http://127.0.0.1:{metrics_port}/metrics\n"
        with pytest.raises(urllib.error.HTTPError) as main_port:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10)
        with pytest.raises(urllib.error.HTTPError) as no_token:
            urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10)
        asked = urllib.request.Request(f"http://127.0.0.1:{metrics_port}/metrics",
                                       headers={"Authorization": "Bearer t0ken"})
        with urllib.request.urlopen(asked, timeout=10) as answer:
            text = answer.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert (main_port.value.code, no_token.value.code) == (404, 401)
    assert 'meeples_live_matches{game="sparta"}' in text and "Traceback" not in err


def test_serve_refuses_a_blank_metrics_token_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, started = serve(tmp_path / "m.db", monkeypatch, "--metrics-token", " ")
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1) and "--metrics-token" in errors[0]


def test_serve_on_a_busy_metrics_port_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        status = main(["serve", "--port", str(free_port()), "--db", str(tmp_path / "m.db"),
                       "--metrics-port", str(taken)])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err == f"meeples serve: cannot listen on 127.0.0.1 port {taken}: " \
        "Address already in use\n"
