"""``meeples serve``: the banner comes once the server listens; a busy port is one line."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from meeples.cli import main


def test_serve_on_a_busy_port_is_one_line_without_banner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEEPLES_DATABASE_URL", raising=False)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", str(tmp_path / "x.db")])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err == f"meeples serve: cannot listen on 127.0.0.1 port {port}: " \
        "Address already in use\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_prints_its_banner_once_it_answers(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")}
    db = tmp_path / "served.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "meeples", "serve", "--port", str(port), "--db", str(db),
         "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        assert server.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(server.stdout, selectors.EVENT_READ)
            assert selector.select(timeout=60), "no banner within 60 s"
        banner = server.stdout.readline()
        assert banner == f"Meeples at http://127.0.0.1:{port}  (database: {db})\n"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as answer:
            assert answer.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert "Traceback" not in err


#: The packages of the extras (dev, postgres, cluster, rl, openspiel, bench, ray): a plain
#: ``pip install meeples`` has none of them.
EXTRAS = ("redis", "psycopg", "httpx", "pettingzoo", "gymnasium", "numpy", "pyspiel",
          "open_spiel", "ray", "playwright", "hypothesis", "pytest")


def test_serve_runs_without_the_extras(tmp_path: Path) -> None:
    """A plain pip install has no Redis client: serving one process must not need it (it
    crashed with ModuleNotFoundError: No module named 'redis')."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")}
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in EXTRAS)
    code = (f"import sys; {blocked}; from meeples.cli import main; "
            f"sys.exit(main(['serve', '--port', '{port}', '--db', {str(tmp_path / 'x.db')!r}]))")
    server = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(server.stdout, selectors.EVENT_READ)
            ready = selector.select(timeout=60)
        assert ready and server.stdout.readline().startswith("Meeples at"), server.stderr
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
            assert answer.status == 200 and b"<html" in answer.read().lower()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
