"""The load, fault and attack suite at a tiny size: each scenario runs and reports its figures.

Timings are never asserted (this machine may be busy); only that the suite measured something,
and what must hold whatever the load: no attack is accepted, nothing fuzzed changes a game.
"""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

import pytest

from meeples.commands.loadtest import SCENARIO_NAMES
from meeples.loadtest import SCENARIOS
from meeples.loadtest.harness import NotLoopback, Server, loopback, parse_url
from meeples.loadtest.scenarios import Options, Result, run_on

pytest.importorskip("httpx")

#: The sizes of each scenario. An attack bounded by a count (forwarded, fuzz) stops at that
#: count, its duration only bounds it; the others last their duration.
TINY: dict[str, dict[str, Any]] = {
    "load": {"games": 2},
    "spectators": {"count": 5},
    "nonreaders": {"count": 4},
    "hello-flood": {"count": 4},
    "bot-flood": {"count": 3, "level": "random"},
    "replay-loop": {"count": 1},
    "forwarded": {"count": 25, "duration": 30.0},
    "cross-seat": {"count": 14},
    "fuzz": {"count": 300, "http": 40, "duration": 30.0},
    "hint-flood": {"count": 1},
    "move-flood": {"count": 1, "duration": 3.0},
}


def run_all(folder: Path) -> tuple[dict[str, Result], list[str], bool]:
    """Run every scenario at once on one server (each from addresses of its own)."""

    async def scenario() -> tuple[dict[str, Result], list[str], bool]:
        server = Server(folder)
        target = await server.start()
        try:
            runs = [
                # 2 s of background play at 4 moves a second: even on a machine loaded ten times
                # over (the suite beside other jobs) each scenario sees moves; 0.6 s did not.
                run_on(target, name, Options(
                    **{"duration": 2.0, "rate": 4.0, "background": 2, "baseline": 0.2, **sizes}
                ))
                for name, sizes in TINY.items()
            ]
            done = await asyncio.wait_for(asyncio.gather(*runs), 90)
            alive = server.alive()
        finally:
            await server.stop()
        return dict(zip(TINY, done, strict=True)), server.log_problems(), alive

    return asyncio.run(scenario())


def number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not math.isnan(value)


def test_every_scenario_runs_at_a_tiny_size_and_reports_numbers(tmp_path: Path) -> None:
    results, problems, alive = run_all(tmp_path)
    assert set(results) == set(SCENARIOS) == set(SCENARIO_NAMES)
    assert alive and problems == []
    load = results["load"].figures
    assert load["moves"] > 0 and number(load["p99_ms"]) and load["refused"] == {}
    watched = results["spectators"].figures
    assert watched["moves"] > 0 and watched["states_per_spectator_min"] >= 1
    for name in TINY:
        figures = results[name].figures
        assert "attack_failed" not in figures, (name, figures)
        if name not in ("load", "spectators"):
            assert figures["background_moves"] > 0 and number(figures["background_p99_ms"])
            assert figures["background_refused"] == {}, name
    assert results["nonreaders"].figures["nonreaders"] == 4
    assert results["hello-flood"].figures["hellos_sent"] > 0
    assert results["bot-flood"].figures["bot_games_accepted"] == 3  # one from each address
    assert results["replay-loop"].figures["replays_served"] > 0
    forwarded = results["forwarded"].figures
    # The burst of one address (20), and one more every 2 seconds: the forged header changes
    # nothing.
    assert 20 <= forwarded["accepted"] <= forwarded["one_address_may"]
    assert forwarded["accepted"] + forwarded["refused_429"] == 25
    crossed = results["cross-seat"].figures
    assert crossed["attempts"] == 14 and crossed["accepted"] == 0
    assert crossed["victims_changed"] == 0
    fuzzed = results["fuzz"].figures
    assert fuzzed["ws_messages"] == 300 and fuzzed["http_requests"] == 40
    assert (fuzzed["state_changes"], fuzzed["server_failures"], fuzzed["http_5xx"]) == (0, 0, 0)
    assert results["move-flood"].figures["flood_moves"] > 0


def test_the_suite_refuses_every_address_but_loopback() -> None:
    assert loopback("127.0.0.1") == "127.0.0.1" and loopback("::1") == "::1"
    for host in ["10.0.0.1", "192.168.1.2", "8.8.8.8", "localhost", "example.com", ""]:
        with pytest.raises(NotLoopback):
            loopback(host)
    assert parse_url("http://127.0.0.1:8000").port == 8000
    for url in ["http://10.0.0.1:8000", "https://127.0.0.1:8000", "http://127.0.0.1:8000/x"]:
        with pytest.raises(NotLoopback):
            parse_url(url)


def test_fuzz_lasts_long_enough_to_send_every_message_at_its_pace() -> None:
    """At 1,000 a second, 100,000 messages and 12,000 requests cannot go in 30 seconds: the
    fuzz ran 30 s and sent 26,683; it now lasts until all are sent."""
    import random

    from meeples.loadtest.harness import Target
    from meeples.loadtest.scenarios import Context, Fuzz

    options = Options(count=100_000, http=12_000, pace=1000.0, duration=30.0)
    fuzz = Fuzz(Context(Target("127.0.0.1", 1), options, random.Random(1), 0.0))
    assert fuzz.seconds() >= 112.0
