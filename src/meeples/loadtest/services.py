"""Throwaway PostgreSQL and Redis servers on loopback, for the tests and the failover run.

Debian's ``postgresql`` and ``redis-server`` packages provide them (``.ci/run`` installs both):
a PostgreSQL cluster is made with ``initdb`` in a temporary folder and started with ``pg_ctl``
(as the ``postgres`` user when we are root: PostgreSQL refuses to run as root), a Redis server
runs without persistence on a free port. Both are stopped, and their folders removed, on exit.
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


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """Run a throwaway PostgreSQL cluster; yield its SQLAlchemy URL.

    Raises:
        Unavailable: PostgreSQL (or its driver) is not installed.
    """
    why = postgres_missing()
    if why is not None:
        raise Unavailable(why)
    bin_dir = os.path.dirname(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))[-1])
    base = tempfile.mkdtemp(prefix="meeples-pg-")
    os.chmod(base, 0o777)  # the postgres user writes in it
    data = os.path.join(base, "data")
    port = _free_port()
    try:
        subprocess.run(
            _as_postgres([f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "meeples"]),
            check=True, capture_output=True,
        )
        # fsync off: a throwaway cluster, and the suite on a busy machine. max_connections:
        # every worker keeps a pool.
        options = (
            f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c max_connections=200"
        )
        subprocess.run(
            _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-o", options, "-w", "-t",
                          str(int(START_TIMEOUT)), "-l", os.path.join(base, "log"), "start"]),
            check=True, capture_output=True,
        )
        yield f"postgresql+psycopg://meeples@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def redis() -> Iterator[str]:
    """Run a throwaway Redis server (no persistence); yield its URL.

    Raises:
        Unavailable: Redis (or its client) is not installed.
        RuntimeError: it did not answer in time.
    """
    why = redis_missing()
    if why is not None:
        raise Unavailable(why)
    base = tempfile.mkdtemp(prefix="meeples-redis-")
    port = _free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", base, "--logfile", os.path.join(base, "log")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {port}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.kill()
        process.wait(10)
        shutil.rmtree(base, ignore_errors=True)
