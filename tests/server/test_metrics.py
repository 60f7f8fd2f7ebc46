"""``GET /metrics`` (issue 29, point 2): live matches and connections per game, actions
committed, round trip and commit latency, bot queue and bot move time, errors by code,
refusals by limit; behind a token, or on a port of its own.

The metrics are the process's: other tests' servers in this process count in them too, so each
test compares what it reads before and after what it does."""

from __future__ import annotations

import gc
import json
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from meeples.server import metrics
from meeples.server.app import create_app
from tests.server.conftest import create, receive, token


def scrape(client: TestClient, token_: str | None = None) -> dict[tuple[str, tuple[Any, ...]],
                                                                  float]:
    """Return every sample of a scrape by name and labels."""
    headers = {"Authorization": f"Bearer {token_}"} if token_ else {}
    answer = client.get("/metrics", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


def samples(text: str) -> dict[tuple[str, tuple[Any, ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text) for sample in family.samples
    }


def value(found: dict[tuple[str, tuple[Any, ...]], float], name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def app_client(db: str) -> Iterator[TestClient]:
    # An earlier test's lobby counts in the gauges until it is collected: collected in the
    # middle of a test, its live matches left the count that test read before (seen after
    # the log tests).
    gc.collect()
    with TestClient(create_app(db, bot_delay=0, bot_processes=0)) as client:
        yield client


def test_metrics_count_live_matches_connections_and_committed_actions(
    app_client: TestClient,
) -> None:
    before = scrape(app_client)
    match = create(app_client)
    with app_client.websocket_connect(f"/ws/{match['id']}") as south, \
            app_client.websocket_connect(f"/ws/{match['id']}") as north:
        south.send_json({"type": "hello", "tokens": [token(match, 0)]})
        north.send_json({"type": "hello", "tokens": [token(match, 1)]})
        states = {south: receive(south), north: receive(north)}
        for ws in (south, north):  # South moves, then North
            ws.send_json({"type": "act", "action": states[ws]["legal"][0]["action"],
                          "version": states[ws]["version"]})
            states = {south: receive(south), north: receive(north)}
        during = scrape(app_client)
    after = scrape(app_client)
    grew = {name: value(during, name, game="sparta") - value(before, name, game="sparta")
            for name in ("meeples_live_matches", "meeples_connections",
                         "meeples_actions_committed_total",
                         "meeples_action_round_trip_seconds_count")}
    assert grew == {"meeples_live_matches": 1, "meeples_connections": 2,
                    "meeples_actions_committed_total": 2,
                    "meeples_action_round_trip_seconds_count": 2}
    assert value(during, "meeples_commit_seconds_count") - value(
        before, "meeples_commit_seconds_count") >= 2
    assert value(after, "meeples_connections", game="sparta") == value(
        before, "meeples_connections", game="sparta")


def test_metrics_count_errors_by_code_and_refusals_by_limit(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, create_rate=(0.001, 1))) as client:
        before = scrape(client)
        match = create(client)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = receive(ws)
            ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                          "version": state["version"] + 5})
            assert receive(ws)["code"] == "stale"
        assert client.post("/api/matches", json={"game": "sparta"}).status_code == 429
        after = scrape(client)
    for name, labels in (("meeples_errors_total", {"code": "stale"}),
                         ("meeples_errors_total", {"code": "too_many"}),
                         ("meeples_refused_total", {"limit": "creations"})):
        assert value(after, name, **labels) - value(before, name, **labels) == 1, (name, labels)


def test_metrics_time_the_bots_moves_and_empty_their_queue(app_client: TestClient) -> None:
    before = scrape(app_client)
    match = create(app_client, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with app_client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive(ws)
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        while (state := receive(ws))["to_move"] != 0:
            pass
    after = scrape(app_client)
    moves = ("meeples_bot_move_seconds_count", {"game": "sparta", "level": "random"})
    assert value(after, moves[0], **moves[1]) - value(before, moves[0], **moves[1]) == 1
    assert value(after, "meeples_bot_queue") == value(before, "meeples_bot_queue")


def test_metrics_ask_for_the_token_when_the_server_has_one(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, metrics_token="s3cret")) as client:
        assert client.get("/metrics").status_code == 401
        assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code \
            == 401
        assert "meeples_live_matches" in {name for name, _ in scrape(client, "s3cret")}


def test_metrics_on_their_own_port_are_not_on_the_main_one(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, metrics_here=False)) as client:
        assert client.get("/metrics").status_code == 404
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        metrics.serve_in_thread(sock, "t0ken")
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/metrics"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=10)
        assert refused.value.code == 401
        asked = urllib.request.Request(url, headers={"Authorization": "Bearer t0ken"})
        with urllib.request.urlopen(asked, timeout=10) as answer:
            text = answer.read().decode()
    assert ("meeples_live_matches", (("game", "sparta"),)) in samples(text)


def exposed_names(client: TestClient) -> set[str]:
    """Return the names of the meeples_ series a scrape carries (histograms: their base)."""
    names = {name for name, _ in scrape(client) if name.startswith("meeples_")}
    return names | {name.rsplit("_", 1)[0] for name in names if name.endswith(
        ("_bucket", "_count", "_sum"))}


def test_every_metric_of_the_dashboard_and_the_docs_is_exposed(app_client: TestClient) -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    dashboard = json.loads((docs / "operations" / "grafana-dashboard.json").read_text())
    queried = {name for panel in dashboard["panels"] for target in panel["targets"]
               for name in re.findall(r"meeples_[a-z_]+", target["expr"])}
    documented = set(re.findall(r"`(meeples_[a-z_]+)`", (docs / "operations.md").read_text()))
    exposed = exposed_names(app_client)
    assert queried and queried <= exposed
    assert {n for n in exposed if not n.endswith(("_bucket", "_count", "_sum"))} <= documented
    assert documented <= exposed
