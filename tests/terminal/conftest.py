"""Scripted terminals: a console writing to a string and an input that replays typed lines."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

import pytest
from rich.console import Console


class Script:
    """Typed lines, answered one per prompt; EOFError (Ctrl-D) once they run out."""

    def __init__(self, lines: Iterable[str | Callable[[], str]]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        return line() if callable(line) else line


class Screen:
    """A console that records everything printed, without colours."""

    def __init__(self) -> None:
        self.buffer = io.StringIO()
        self.console = Console(file=self.buffer, width=100, color_system=None, highlight=False)

    @property
    def text(self) -> str:
        """Everything printed so far."""
        return self.buffer.getvalue()


@pytest.fixture
def screen() -> Screen:
    """A fresh recording console."""
    return Screen()
