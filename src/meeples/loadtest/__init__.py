"""The load, fault and attack suite: a real ``meeples serve`` on 127.0.0.1, driven by clients.

Each scenario starts ``meeples serve`` in a subprocess (a fresh SQLite file in a temporary
folder, ``--bot-delay 0``), or uses a server already running on a loopback address, drives it
with asyncio WebSocket and HTTP clients and measures the latency of a move: from sending an
``act`` to receiving the state with the new version (p50, p95, p99, max).

- ``load``: N live Sparta games, both seats held by clients playing random legal moves at a
  given rate per game;
- ``spectators``: one game with two players and N spectator sockets;
- attacks, each measured as the latency of background games (a dozen by default) played while
  the attack runs, beside the same games measured just before it: ``nonreaders``,
  ``hello-flood``, ``bot-flood``, ``replay-loop``, ``forwarded``, ``cross-seat``, ``fuzz``,
  ``hint-flood``, ``move-flood``.

Everything stays on the machine: the server listens on 127.0.0.1 and the clients connect to it
from loopback addresses only (127.1.x.y, so that they count as many addresses for the server's
per-address limits, as real players would); any other address is refused. Every loop is bounded
in count and in time, and stops by itself.

``meeples loadtest SCENARIO`` runs one from the command line (see ``docs/reliability.md``).
"""

from __future__ import annotations

from meeples.loadtest.scenarios import SCENARIOS, Result, run_scenario

__all__ = ["SCENARIOS", "Result", "run_scenario"]
