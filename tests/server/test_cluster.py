"""Two workers serve one set of games: PostgreSQL shared, Redis for who writes and for updates.

The workers are real ``meeples serve`` processes (killed with SIGKILL where a test says so) on
a throwaway PostgreSQL database and Redis server; without Debian's ``postgresql`` or
``redis-server`` these tests are skipped, saying which is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeples.loadtest.failover import Worker, run_failover
from meeples.loadtest.harness import free_port
from tests.server.conftest import follow, fresh_database

pytest.importorskip("websockets")
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

#: Seconds a takeover may take in these tests (the lease lasts 3 s; a dead holder is seen at
#: the next sweep, every second).
TAKEOVER = 15.0


@pytest.fixture(scope="module")
def services(postgres_server: str, redis_url: str) -> tuple[str, str]:
    return postgres_server, redis_url


def start_pair(folder: Path, db: str, redis: str, bot_delay: float = 0.0) -> list[Worker]:
    workers = [Worker(folder, db, redis, name, bot_delay) for name in "ab"]
    try:
        for worker in workers:
            worker.start()
    except BaseException:
        for worker in workers:
            worker.kill()
        raise
    return workers


@pytest.fixture(scope="module")
def pair(services: tuple[str, str], tmp_path_factory: pytest.TempPathFactory,
         ) -> Iterator[list[Worker]]:
    """Two workers, a and b, on one fresh database, for tests that kill neither."""
    server, redis = services
    workers = start_pair(tmp_path_factory.mktemp("pair"), fresh_database(server), redis)
    yield workers
    for worker in workers:
        worker.stop()


@pytest.fixture
def fresh_pair(services: tuple[str, str], tmp_path: Path) -> Iterator[list[Worker]]:
    """Two workers of their own (one of them is killed)."""
    server, redis = services
    workers = start_pair(tmp_path, fresh_database(server), redis, bot_delay=0.2)
    yield workers
    for worker in workers:
        worker.kill()


def create(worker: Worker, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "sparta")
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    answer = httpx.post(worker.url + "/api/matches", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


@contextlib.contextmanager
def hello(worker: Worker, match: dict[str, Any], *seats: int,
          ) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
    """Connect to a worker with the tokens of seats (none: a spectator); yield the connection
    and the first state."""
    with connect(worker.ws + match["id"], open_timeout=10) as ws:
        tokens = [match["seats"][seat]["token"] for seat in seats]
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        yield ws, receive_state(ws)


def receive_state(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """Return the next state (an update applied to the last one) or error."""
    while True:
        message = follow(ws, json.loads(ws.recv(timeout=timeout)))
        if message["type"] in ("state", "error"):
            return message


def play_first_legal(ws: ClientConnection, state: dict[str, Any]) -> str:
    action: str = state["legal"][0]["action"]
    ws.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))
    return action


def holder_pid(redis: str, match_id: str) -> int | None:
    """Return the process id of the worker holding a match's lease (its name has it)."""
    import redis as redis_client

    client = redis_client.Redis.from_url(redis, decode_responses=True)
    try:
        name = client.get(f"meeples:lease:{match_id}")
    finally:
        client.close()
    return int(str(name).rsplit(":", 2)[1]) if name is not None else None


def wait_for(check: Any, timeout: float = TAKEOVER) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s")


def test_the_worker_that_creates_a_game_holds_it(
    pair: list[Worker], services: tuple[str, str]
) -> None:
    a, _ = pair
    match = create(a)
    assert holder_pid(services[1], match["id"]) == a.pid


def test_a_move_made_through_one_worker_reaches_a_spectator_of_the_other(
    pair: list[Worker],
) -> None:
    a, b = pair
    match = create(a)
    with hello(b, match) as (spectator, _), hello(a, match, 0) as (player, state):
        action = play_first_legal(player, state)
        seen = receive_state(spectator)
    assert (seen["version"], seen["log"][-1]["action"]) == (1, action)


def test_every_spectator_of_the_other_worker_gets_each_move(pair: list[Worker]) -> None:
    a, b = pair
    match = create(a)
    with contextlib.ExitStack() as stack:
        spectators = [stack.enter_context(hello(b, match))[0] for _ in range(12)]
        with hello(a, match, 0) as (player, state):
            action = play_first_legal(player, state)
            seen = [receive_state(spectator)["log"][-1]["action"] for spectator in spectators]
    assert seen == [action] * 12


def test_a_player_connected_to_the_worker_not_holding_the_game_plays_through_the_holder(
    pair: list[Worker],
) -> None:
    a, b = pair
    match = create(a)
    with hello(a, match) as (spectator, _), hello(b, match, 0) as (player, state):
        action = play_first_legal(player, state)
        answered, seen = receive_state(player), receive_state(spectator)
    assert answered["log"][-1]["action"] == seen["log"][-1]["action"] == action


def test_a_refused_action_through_the_other_worker_gets_its_error(pair: list[Worker]) -> None:
    a, b = pair
    match = create(a)
    with hello(b, match, 1) as (player, _):  # seat 1 is not to move
        player.send(json.dumps({"type": "act", "action": "b9-b7", "version": 0}))
        answer = receive_state(player)
    assert answer["code"] == "not_your_turn"


def test_either_worker_describes_a_game(pair: list[Worker]) -> None:
    a, b = pair
    match = create(a)
    with hello(a, match, 0) as (player, state):
        play_first_legal(player, state)
        receive_state(player)
    shown = httpx.get(f"{b.url}/api/matches/{match['id']}", timeout=10).json()
    assert shown["version"] == 1


def test_an_open_seat_is_claimed_through_the_worker_not_holding_the_game(
    pair: list[Worker],
) -> None:
    a, b = pair
    match = create(a, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    claimed = httpx.post(f"{b.url}/api/matches/{match['id']}/claim", timeout=10)
    assert claimed.status_code == 200, claimed.text
    with connect(a.ws + match["id"], open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [claimed.json()["token"]]}))
        state = receive_state(ws)
    assert state["seats"] == [1]


def test_the_writer_moves_when_its_worker_is_killed(
    fresh_pair: list[Worker], services: tuple[str, str]
) -> None:
    a, b = fresh_pair
    match = create(a)
    before = holder_pid(services[1], match["id"])
    a.kill()
    after = wait_for(lambda: holder_pid(services[1], match["id"]) == b.pid and b.pid)
    with hello(b, match, 0) as (player, state):
        play_first_legal(player, state)
        moved = receive_state(player)
    assert (before, after, moved["version"]) == (a.pid or before, b.pid, 1)


def test_a_spectator_of_the_other_worker_is_sent_to_reconnect_when_the_holder_dies(
    fresh_pair: list[Worker],
) -> None:
    a, b = fresh_pair
    match = create(a)
    with hello(b, match) as (spectator, _), pytest.raises(ConnectionClosed) as closed:
        a.kill()
        while True:
            spectator.recv(timeout=TAKEOVER)
    assert getattr(getattr(closed.value, "rcvd", None), "code", None) == 1012


def test_a_bot_game_goes_on_on_the_other_worker_when_its_worker_is_killed(
    fresh_pair: list[Worker],
) -> None:
    a, b = fresh_pair
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
    match = create(a, seats=bots)

    def version() -> int:
        shown: int = httpx.get(f"{b.url}/api/matches/{match['id']}", timeout=10).json()["version"]
        return shown

    wait_for(lambda: version() > 0)
    a.kill()
    at_kill = version()
    assert wait_for(lambda: version() > at_kill + 2)


def test_a_stopped_worker_gives_its_games_back_at_once(
    fresh_pair: list[Worker], services: tuple[str, str]
) -> None:
    a, b = fresh_pair
    match = create(a)
    a.stop()
    assert holder_pid(services[1], match["id"]) in (None, b.pid)


def test_a_worker_cut_from_redis_lets_its_games_go(
    services: tuple[str, str], tmp_path: Path
) -> None:
    from meeples.loadtest import services as throwaway

    with throwaway.redis() as redis:
        worker = Worker(tmp_path, fresh_database(services[0]), redis, "alone")
        worker.start()
        try:
            match = create(worker)
            with hello(worker, match, 0) as (player, _):
                redis_gone = time.monotonic()
                with pytest.raises(ConnectionClosed) as closed:
                    shut_down(redis)
                    while True:
                        player.recv(timeout=TAKEOVER)
            waited = time.monotonic() - redis_gone
        finally:
            worker.kill()
    assert getattr(closed.value.rcvd, "code", None) == 1012 and waited < TAKEOVER


def shut_down(url: str) -> None:
    """Shut a throwaway Redis down (its context then finds it gone)."""
    import redis as redis_client

    client = redis_client.Redis.from_url(url)
    with contextlib.suppress(redis_client.ConnectionError):
        client.shutdown(nosave=True)
    client.close()


@pytest.mark.slow
def test_no_acknowledged_action_is_lost_when_one_worker_of_two_is_killed_under_load(
    services: tuple[str, str], tmp_path: Path
) -> None:
    server, redis = services
    figures = asyncio.run(
        run_failover(tmp_path, fresh_database(server), redis, kills=2, games=4, every=4.0)
    )
    assert figures.acknowledged > 0
    assert (figures.lost, figures.conflicts, figures.kills) == (0, 0, 2)


def serve(*options: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meeples", "serve", "--port", str(free_port()), *options],
        capture_output=True, text=True, timeout=60, env={**os.environ, **(env or {})},
    )


def test_several_workers_without_redis_are_refused(tmp_path: Path) -> None:
    done = serve("--workers", "2", "--db", str(tmp_path / "x.db"),
                 env={"MEEPLES_REDIS_URL": ""})
    assert done.returncode == 2 and "--workers 2 needs --redis" in done.stderr


def test_workers_sharing_redis_on_an_sqlite_file_are_refused(tmp_path: Path) -> None:
    done = serve("--redis", "redis://127.0.0.1:9/0", "--db", str(tmp_path / "x.db"))
    assert done.returncode == 2 and "not an SQLite file" in done.stderr


def test_a_redis_that_does_not_answer_is_one_line_at_start(postgres_url: str) -> None:
    done = serve("--redis", f"redis://127.0.0.1:{free_port()}/0", "--db", postgres_url)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "--redis redis://127.0.0.1:" in done.stderr


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def test_workers_of_one_serve_share_its_port_and_a_killed_one_is_replaced(
    services: tuple[str, str], tmp_path: Path
) -> None:
    server, redis = services
    port = free_port()
    out = tmp_path / "serve.out"
    with out.open("wb") as stdout:
        parent = subprocess.Popen(
            [sys.executable, "-m", "meeples", "serve", "--workers", "2", "--port", str(port),
             "--db", fresh_database(server), "--redis", redis, "--bot-delay", "0"],
            stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: b"Meeples at" in out.read_bytes(), 60)
        first = wait_for(lambda: len(children(parent.pid)) >= 2 and children(parent.pid), 60)
        games = [httpx.post(url + "/api/matches", json={"game": "sparta"}, timeout=10)
                 for _ in range(4)]
        os.kill(first[0], 9)
        replaced = wait_for(
            lambda: len(set(children(parent.pid)) - set(first)) == 1 and children(parent.pid), 60
        )
        shown = wait_for(lambda: httpx.get(
            f"{url}/api/matches/{games[0].json()['id']}", timeout=10).status_code == 200, 30)
    finally:
        parent.terminate()
        parent.wait(30)
    assert [g.status_code for g in games] == [201] * 4
    assert len(replaced) == 2 and shown
