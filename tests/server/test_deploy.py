"""The deployment recipe (issue 29, point 8; docs/deploy.md): Debian's nginx in front of two
``meeples serve`` workers on loopback, TLS ending at nginx.

The test runs the recipe's own files: nginx with ``docs/deploy/nginx-meeples.conf`` (its ports,
certificate and log paths moved to a temporary folder, a self-signed certificate made by
``openssl``), and two workers started with the command line of
``docs/deploy/meeples@.service`` and the variables of ``docs/deploy/meeples.env`` (the
database and Redis: throwaway PostgreSQL and Redis servers). A game is played through nginx,
over HTTPS and WebSocket, each player's connection reaching the workers in turn; the client
speaks from 127.0.0.5 and the workers must see that address, never nginx's nor one the client
claims in its own X-Forwarded-For. Skipped, saying why, without nginx or openssl (``.ci/run``
installs nginx).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeples.loadtest.harness import free_port
from tests.server.conftest import follow, fresh_database

pytest.importorskip("websockets")
from websockets.sync.client import ClientConnection, connect  # noqa: E402

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy"
SITE = DEPLOY / "nginx-meeples.conf"
UNIT = DEPLOY / "meeples@.service"
ENVIRONMENT = DEPLOY / "meeples.env"
#: The client's own address (all of 127.0.0.0/8 is loopback), and one it pretends to be.
CLIENT = "127.0.0.5"
CLAIMED = "203.0.113.77"
START_TIMEOUT = 60.0


def nginx_binary() -> str | None:
    """Return Debian's nginx (in /usr/sbin, which a user's PATH may lack), or None."""
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    return found if os.access(found, os.X_OK) else None


def unit_command(port: int) -> list[str]:
    """Return the unit's ExecStart for the instance ``port``, run from this interpreter."""
    line = next(line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))
    assert words[0].endswith("/bin/meeples") and words[1] == "serve", words
    return [sys.executable, "-m", "meeples", *words[1:]]


def unit_environment(db: str, redis: str) -> dict[str, str]:
    """Return the environment file's variables, the database and Redis replaced by ours."""
    found = {}
    for line in ENVIRONMENT.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, value = line.split("=", 1)
            found[name] = value
    assert set(found) == {"MEEPLES_DATABASE_URL", "MEEPLES_REDIS_URL", "MEEPLES_METRICS_TOKEN"}
    return {**found, "MEEPLES_DATABASE_URL": db, "MEEPLES_REDIS_URL": redis,
            "MEEPLES_METRICS_TOKEN": "t0ken"}


def site_config(folder: Path, workers: list[int], http: int, https: int) -> str:
    """Return the recipe's nginx site with our ports, certificate and no IPv6 listener."""
    text = SITE.read_text()
    swaps = [
        (r"server 127\.0\.0\.1:8001 ", f"server 127.0.0.1:{workers[0]} "),
        (r"server 127\.0\.0\.1:8002 ", f"server 127.0.0.1:{workers[1]} "),
        (r"listen 80;", f"listen 127.0.0.1:{http};"),
        (r"listen 443 ssl", f"listen 127.0.0.1:{https} ssl"),
        (r"ssl_certificate +\S+;", f"ssl_certificate {folder / 'cert.pem'};"),
        (r"ssl_certificate_key +\S+;", f"ssl_certificate_key {folder / 'key.pem'};"),
        (r"\n *listen \[::\]:\S+( ssl http2)?;", ""),
    ]
    for pattern, replacement in swaps:
        text, count = re.subn(pattern, replacement, text)
        assert count >= 1, f"the recipe's nginx site no longer has {pattern!r}"
    return text


def main_config(folder: Path) -> str:
    """Return an nginx.conf that keeps every file of nginx's in the folder."""
    temp = " ".join(f"{kind}_temp_path {folder / kind};"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return "\n".join([
        # As root, nginx's workers would be nobody, who cannot enter pytest's folders.
        "user root;" if os.geteuid() == 0 else "",
        "worker_processes 1;",
        f"pid {folder / 'nginx.pid'};",
        f"error_log {folder / 'error.log'} warn;",
        "events { worker_connections 256; }",
        "http {",
        f"  access_log {folder / 'access.log'};",
        f"  {temp}",
        f"  include {folder / 'meeples.conf'};",
        "}",
    ])


def self_signed(folder: Path) -> None:
    """Make a certificate for 127.0.0.1 and its key."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"),
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True, timeout=60,
    )


@dataclass
class Site:
    """nginx on its HTTP and HTTPS ports, the workers behind it, their database."""

    http: int
    https: int
    workers: list[int]
    db: str
    tls: ssl.SSLContext
    logs: list[Path]

    def client(self) -> httpx.Client:
        """An HTTPS client speaking from :data:`CLIENT`."""
        transport = httpx.HTTPTransport(verify=self.tls, local_address=CLIENT)
        return httpx.Client(base_url=f"https://127.0.0.1:{self.https}", transport=transport,
                            timeout=10, trust_env=False)

    def socket(self, match_id: str) -> ClientConnection:
        """A WebSocket to a match through nginx, speaking from :data:`CLIENT`."""
        return connect(f"wss://127.0.0.1:{self.https}/ws/{match_id}", ssl=self.tls,
                       proxy=None, open_timeout=10, source_address=(CLIENT, 0),
                       additional_headers={"X-Forwarded-For": CLAIMED})

    def access(self) -> list[dict[str, Any]]:
        """Return the access log lines of both workers (their JSON log)."""
        lines = []
        for path in self.logs:
            for line in path.read_text(errors="replace").splitlines():
                if line.startswith("{") and '"meeples.access"' in line:
                    lines.append(json.loads(line))
        return lines


def wait_until_ready(process: subprocess.Popen[bytes], url: str, log: Path,
                     verify: ssl.SSLContext | bool = True) -> None:
    """Wait until GET url/readyz answers 200 (the process still running)."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            if httpx.get(f"{url}/readyz", timeout=2, verify=verify,
                         trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace").strip().splitlines()[-3:]
            raise RuntimeError(f"{url} did not answer: {' | '.join(tail)}")
        time.sleep(0.1)


@pytest.fixture
def site(postgres_server: str, redis_url: str, tmp_path: Path) -> Iterator[Site]:
    nginx = nginx_binary()
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx)")
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (apt-get install openssl)")
    self_signed(tmp_path)
    db = fresh_database(postgres_server)
    ports = [free_port(), free_port()]
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")},
           **unit_environment(db, redis_url)}
    processes: list[subprocess.Popen[bytes]] = []
    logs = [tmp_path / f"worker-{port}.log" for port in ports]
    try:
        for port, log in zip(ports, logs, strict=True):
            with log.open("wb") as output:
                processes.append(subprocess.Popen(
                    unit_command(port), stdout=output, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL, env=env))
        for process, port, log in zip(processes, ports, logs, strict=True):
            wait_until_ready(process, f"http://127.0.0.1:{port}", log)
        http, https = free_port(), free_port()
        (tmp_path / "meeples.conf").write_text(site_config(tmp_path, ports, http, https))
        (tmp_path / "nginx.conf").write_text(main_config(tmp_path))
        command = [nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                   "-e", str(tmp_path / "error.log")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        with (tmp_path / "nginx.out").open("wb") as output:
            processes.append(subprocess.Popen([*command, "-g", "daemon off;"], stdout=output,
                                              stderr=subprocess.STDOUT))
        tls = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
        wait_until_ready(processes[-1], f"https://127.0.0.1:{https}", tmp_path / "error.log",
                         tls)
        yield Site(http, https, ports, db, tls, logs)
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def receive_state(ws: ClientConnection) -> dict[str, Any]:
    """Return the next state (an update applied to the last one)."""
    while True:
        message = follow(ws, json.loads(ws.recv(timeout=10)))
        if message["type"] in ("state", "error"):
            return message


def test_a_game_is_played_through_nginx_and_the_workers_see_the_clients_address(
    site: Site,
) -> None:
    with site.client() as client:
        created = client.post("/api/matches", headers={"X-Forwarded-For": CLAIMED}, json={
            "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert created.status_code == 201, created.text
        match = created.json()
        tokens = [seat["token"] for seat in match["seats"]]
        with site.socket(match["id"]) as south, site.socket(match["id"]) as north:
            sockets = [south, north]
            for seat, ws in enumerate(sockets):
                ws.send(json.dumps({"type": "hello", "tokens": [tokens[seat]]}))
            states = [receive_state(ws) for ws in sockets]
            for ply in range(6):  # each player moves on its turn; both see every move
                mover = sockets[states[0]["to_move"]]
                state = states[states[0]["to_move"]]
                mover.send(json.dumps({"type": "act", "action": state["legal"][0]["action"],
                                       "version": state["version"]}))
                states = [receive_state(ws) for ws in sockets]
                assert [s["version"] for s in states] == [ply + 1] * 2
            south.send(json.dumps({"type": "resign"}))
            states = [receive_state(ws) for ws in sockets]
        assert all(s["outcome"] is not None for s in states)
        assert client.get(f"/api/matches/{match['id']}/replay").status_code == 200
        assert client.get("/metrics").status_code == 404  # kept from the world
    with httpx.Client(transport=httpx.HTTPTransport(local_address=CLIENT), timeout=10,
                      trust_env=False) as straight:  # to a worker, not through nginx
        direct = straight.post(f"http://127.0.0.1:{site.workers[0]}/api/matches",
                               headers={"X-Forwarded-For": CLAIMED}, json={"game": "sparta"})
    assert direct.status_code == 201
    stored = subprocess.run(
        [sys.executable, "-m", "meeples", "admin", "list", "--json", "--db", site.db],
        capture_output=True, text=True, timeout=60, check=True)
    addresses = {line["id"]: line["address"] for line in map(json.loads,
                                                             stored.stdout.splitlines())}
    assert addresses == {match["id"]: CLIENT, direct.json()["id"]: CLIENT}
    deadline = time.monotonic() + 10  # a connection's line comes once the worker saw it end
    while True:
        access = [line for line in site.access()  # (the fixture's own /readyz left out)
                  if line["path"].startswith(("/ws/", "/api/"))]
        if len([line for line in access if line["method"] == "WS"]) == 2:
            break
        assert time.monotonic() < deadline, access
        time.sleep(0.1)
    assert {line["address"] for line in access} == {CLIENT}
    # nginx took the players' connections to the workers in turn: one of them was relayed.
    assert len({line["worker"] for line in access if line["method"] == "WS"}) == 2


def test_plain_http_is_sent_to_https(site: Site) -> None:
    answer = httpx.get(f"http://127.0.0.1:{site.http}/api/games", trust_env=False, timeout=10)
    assert answer.status_code == 301
    assert answer.headers["location"] == "https://127.0.0.1/api/games"


def test_the_systemd_unit_is_sound(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    # The unit as installed, its program where this test has it.
    unit = tmp_path / "meeples@.service"
    unit.write_text(UNIT.read_text().replace("/opt/meeples/venv/bin/meeples",
                                             str(Path(sys.executable).parent / "meeples")))
    checked = subprocess.run([analyze, "verify", "--man=no", f"{unit.parent}/meeples@8001.service"],
                             capture_output=True, text=True, timeout=60)
    complaints = [line for line in (checked.stdout + checked.stderr).splitlines()
                  if "meeples@" in line]
    assert checked.returncode == 0 and complaints == [], complaints
