"""The metrics of ``meeples serve --workers 2`` (issue 29, point 2): every worker's counts add up
on the parent's ``--metrics-port`` (prometheus-client's multiprocess mode), and a killed
worker's live gauges leave with it while its counters stay counted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import httpx
import pytest

from meeples.loadtest.harness import free_port
from meeples.server.metrics import REFRESH
from tests.server.conftest import fresh_database
from tests.server.test_cluster import children, holder_pid, wait_for
from tests.server.test_metrics import samples, value

pytest.importorskip("websockets")
from websockets.sync.client import connect  # noqa: E402

GAMES = 6


def scrape(port: int) -> dict[tuple[str, tuple[object, ...]], float]:
    asked = urllib.request.Request(f"http://127.0.0.1:{port}/metrics",
                                   headers={"Authorization": "Bearer t0ken"})
    with urllib.request.urlopen(asked, timeout=10) as answer:
        return samples(answer.read().decode())


def test_workers_add_up_their_metrics_and_a_dead_one_leaves_its_gauges(
    postgres_server: str, redis_url: str, tmp_path: Path
) -> None:
    port, metrics_port = free_port(), free_port()
    out = tmp_path / "serve.out"
    with out.open("wb") as stdout:
        parent = subprocess.Popen(
            [sys.executable, "-m", "meeples", "serve", "--workers", "2", "--port", str(port),
             "--db", fresh_database(postgres_server), "--redis", redis_url, "--bot-delay", "0",
             "--metrics-port", str(metrics_port)],
            stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env={**os.environ, "MEEPLES_METRICS_TOKEN": "t0ken"},
        )
    try:
        wait_for(lambda: b"Metrics at" in out.read_bytes(), 60)
        wait_for(lambda: len(children(parent.pid)) >= 2, 60)
        ids = []
        for _ in range(GAMES):  # each lands on either worker
            match = httpx.post(f"http://127.0.0.1:{port}/api/matches",
                               json={"game": "sparta"}, timeout=10).json()
            ids.append(match["id"])
            with connect(f"ws://127.0.0.1:{port}/ws/{match['id']}", open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "tokens": [match["seats"][0]["token"]]}))
                state = json.loads(ws.recv(timeout=10))
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]["action"],
                                    "version": state["version"]}))
                assert json.loads(ws.recv(timeout=10))["type"] in ("state", "update")
        found = wait_for(lambda: (got := scrape(metrics_port)) and value(
            got, "meeples_live_matches", game="sparta") == GAMES and got, 30)
        assert value(found, "meeples_actions_committed_total", game="sparta") == GAMES
        assert value(found, "meeples_action_round_trip_seconds_count", game="sparta") == GAMES
        holder = holder_pid(redis_url, ids[0])
        assert holder in children(parent.pid)
        os.kill(holder, 9)
        # Its games are taken over by the other worker, and counted once: not also in the
        # dead one's gauges (which would still say what it held).
        wait_for(lambda: all(holder_pid(redis_url, i) not in (None, holder) for i in ids), 60)
        time.sleep(3 * REFRESH)  # the survivor's gauges say what it holds now
        after = scrape(metrics_port)
        assert value(after, "meeples_live_matches", game="sparta") == GAMES
        assert value(after, "meeples_actions_committed_total", game="sparta") == GAMES
    finally:
        parent.terminate()
        parent.wait(30)
    assert b"Traceback" not in out.read_bytes()
