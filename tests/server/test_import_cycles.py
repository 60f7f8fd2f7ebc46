"""The server's modules import one another without a cycle (issue 26, point 6).

A cycle (``room`` importing ``lifecycle`` importing ``room``) makes the import order matter and
ties the concerns of both modules together. Read here are the imports a module runs when it is
loaded: those at its top level (within ``if``, ``try`` and ``with``), not those under
``TYPE_CHECKING`` (types only) nor inside a function (run when called, after every module is
loaded).
"""

from __future__ import annotations

import ast
from pathlib import Path

import meeples.server

PACKAGE = "meeples.server"


def modules() -> dict[str, Path]:
    """Return the server's modules, by dotted name."""
    root = Path(meeples.server.__file__).parent
    found = {PACKAGE: root / "__init__.py"}
    for path in root.glob("*.py"):
        if path.stem != "__init__":
            found[f"{PACKAGE}.{path.stem}"] = path
    return found


def imported(path: Path, known: dict[str, Path]) -> set[str]:
    """Return the server's modules that a module imports when it is loaded."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                walk(node.orelse)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    found.add(submodule if submodule in known else node.module)
            elif isinstance(node, ast.If | ast.Try | ast.With):
                for part in ("body", "orelse", "finalbody"):
                    walk(getattr(node, part, []))
                for handler in getattr(node, "handlers", []):
                    walk(handler.body)

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return found & set(known)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the cycles of a graph: its strongly connected parts of more than one node, and
    the nodes that reach themselves (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = [stack.pop()]
            while part[-1] != node:
                part.append(stack.pop())
            if len(part) > 1 or node in graph[node]:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle_of_two_modules() -> None:
    graph = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert cycles(graph) == [["a", "b"]]


def test_the_server_package_has_no_import_cycle() -> None:
    known = modules()
    graph = {name: imported(path, known) for name, path in known.items()}
    assert cycles(graph) == []
