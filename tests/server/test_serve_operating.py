"""What ``meeples serve`` does for an operator (issue 29): an out-of-date schema is refused with
a one-line hint, or upgraded first with ``--upgrade``; the metrics on a port of their own,
behind a token; bad operating options are one line."""

from __future__ import annotations

import argparse
import json
import logging
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

from meeples.cli import build_parser, main
from meeples.commands import _operating
from meeples.loadtest.harness import free_port
from meeples.server import logs, schema
from meeples.server.store import Store, database_url
from tests.server.test_db_command import released


def serve(db: Path, monkeypatch: pytest.MonkeyPatch, *more: str) -> tuple[int, list[str]]:
    """Run ``meeples serve --db db``; return its status and whether uvicorn was started."""
    from meeples.commands import serve as serve_command

    started: list[str] = []
    monkeypatch.setattr(serve_command, "bind",
                        lambda host, port, option="--host": socket.socket())
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


def test_serve_metrics_host_without_metrics_port_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, started = serve(tmp_path / "m.db", monkeypatch, "--metrics-host", "0.0.0.0")
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1)
    assert "--metrics-host needs --metrics-port" in errors[0]


@pytest.mark.parametrize("host", ["", "a..b"])
def test_serve_a_bad_metrics_host_is_one_line_naming_it(
    host: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["serve", "--port", str(free_port()), "--db", str(tmp_path / "m.db"),
                   "--metrics-port", str(free_port()), "--metrics-host", host])
    errors = capsys.readouterr().err.splitlines()
    assert (status, len(errors)) == (2, 1)
    assert errors[0].startswith("meeples serve: --metrics-host ")


def parsed(*words: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *words])


def test_serve_metrics_token_option_wins_over_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(_operating.TOKEN_VARIABLE, raising=False)
    assert _operating.metrics_token(parsed()) is None
    monkeypatch.setenv(_operating.TOKEN_VARIABLE, "from-env")
    assert _operating.metrics_token(parsed()) == "from-env"
    assert _operating.metrics_token(parsed("--metrics-token", "given")) == "given"


def test_serve_access_log_is_on_with_json_unless_told_otherwise() -> None:
    assert [_operating.access_log(parsed(*words)) for words in (
        [], ["--access-log"], ["--log-format", "json"],
        ["--log-format", "json", "--no-access-log"])] == [False, True, True, False]


def test_serve_with_json_logs_tells_the_upgrade_as_a_json_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level, logs.ACCESS.level,
             logging.getLogger("alembic").level)
    try:
        status, started = serve(released(tmp_path), monkeypatch, "--upgrade",
                                "--log-format", "json")
        lines = capsys.readouterr().err.splitlines()
    finally:
        root.handlers, root.level = saved[0], saved[1]
        logs.ACCESS.setLevel(saved[2])
        logging.getLogger("alembic").setLevel(saved[3])
    assert (status, started) == (0, ["uvicorn"])
    told = [json.loads(line) for line in lines]  # every line is JSON
    assert any(f"-> {schema.head()}" in line["message"] for line in told)
