"""``save FILE`` and ``load FILE`` at the prompt (issue 28): a save writes through a symlink and
refuses anything but a regular file; a load never opens a FIFO or a device (it hung, or read
``/dev/zero`` until memory ran out). Only files made in a temporary folder are used."""

from __future__ import annotations

import os
import random
import stat
import threading
from pathlib import Path

import meeples
from meeples.core.record import Match
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SPARTA = meeples.load("sparta")


def said(screen: Screen) -> str:
    """Return what was printed, lines joined (the console wraps long paths)."""
    return " ".join(screen.text.split())


def run_session(screen: Screen, *lines: str) -> Session:
    """Play a scripted two-human Sparta session in a thread that must not block."""
    state = SPARTA.new(seed=3)
    session = Session(state, make_seats(["human", "human"], state.game),
                      console=screen.console, ask=Script(lines), rng=random.Random(1))
    thread = threading.Thread(target=session.run, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), "the session blocked"
    return session


def test_save_at_the_prompt_writes_through_a_symlink(screen: Screen, tmp_path: Path) -> None:
    target = tmp_path / "kept.json"
    link = tmp_path / "match.json"
    link.symlink_to(target)
    run_session(screen, "b2-b4", f"save {link}", "quit")
    assert link.is_symlink() and Match.load(target).actions == ("b2-b4",)


def test_save_at_the_prompt_refuses_a_fifo(screen: Screen, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    run_session(screen, "b2-b4", f"save {fifo}", "quit")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert "is a FIFO (named pipe), not a regular file (nothing saved)" in said(screen)


def test_load_at_the_prompt_refuses_a_fifo_without_blocking(
    screen: Screen, tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    session = run_session(screen, "b2-b4", f"load {fifo}", "quit")
    assert "is a FIFO (named pipe), not a regular file (nothing changed)" in said(screen)
    assert session.state.history == ("b2-b4",)


def test_load_at_the_prompt_refuses_a_folder(screen: Screen, tmp_path: Path) -> None:
    run_session(screen, f"load {tmp_path}", "quit")
    assert "is a folder, not a regular file (nothing changed)" in said(screen)
