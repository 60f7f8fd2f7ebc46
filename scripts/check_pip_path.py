"""Check the README's pip path as a new user takes it: build the wheel, install it without extras
into a fresh virtual environment (no system site packages), then run ``meeples --version``,
start ``meeples serve`` and fetch the lobby page, and play a few moves of ``meeples play``
through standard input.

The suite runs in the ``dev`` environment, where every extra is installed, so it never sees a
module of an extra imported where a plain install lacks it (``meeples serve`` once crashed on
``import redis``). This script does, in bounded time: each step has its own limit, and any
failure prints what the step printed and exits with status 1.

    python3 scripts/check_pip_path.py            # from the checkout (make pip-path, .ci/run)
    python3 scripts/check_pip_path.py --source DIR --keep
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the wheel is built from (the rest of the checkout is not needed, and is not touched:
#: setuptools writes build/ and *.egg-info beside the sources it builds).
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "src")
#: Seconds each step may take (the installs download from the package index).
BUILD, INSTALL, COMMAND, SERVE = 300, 300, 60, 60
#: Typed at the prompt: two moves, the list of legal actions, a save, then quit.
MOVES = "b2-b4\nc9-c7\nmoves\nsave {path}\nquit\n"


class Failed(Exception):
    """A step of the pip path failed."""


def step(what: str, command: list[str], seconds: float, **options: object) -> str:
    """Run one step; return its output.

    Raises:
        Failed: the step exited with another status than 0, or ran past its time.
    """
    print(f"-- {what}: {' '.join(command)}", flush=True)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds,
                              **options)  # type: ignore[call-overload]
    except subprocess.TimeoutExpired as error:
        raise Failed(f"{what}: still running after {seconds} s\n{error.stdout or ''}"
                     f"{error.stderr or ''}") from None
    output = f"{done.stdout}{done.stderr}"
    if done.returncode != 0 or "Traceback" in output:
        raise Failed(f"{what}: exit status {done.returncode}\n{output}")
    return str(done.stdout)


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build(source: Path, work: Path) -> Path:
    """Build the wheel from a copy of the sources; return its path."""
    copy = work / "source"
    copy.mkdir()
    for name in SOURCES:
        found = source / name
        if found.is_dir():
            shutil.copytree(found, copy / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(found, copy / name)
    dist = work / "dist"
    step("build the wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                             str(dist), str(copy)], BUILD)
    wheels = list(dist.glob("meeples-*.whl"))
    if len(wheels) != 1:
        raise Failed(f"build the wheel: expected one meeples wheel, found {wheels}")
    return wheels[0]


def install(wheel: Path, work: Path) -> Path:
    """Install the wheel, without extras, into a fresh virtual environment; return its bin."""
    venv = work / "venv"
    step("create a fresh venv", [sys.executable, "-m", "venv", str(venv)], INSTALL)
    bin_dir = venv / "bin"
    step("install the wheel without extras",
         [str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], INSTALL)
    return bin_dir


def serve(bin_dir: Path, work: Path, env: dict[str, str]) -> None:
    """Start meeples serve and fetch the lobby page; stop the server."""
    port = free_port()
    command = [str(bin_dir / "meeples"), "serve", "--port", str(port), "--db",
               str(work / "meeples.db")]
    print(f"-- serve and fetch the lobby: {' '.join(command)}", flush=True)
    log = (work / "serve.log").open("w+")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=work, env=env)
    try:
        deadline = time.monotonic() + SERVE
        page = ""
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    page = answer.read().decode("utf-8", "replace")
                    break
            except OSError:
                time.sleep(0.3)
        if "<html" not in page.lower():
            log.seek(0)
            raise Failed(f"serve: no lobby page at port {port} (exit status {server.poll()})\n"
                         f"{log.read()}")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def check(source: Path, work: Path) -> None:
    """Take the whole pip path in ``work``.

    Raises:
        Failed: a step failed.
    """
    wheel = build(source, work)
    bin_dir = install(wheel, work)
    # Nothing of the checkout or of another environment may be imported.
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV") and not k.startswith("MEEPLES_")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    version = step("meeples --version", [str(bin_dir / "meeples"), "--version"], COMMAND,
                   cwd=work, env=env)
    if not version.startswith("meeples "):
        raise Failed(f"meeples --version printed {version!r}")
    serve(bin_dir, work, env)
    saved = work / "match.json"
    played = step("play through stdin", [str(bin_dir / "meeples"), "play", "sparta", "--seed",
                                         "1"], COMMAND, cwd=work, env=env,
                  input=MOVES.format(path=saved))
    if "South played b2-b4" not in played or "North played c9-c7" not in played:
        raise Failed(f"play: the moves were not played\n{played}")
    step("replay the saved match", [str(bin_dir / "meeples"), "replay", str(saved), "--final"],
         COMMAND, cwd=work, env=env)


def main() -> int:
    """Check the pip path; return 0 when every step passed, 1 otherwise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to build")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="meeples-pip-path-"))
    started = time.monotonic()
    try:
        check(args.source.resolve(), work)
    except Failed as failure:
        print(f"pip path FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"pip path passed in {time.monotonic() - started:.0f} s: wheel built, installed "
          "without extras, --version, serve and the lobby, play through stdin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
