"""Reading and writing the files people name: regular files only, through symlinks, bounded.

Files are precious. A save never replaces what a path holds unless it is a regular file: a
symlink is followed, so the link stays and its target gets the new text; a folder, a device, a
FIFO or a socket is refused before anything is written (renaming a file over ``/dev/null`` as
root turns the device into a file). A save is atomic: the text goes to a file beside the target,
then is renamed over it, so a crash never leaves half a file.

A read opens only a regular file of bounded size: the type is checked before opening (a FIFO
would block until a writer comes, a character device such as ``/dev/zero`` never ends), the file
is opened without blocking and checked again on the open descriptor (the path may have changed
in between), and no more than the bound is read.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from meeples.core.errors import BadFile

#: Input files larger than this are refused before they are read (a match of thousands of
#: actions is well under a megabyte; ``/dev/zero`` never ends).
MAX_INPUT_BYTES = 16 * 1024 * 1024

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def shorten(text: str, most: int = 100) -> str:
    """Return ``text`` cut in its middle to ``most`` characters for a message (a path keeps its
    file name; position texts are long)."""
    if len(text) <= most:
        return text
    head = (most - 3) // 2
    return text[:head] + "..." + text[len(text) - (most - 3 - head):]


def kind_of(mode: int) -> str | None:
    """Return what a file mode names when it is not a regular file ("a folder", "a FIFO
    (named pipe)"...), None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def write_target(path: str | Path) -> Path:
    """Return the path a save to ``path`` writes: symlinks followed to their target, which must
    be a regular file or not exist yet, in an existing folder.

    Raises:
        BadFile: the target is a folder, device, FIFO or socket, its folder is missing, or the
            path cannot be looked at (a loop of symlinks, a name too long).
    """
    shown = shorten(str(path))
    if not str(path) or "\0" in str(path):
        raise BadFile("an empty text names no file" if not shown else f"{shown!r} names no file")
    real = Path(os.path.realpath(path))
    try:
        found = os.stat(real)
    except FileNotFoundError:
        found = None
    except OSError as error:
        raise BadFile(f"cannot write {shown}: {_reason(error)}") from None
    if found is not None:
        kind = kind_of(found.st_mode)
        if kind is not None:
            via = "" if str(real) == os.path.abspath(path) else (
                f" (through a link, {shorten(str(real))})")
            raise BadFile(f"{shown} is {kind}{via}, not a regular file")
        return real
    if not real.parent.is_dir():
        raise BadFile(f"cannot write {shown}: the folder {shorten(str(real.parent))} does not "
                      "exist")
    return real


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to a regular file, through symlinks, atomically.

    Raises:
        BadFile: what :func:`write_target` refuses, or the write failed (a full disk, a folder
            that cannot be written); the target is then unchanged.
    """
    real = write_target(path)
    try:
        mode = stat.S_IMODE(os.stat(real).st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise BadFile(f"cannot write {shorten(str(path))}: {_reason(error)}") from None
    partial = real.with_name(f".{real.name}.{secrets.token_hex(4)}.tmp")
    try:
        # A new file gets the usual permissions (0o666 less the umask); a replaced one keeps its
        # own, which the rename would otherwise lose.
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                fd = -1
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
        finally:
            if fd >= 0:
                os.close(fd)
        # The target may have become something else while the text was written.
        write_target(real)
        os.replace(partial, real)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise BadFile(f"cannot write {shorten(str(path))}: {_reason(error)}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def read_bytes(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """Return the content of a regular file of at most ``limit`` bytes (symlinks followed).

    Raises:
        BadFile: missing, not a regular file, larger than ``limit``, or unreadable.
    """
    shown = shorten(str(path))
    if not str(path) or "\0" in str(path):
        raise BadFile("an empty text names no file" if not shown else f"{shown!r} names no file")
    try:
        _check_readable(shown, os.stat(path), limit)
        flags = os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise BadFile(f"cannot read {shown}: no such file") from None
    except OSError as error:
        raise BadFile(f"cannot read {shown}: {_reason(error)}") from None
    try:
        _check_readable(shown, os.fstat(fd), limit)  # the file opened is the one checked
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise BadFile(f"cannot read {shown}: {_reason(error)}") from None
    finally:
        os.close(fd)
    if size > limit:  # it grew since it was looked at
        raise BadFile(f"{shown} is too large (more than {limit} bytes)")
    return b"".join(chunks)


def _check_readable(shown: str, found: os.stat_result, limit: int) -> None:
    """Refuse a file that is not regular or is too large, from its ``stat``."""
    kind = kind_of(found.st_mode)
    if kind is not None:
        raise BadFile(f"{shown} is {kind}, not a regular file")
    if found.st_size > limit:
        raise BadFile(f"{shown} is too large ({found.st_size} bytes; at most {limit})")


def read_text(path: str | Path, limit: int = MAX_INPUT_BYTES) -> str:
    """Return the UTF-8 text of a regular file of at most ``limit`` bytes.

    Raises:
        BadFile: as :func:`read_bytes`, or the file is not UTF-8 text.
    """
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadFile(f"{shorten(str(path))} is not a text file (not UTF-8: {error.reason})"
                      ) from None
