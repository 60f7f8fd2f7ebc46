"""Browser fixtures: the server in a background thread, Debian's chromium through Playwright.

Every test here is skipped, with a message saying why, when ``/usr/bin/chromium`` is missing
(``apt-get install chromium``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: The server's fixed chance seed (meeples serve --chance-seed): each test's matches draw the same
#: chance run after run, so games against bots replay the same way.
CHANCE_SEED = "meeples browser tests"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(
                    pytest.mark.skip(
                        reason="browser tests need Debian's chromium at /usr/bin/chromium"
                        " (apt-get install chromium)"
                    )
                )


class Server:
    """The app on uvicorn in a background thread (stop it, start another on the same port)."""

    def __init__(self, db: Path, port: int) -> None:
        import uvicorn

        from meeples.server.app import create_app

        config = uvicorn.Config(
            create_app(str(db), bot_delay=0.05, chance_seed=CHANCE_SEED), host="127.0.0.1",
            port=port, log_level="warning",
        )
        self.url = f"http://127.0.0.1:{port}"
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.uvicorn.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(10)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start the app on a free port with a fresh database; yield its base URL."""
    running = Server(tmp_path_factory.mktemp("browser") / "meeples.db", free_port())
    yield running.url
    running.stop()


#: How long a browser may take to close before its processes are killed.
CLOSE_SECONDS = 30


def processes_with(switch: str) -> list[int]:
    """The ids of the processes whose command line holds ``switch``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if switch.encode() in words:
                found.append(int(entry.name))
    return found


def close_within(chromium: Any, switch: str, seconds: float = CLOSE_SECONDS) -> None:
    """Close the browser; if it has not closed after ``seconds`` (Chromium's own shutdown hangs
    now and then), kill its processes, found by the switch only this launch carries, so that
    ``close`` returns instead of holding the test worker for good."""

    def kill() -> None:
        for pid in processes_with(switch):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    watchdog = threading.Timer(seconds, kill)
    watchdog.start()
    try:
        chromium.close()
    finally:
        watchdog.cancel()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # A switch Chromium ignores, naming this launch's processes for close_within.
    switch = f"--meeples-test-launch={uuid.uuid4().hex}"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*ARGS, switch])
        yield chromium
        close_within(chromium, switch)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    # Playwright's wait_for_function evaluates text, which the app's Content-Security-Policy
    # forbids; test_csp.py checks the app itself under that policy.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    if request.node.stash.get(FAILED, False):
        shot(page, f"FAILED_{request.node.name}")
        _save_match(page, f"FAILED_{request.node.name}", errors)
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def shot(page: Any, name: str, full_page: bool = False) -> None:
    """Save a screenshot under test-artifacts/ (kept for people to look at)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def _save_match(page: Any, name: str, errors: list[str]) -> None:
    """Save, beside a failed test's screenshot, what the server holds of the match the page
    shows (``GET /api/matches/{id}``): whether the page or the server fell behind."""
    import json
    import re
    import urllib.request

    found = re.search(r"^(https?://[^/#]+)/#/m/([^?/#]+)", page.url)
    if found is None:
        return
    try:
        with urllib.request.urlopen(f"{found[1]}/api/matches/{found[2]}", timeout=5) as answer:
            held = json.load(answer)
    except OSError:
        return
    shown = page.evaluate("document.querySelector('.match')?.dataset.version ?? null")
    held["page_version"] = shown
    held["page_errors"] = errors
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(held, indent=1)[:200_000])
