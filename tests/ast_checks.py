"""What the source-reading tests share: the docstrings of a module, which they do not read as
code (the game-name check, each grammar's check that no module writes action texts)."""

from __future__ import annotations

import ast


def docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the docstring nodes of a module and its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found
