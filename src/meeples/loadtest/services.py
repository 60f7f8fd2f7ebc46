"""Throwaway PostgreSQL and Redis servers on loopback, for the tests and the failover run.

Debian's ``postgresql`` and ``redis-server`` packages provide them (``.ci/run`` installs both):
a PostgreSQL cluster is made with ``initdb`` in a temporary folder and started with ``pg_ctl``
(as the ``postgres`` user when we are root: PostgreSQL refuses to run as root), a Redis server
runs without persistence on a free port. Both are stopped, and their folders removed, on exit;
meanwhile either may be stopped and started again on its port (the faults of
:mod:`meeples.loadtest.faults`).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

#: How long a throwaway server may take to start.
START_TIMEOUT = 30.0


class Unavailable(Exception):
    """A server this machine cannot start (its package is not installed), with how to get it."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_missing() -> str | None:
    """Return why a throwaway PostgreSQL cannot be started here, or None when it can."""
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL cannot be started"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the PostgreSQL driver is not installed (pip install 'psycopg[binary]')"
    return None


def redis_missing() -> str | None:
    """Return why a throwaway Redis cannot be started here, or None when it can."""
    if shutil.which("redis-server") is None:
        return "Redis is not installed (apt-get install redis-server)"
    try:
        import redis  # noqa: F401
    except ImportError:
        return "the Redis client is not installed (pip install redis)"
    return None


def _as_postgres(command: list[str]) -> list[str]:
    """Run as the postgres user when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


class Postgres:
    """A throwaway PostgreSQL cluster on loopback, which can be stopped and started again on
    the same port and data (a restart, for the faults of :mod:`meeples.loadtest.faults`)."""

    def __init__(self) -> None:
        self.bin_dir = os.path.dirname(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))[-1])
        self.base = tempfile.mkdtemp(prefix="meeples-pg-")
        os.chmod(self.base, 0o777)  # the postgres user writes in it
        self.data = os.path.join(self.base, "data")
        self.port = _free_port()
        subprocess.run(
            _as_postgres([f"{self.bin_dir}/initdb", "-D", self.data, "-A", "trust", "-U",
                          "meeples"]),
            check=True, capture_output=True,
        )

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of its maintenance database."""
        return f"postgresql+psycopg://meeples@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *words: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            _as_postgres([f"{self.bin_dir}/pg_ctl", "-D", self.data, *words]),
            capture_output=True,
        )

    def start(self) -> None:
        """Start it and wait until it accepts connections.

        Raises:
            RuntimeError: it did not start within :data:`START_TIMEOUT` seconds.
        """
        # fsync off: a throwaway cluster, and the suite on a busy machine. max_connections:
        # every worker keeps a pool.
        options = (
            f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c max_connections=200"
        )
        done = self._ctl("-o", options, "-w", "-t", str(int(START_TIMEOUT)), "-l",
                         os.path.join(self.base, "log"), "start")
        if done.returncode != 0:
            raise RuntimeError(f"PostgreSQL did not start: {done.stderr.decode().strip()}")

    def stop(self, mode: str = "fast") -> None:
        """Stop it: ``fast`` ends every session at once (a restart as systemd does it),
        ``immediate`` as a crash would."""
        self._ctl("-m", mode, "-w", "stop")

    def remove(self) -> None:
        """Stop it as a crash would and remove its folder."""
        self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


@contextlib.contextmanager
def postgres_server() -> Iterator[Postgres]:
    """Run a throwaway PostgreSQL cluster; yield it (:class:`Postgres`).

    Raises:
        Unavailable: PostgreSQL (or its driver) is not installed.
    """
    why = postgres_missing()
    if why is not None:
        raise Unavailable(why)
    server = Postgres()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """Run a throwaway PostgreSQL cluster; yield its SQLAlchemy URL.

    Raises:
        Unavailable: PostgreSQL (or its driver) is not installed.
    """
    with postgres_server() as server:
        yield server.url


class Redis:
    """A throwaway Redis server on loopback without persistence, which can be stopped and
    started again on the same port (empty, as a restarted Redis that saves nothing)."""

    def __init__(self) -> None:
        self.base = tempfile.mkdtemp(prefix="meeples-redis-")
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it answers.

        Raises:
            RuntimeError: it did not answer within :data:`START_TIMEOUT` seconds.
        """
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", self.base, "--logfile",
             os.path.join(self.base, "log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop it at once (SIGKILL: its clients see their connections reset)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def remove(self) -> None:
        """Stop it and remove its folder."""
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[Redis]:
    """Run a throwaway Redis server; yield it (:class:`Redis`).

    Raises:
        Unavailable: Redis (or its client) is not installed.
        RuntimeError: it did not answer in time.
    """
    why = redis_missing()
    if why is not None:
        raise Unavailable(why)
    server = Redis()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@contextlib.contextmanager
def redis() -> Iterator[str]:
    """Run a throwaway Redis server (no persistence); yield its URL.

    Raises:
        Unavailable: Redis (or its client) is not installed.
        RuntimeError: it did not answer in time.
    """
    with redis_server() as server:
        yield server.url
