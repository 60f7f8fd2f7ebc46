"""The console the commands print with: rich on a terminal, and in a pipe or a file the same
text without the spaces rich pads each line with (table cells, the columns beside a board),
which only add noise to a log and to ``diff``.
"""

from __future__ import annotations

import sys
from typing import IO, Any

from rich.console import Console


class TrimmedFile:
    """A text stream that drops the spaces ending each line before passing the text on.

    Spaces at the end of what is written are held until the next write says whether a line
    ends there (then they go) or text follows (then they stay); ``flush`` writes them, so the
    space after a prompt (``South> ``) reaches the reader before the input is read.
    """

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        self.pending = ""

    def write(self, text: str) -> int:
        """Write ``text``, each line's trailing spaces dropped; return its length."""
        *lines, last = (self.pending + text).split("\n")
        kept = last.rstrip(" ")
        self.pending = last[len(kept):]
        self.file.write("".join(line.rstrip(" ") + "\n" for line in lines) + kept)
        return len(text)

    def flush(self) -> None:
        """Write the spaces held (a prompt's) and flush the stream."""
        if self.pending:
            self.file.write(self.pending)
            self.pending = ""
        self.file.flush()

    def isatty(self) -> bool:
        """Never a terminal: only pipes and files are trimmed."""
        return False

    def fileno(self) -> int:
        """Return the stream's file descriptor."""
        return self.file.fileno()

    @property
    def encoding(self) -> str:
        """The stream's encoding (rich asks, to choose its characters)."""
        return getattr(self.file, "encoding", None) or "utf-8"


def console(**options: Any) -> Console:
    """Return a rich console on standard output; in a pipe or a file, one whose lines end
    without the padding spaces."""
    if sys.stdout.isatty():
        return Console(**options)
    return Console(file=TrimmedFile(sys.stdout), **options)  # type: ignore[arg-type]
