"""Files are precious (issue 28): a save writes through a symlink to its target and never over
anything but a regular file; a read opens only a regular file, without blocking, and reads no
more than its bound. Everything here happens in a temporary folder (nothing under /dev is
touched: a device's refusal is checked from its mode)."""

from __future__ import annotations

import os
import socket
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.core import files
from meeples.core.errors import BadFile, CorruptRecord
from meeples.core.record import Match

RECORD = meeples.load("sparta").new(seed=3).play("b2-b4").record()


def finishes(call: Callable[[], Any], seconds: float = 10.0) -> BaseException | None:
    """Run ``call`` in a thread; return what it raised (None), failing if it blocks."""
    raised: list[BaseException | None] = [None]

    def target() -> None:
        try:
            call()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            raised[0] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked (a FIFO opened for reading or writing)"
    return raised[0]


def test_save_through_a_symlink_keeps_the_link_and_writes_its_target(tmp_path: Path) -> None:
    target = tmp_path / "kept.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    RECORD.save(link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert Match.load(target) == RECORD


def test_save_through_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "new.json")
    RECORD.save(link)
    assert link.is_symlink() and Match.load(tmp_path / "new.json") == RECORD


def test_save_refuses_a_fifo_without_blocking_and_leaves_it_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    raised = finishes(lambda: RECORD.save(fifo))
    assert isinstance(raised, BadFile) and "FIFO" in str(raised)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary file left


def test_save_refuses_a_symlink_to_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    raised = finishes(lambda: RECORD.save(link))
    assert isinstance(raised, BadFile) and "through a link" in str(raised)
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(link).st_mode)


def test_save_refuses_a_folder_and_a_socket(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(BadFile, match="is a folder"):
        RECORD.save(folder)
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        with pytest.raises(BadFile, match="is a socket"):
            RECORD.save(path)
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "match.json"
    target.write_text("old")
    target.chmod(0o640)
    RECORD.save(target)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640


def test_save_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadFile, match="does not exist"):
        RECORD.save(tmp_path / "nowhere" / "match.json")


def test_device_modes_are_not_regular_files() -> None:
    assert files.kind_of(stat.S_IFCHR | 0o666) == "a character device"
    assert files.kind_of(stat.S_IFBLK | 0o660) == "a block device"
    assert files.kind_of(stat.S_IFREG | 0o644) is None


def test_load_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    raised = finishes(lambda: Match.load(fifo))
    assert isinstance(raised, CorruptRecord) and "FIFO" in str(raised)


def test_load_refuses_a_folder(tmp_path: Path) -> None:
    with pytest.raises(CorruptRecord, match="is a folder"):
        Match.load(tmp_path)


def test_read_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 101)
    with pytest.raises(BadFile, match="too large"):
        files.read_bytes(path, limit=100)
    assert files.read_bytes(path, limit=101) == b"x" * 101


def test_load_refuses_a_file_over_the_bound_before_reading(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(files.MAX_INPUT_BYTES + 1)  # sparse: no disk used
    with pytest.raises(CorruptRecord, match="too large"):
        Match.load(huge)
