"""The server under test, the loopback addresses the clients use, and the figures measured."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import datetime
import ipaddress
import itertools
import math
import os
import platform
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The only address the server under test listens on.
SERVER_HOST = "127.0.0.1"
#: Seconds ``meeples serve`` may take to print its banner, and to stop after SIGINT.
START_TIMEOUT = 30.0
STOP_TIMEOUT = 20.0
#: The clients' own addresses: 127.1.0.1, 127.1.0.2, ... (all of 127.0.0.0/8 is loopback).
FIRST_CLIENT = ipaddress.IPv4Address("127.1.0.1")
CLIENT_NETWORK = ipaddress.IPv4Network("127.1.0.0/16")


class NotLoopback(ValueError):
    """An address outside the machine: the suite never sends anything there."""


def loopback(host: str) -> str:
    """Return host when it is a loopback address (127.0.0.0/8 or ::1).

    Raises:
        NotLoopback: any other address, or a name (names are not resolved, on purpose).
    """
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        raise NotLoopback(
            f"{host!r} is not a loopback address (give an IP such as 127.0.0.1)"
        ) from None
    if not address.is_loopback:
        raise NotLoopback(f"{host} is not a loopback address; the suite only runs on 127.0.0.1")
    return str(address)


def _can_bind(host: str) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, 0))
        except OSError:
            return False
    return True


class Addresses:
    """Hands out the clients' source addresses, each once per process.

    The server counts its limits per address (connections, creations, replays); the suite plays
    many people, so each group of clients gets an address of its own, all in 127.1.0.0/16. A
    system that cannot bind them (only 127.0.0.1 on its loopback) gets 127.0.0.1 for all, and
    the per-address limits then cap what the suite can open.
    """

    def __init__(self, first: int = 0) -> None:
        self._next = itertools.count(first)
        self.shared = not _can_bind(str(FIRST_CLIENT))

    def take(self) -> str:
        """Return an address no client of this process has used yet."""
        if self.shared:
            return SERVER_HOST
        index = next(self._next) % (CLIENT_NETWORK.num_addresses - 2)
        return str(FIRST_CLIENT + index)

    def reserve(self, count: int) -> int:
        """Set count addresses aside (for another process); return the index of the first."""
        first = next(self._next)
        self._next = itertools.count(first + count)
        return first


def use_addresses(first: int) -> None:
    """Make this process hand out addresses from the index first (set aside by another)."""
    global _ADDRESSES
    _ADDRESSES = Addresses(first)


_ADDRESSES: Addresses | None = None


def addresses() -> Addresses:
    """Return the process's address book (made on first use)."""
    global _ADDRESSES
    if _ADDRESSES is None:
        _ADDRESSES = Addresses()
    return _ADDRESSES


@dataclass(frozen=True)
class Target:
    """Where the server under test listens (always a loopback address)."""

    host: str
    port: int
    pid: int | None = None

    def __post_init__(self) -> None:
        loopback(self.host)

    @property
    def url(self) -> str:
        """The HTTP base URL."""
        return f"http://{self.host}:{self.port}"

    def ws(self, match_id: str) -> str:
        """The WebSocket URL of a match."""
        return f"ws://{self.host}:{self.port}/ws/{match_id}"


def parse_url(url: str) -> Target:
    """Return the target of an ``http://127.0.0.1:PORT`` URL.

    Raises:
        NotLoopback: the URL names another host, or is not of that form.
    """
    rest = url.removeprefix("http://").rstrip("/")
    host, _, port = rest.rpartition(":")
    if not port.isdigit() or "/" in rest:
        raise NotLoopback(f"{url!r}: give http://127.0.0.1:PORT")
    return Target(loopback(host), int(port))


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((SERVER_HOST, 0))
        return int(probe.getsockname()[1])


class Server:
    """``meeples serve`` in a subprocess, on 127.0.0.1, with a fresh SQLite file in folder.

    profile: a file for the server's cProfile statistics (pstats), written when it stops.
    """

    def __init__(self, folder: Path, profile: Path | None = None) -> None:
        self.folder = folder
        self.profile = profile
        self.process: subprocess.Popen[bytes] | None = None
        self.stdout = folder / "serve.out"
        self.stderr = folder / "serve.err"
        self.target: Target | None = None

    def command(self, port: int) -> list[str]:
        """Return the command line that starts the server."""
        serve = [
            "-m", "meeples", "serve", "--host", SERVER_HOST, "--port", str(port),
            "--db", str(self.folder / "loadtest.db"), "--bot-delay", "0",
        ]
        if self.profile is not None:
            return [sys.executable, "-m", "cProfile", "-o", str(self.profile), *serve]
        return [sys.executable, *serve]

    async def start(self) -> Target:
        """Start the server and return where it listens once it printed its banner.

        Raises:
            RuntimeError: it exited, or said nothing within :data:`START_TIMEOUT` seconds.
        """
        for _ in range(3):  # a port taken between the probe and the bind: another one
            port = free_port()
            with self.stdout.open("wb") as out, self.stderr.open("wb") as err:
                self.process = subprocess.Popen(
                    self.command(port), stdout=out, stderr=err, stdin=subprocess.DEVNULL
                )
            atexit.register(self.kill)  # never left running by a suite that failed
            deadline = time.monotonic() + START_TIMEOUT
            while time.monotonic() < deadline and self.process.poll() is None:
                if b"Meeples at http://" in self.stdout.read_bytes():
                    self.target = Target(SERVER_HOST, port, self.process.pid)
                    return self.target
                await asyncio.sleep(0.05)
            if self.process.poll() is None:
                self.kill()
                break
            if b"cannot listen" not in self.stderr.read_bytes():
                break
        raise RuntimeError(f"meeples serve did not start: {self.log_tail()}")

    def alive(self) -> bool:
        """Return whether the server process is still running."""
        return self.process is not None and self.process.poll() is None

    async def stop(self) -> int | None:
        """Stop the server (SIGINT, then SIGKILL after :data:`STOP_TIMEOUT`); return its status."""
        if self.process is None:
            return None
        atexit.unregister(self.kill)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            deadline = time.monotonic() + STOP_TIMEOUT
            while self.process.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if self.process.poll() is None:
                self.kill()
        return self.process.returncode

    def kill(self) -> None:
        """Kill the server process (only it: it was started here)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)

    def log_tail(self, lines: int = 5) -> str:
        """Return the last lines the server wrote on stderr."""
        try:
            text = self.stderr.read_text(errors="replace")
        except OSError:
            return ""
        return " | ".join(text.strip().splitlines()[-lines:])

    def log_problems(self) -> list[str]:
        """Return the server's log lines that tell of a failure (tracebacks, errors)."""
        return log_problems(self.stderr)


#: Words of a server log line that tells of a failure, not of a refusal.
FAILURE_WORDS = ("Traceback", "ERROR", "Exception", "failed", "cannot be")


def log_problems(path: Path) -> list[str]:
    """Return the lines of a server log that tell of a failure (tracebacks, errors)."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return [line for line in text.splitlines() if any(w in line for w in FAILURE_WORDS)]


def _ticks() -> float:
    with contextlib.suppress(ValueError, OSError, AttributeError):
        return float(os.sysconf("SC_CLK_TCK"))
    return 100.0


def cpu_seconds(pid: int) -> float | None:
    """Return the CPU seconds (user and system, every thread) of a process; None off Linux."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / _ticks()


def descendants(pid: int) -> list[int]:
    """Return the processes started by pid, directly or not (Linux; else none)."""
    parents: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class CpuMeter:
    """CPU used by the server (its main process; its bot processes apart) and by this process,
    over a stretch of wall time."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        self.start = time.monotonic()
        self.mine = time.process_time()
        self.server = cpu_seconds(pid) if pid is not None else None
        self.children = self._children()

    def _children(self) -> float | None:
        if self.pid is None:
            return None
        total = 0.0
        for child in descendants(self.pid):
            total += cpu_seconds(child) or 0.0
        return total

    def figures(self) -> dict[str, float | None]:
        """Return the CPU percentages since the meter was made (100 = one core)."""
        wall = max(time.monotonic() - self.start, 1e-9)
        server = cpu_seconds(self.pid) if self.pid is not None else None
        children = self._children()

        def percent(now: float | None, then: float | None) -> float | None:
            if now is None or then is None:
                return None
            return round(100 * max(now - then, 0.0) / wall, 1)

        return {
            "server_cpu_pct": percent(server, self.server),
            # Bot processes started during the stretch count from zero.
            "bot_processes_cpu_pct": percent(children, self.children),
            "harness_cpu_pct": round(100 * (time.process_time() - self.mine) / wall, 1),
        }


def percentile(values: list[float], fraction: float) -> float:
    """Return the nearest-rank percentile of sorted values (fraction in (0, 1])."""
    if not values:
        return math.nan
    rank = max(1, math.ceil(fraction * len(values)))
    return values[min(rank, len(values)) - 1]


@dataclass
class Latencies:
    """Seconds from an ``act`` sent to the state of the new version received, and the misses."""

    values: list[float] = field(default_factory=list)
    timeouts: int = 0
    refused: dict[str, int] = field(default_factory=dict)

    def add(self, seconds: float) -> None:
        """Count one move."""
        self.values.append(seconds)

    def refuse(self, code: str) -> None:
        """Count a move the server refused (it never should be: the moves are legal)."""
        self.refused[code] = self.refused.get(code, 0) + 1

    def summary(self) -> dict[str, Any]:
        """Return count, p50, p95, p99 and max in milliseconds (None without a move)."""
        ordered = sorted(self.values)

        def ms(value: float) -> float | None:
            return None if math.isnan(value) else round(value * 1000, 1)

        return {
            "moves": len(ordered),
            "p50_ms": ms(percentile(ordered, 0.50)),
            "p95_ms": ms(percentile(ordered, 0.95)),
            "p99_ms": ms(percentile(ordered, 0.99)),
            "max_ms": ms(ordered[-1] if ordered else math.nan),
            "timeouts": self.timeouts,
            "refused": dict(self.refused),
        }


class LagMonitor:
    """How late this process's own event loop wakes up: when it is, the clients (not the
    server) are the bottleneck, and the latencies measured are worth less."""

    def __init__(self, every: float = 0.05) -> None:
        self.every = every
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start measuring."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.every)
            self.lags.append(max(0.0, loop.time() - before - self.every))

    def stop(self) -> dict[str, float | None]:
        """Stop measuring; return the p99 and max lag in milliseconds."""
        if self._task is not None:
            self._task.cancel()
        ordered = sorted(self.lags)
        p99 = percentile(ordered, 0.99)
        return {
            "harness_lag_p99_ms": None if math.isnan(p99) else round(p99 * 1000, 1),
            "harness_lag_max_ms": round(ordered[-1] * 1000, 1) if ordered else None,
        }


def raise_open_files() -> int:
    """Raise this process's limit of open files to its hard limit; return the new limit."""
    try:
        import resource
    except ImportError:  # not on this system
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        return wanted
    return soft


def machine() -> dict[str, Any]:
    """Return what the figures were measured on: cores, CPU, Python, load, date."""
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    load = os.getloadavg() if hasattr(os, "getloadavg") else (math.nan,) * 3
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "load_average": [round(x, 2) for x in load],
    }
