"""The server process keeps the cyclic garbage collector's pauses short.

With CPython's defaults, the state messages of live games (each legal action a few small dicts,
kept until the next move) outlived the youngest generation and filled the oldest, whose full
collections scanned the whole heap: 60 to 80 ms during which no game moved, a few times a minute
at 50 games. ``meeples serve`` freezes what it loaded at start (never scanned again) and lets
the youngest generation grow before it is collected, so short-lived messages die young.
"""

from __future__ import annotations

import gc
import socket
from pathlib import Path
from typing import Any

import pytest

from meeples.cli import main
from meeples.commands.serve import quiet_collector  # the real one (conftest stubs it)


def test_serve_freezes_its_start_and_collects_the_young_less_often(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meeples.commands import serve as serve_command

    calls: list[Any] = []
    monkeypatch.setattr(serve_command, "quiet_collector", quiet_collector)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "set_threshold", lambda *limits: calls.append(limits))
    monkeypatch.setattr(serve_command, "bind", lambda host, port: socket.socket())
    monkeypatch.setattr(serve_command, "serve", lambda *args: calls.append("serve"))
    assert main(["serve", "--db", str(tmp_path / "gc.db")]) == 0
    young = gc.get_threshold()[0]
    assert calls == ["freeze", (serve_command.GC_YOUNG,), "serve"]
    assert serve_command.GC_YOUNG >= 10 * young
