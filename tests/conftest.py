"""Shared fixtures: the registry's games, for the conformance suite; the toy game with private
information, registered for the tests that ask for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from meeples.core.game import Game


@pytest.fixture
def with_hidden_cards() -> Iterator[Game[Any, Any]]:
    """The toy game with private information (tests/hidden_cards.py), registered for one test."""
    from tests.hidden_cards import registered

    with registered() as game:
        yield game


@pytest.fixture(autouse=True)
def _collector_of_the_test_process_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meeples serve`` freezes the garbage collector's heap and raises its threshold for the
    rest of its process: run in a test, it did so for every later test of that pytest worker
    (one whole run broke there: "I/O operation on closed file", then every test of the worker).
    Tests of that step put it back (``tests/server/test_collector.py``)."""
    from meeples.commands import serve

    monkeypatch.setattr(serve, "quiet_collector", lambda: None)


#: Tests that ran past pytest-timeout's limit (pyproject.toml), kept for the summary: a hang fails
#: the test with every thread's stack in its captured output, and the test runs once more. A rerun
#: that passes would hide the stacks; the summary prints them, so that a hang is seen and mended.
_TIMED_OUT: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome in ("rerun", "failed") and "from pytest-timeout" in report.longreprtext:
        _TIMED_OUT.append(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for report in _TIMED_OUT:
        terminalreporter.write_sep("+", f"timed out ({report.when}): {report.nodeid}")
        for _, text in report.sections:  # pytest-timeout prints the stacks to the captured output
            terminalreporter.write_line(text[-20000:])
        terminalreporter.write_line(report.longreprtext[-4000:])
