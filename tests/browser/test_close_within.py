"""The browser fixture's bounded close (conftest.close_within): Chromium's shutdown hangs now and
then, and a close that never returned held a test worker until CI's limit (90 minutes)."""

from __future__ import annotations

import os
import signal
import time
import uuid

from tests.browser.conftest import ARGS, CHROMIUM, close_within, processes_with


def test_a_browser_that_cannot_answer_close_is_killed_after_the_bound() -> None:
    from playwright.sync_api import sync_playwright

    switch = f"--meeples-test-launch={uuid.uuid4().hex}"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*ARGS, switch])
        chromium.new_page().goto("about:blank")
        frozen = processes_with(switch)
        try:
            for pid in frozen:  # a browser that cannot answer: every process of it stopped
                os.kill(pid, signal.SIGSTOP)
            started = time.monotonic()
            close_within(chromium, switch, seconds=2)
            took = time.monotonic() - started
        finally:
            for pid in processes_with(switch):
                os.kill(pid, signal.SIGKILL)
    assert frozen and 2 <= took < 20
    assert processes_with(switch) == []
