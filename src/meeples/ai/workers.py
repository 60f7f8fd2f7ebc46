"""The pool of worker processes of the long runs (arena, balance, self-play) that leaves Ctrl-C
to the main process, so that a stopped run prints no worker's traceback and keeps what it
played.
"""

from __future__ import annotations

import signal
import threading
from multiprocessing import get_context
from multiprocessing.pool import Pool


def workers(jobs: int) -> Pool:
    """Return a pool of ``jobs`` spawned worker processes that leave Ctrl-C to this one.

    They are started with SIGINT ignored, which they inherit (an ignored signal survives
    ``exec``), so that a Ctrl-C reaching the process group while one is still starting neither
    kills it half way (a worker's traceback, and the pool's teardown waiting for it) nor breaks
    off this process between starting a worker and handing it its task. A Ctrl-C in those few
    milliseconds is not seen: the next one stops the run.
    """
    context = get_context("spawn")
    if threading.current_thread() is not threading.main_thread():  # no signals there
        return context.Pool(jobs, initializer=_leave_ctrl_c)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(jobs, initializer=_leave_ctrl_c)
    finally:
        signal.signal(signal.SIGINT, previous)


def _leave_ctrl_c() -> None:
    """Start a worker process: a Ctrl-C (which reaches the whole process group) is the main
    process's to handle; it stops the pool, keeping the games played."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
