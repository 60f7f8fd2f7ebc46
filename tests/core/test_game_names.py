"""Generic code names no game (issue 26, point 2): what a game offers a tool, the tool reads
from the game's declared capabilities (``Rules.capabilities``, ``EnvSpec``), never by its name.

Read here is the code of every module of ``meeples`` outside ``meeples.games``, except a game's
own satellites: a module named after a game (``env/sparta.py``, ``terminal/meeple_war_map.py``,
``env/rise_of_tribes_image.py``), which the game's capabilities load. A module names a game when
a string of its code (docstrings and comments are prose, not read) holds a game's name as a
word, or when it imports a game's modules. The few that still may are listed below, each with
the reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import meeples
from meeples.core.registry import game_names
from tests.ast_checks import docstrings

#: The games of ``meeples.games`` (a test's registered toy game is not one of ours).
OURS = sorted(
    name for name in game_names()
    if (Path(meeples.__file__).parent / "games" / name).is_dir()
)

#: Generic modules that may still name a game, and why.
ALLOWED = {
    "meeples/commands/__init__.py": "DEFAULT_GAME: the command line's default game, named once",
    "meeples/loadtest/players.py": (
        "GAME: the game the load test plays, named once (its positions and moves are that"
        " game's: WIN_IN_ONE, WINNING_MOVE)"),
}


def is_satellite(path: Path) -> bool:
    """Return whether a module is one game's own (named after the game)."""
    return any(path.stem == name or path.stem.startswith(f"{name}_") for name in OURS)


def generic_modules() -> list[Path]:
    """Return the modules of meeples outside meeples.games, the games' satellites left out."""
    root = Path(meeples.__file__).parent
    return sorted(
        path for path in root.rglob("*.py")
        if "games" not in path.relative_to(root).parts[:1] and not is_satellite(path)
    )


def namings(source: str, names: list[str]) -> list[str]:
    """Return where a module's code names one of the games: the strings and imports."""
    word = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    tree = ast.parse(source)
    prose = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in prose and word.search(node.value):
                found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for module in modules:
                if any(part == name or part.startswith(f"{name}_")
                       for part in module.split(".") for name in names):
                    found.append(f"line {node.lineno}: imports {module}")
                    break
    return found


def test_the_finder_sees_a_game_named_in_a_string_and_in_an_import() -> None:
    source = '"""Prose: sparta."""\nimport meeples.games.sparta.rules\nx = "sparta"\n'
    assert namings(source, ["sparta"]) == [
        "line 2: imports meeples.games.sparta.rules", "line 3: 'sparta'"]


def test_no_generic_module_names_a_game() -> None:
    root = Path(meeples.__file__).parent.parent
    named = {
        str(path.relative_to(root)): found
        for path in generic_modules()
        if (found := namings(path.read_text(encoding="utf-8"), OURS))
    }
    assert {path: found for path, found in named.items() if path not in ALLOWED} == {}
