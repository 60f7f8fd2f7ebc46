"""The building cards a game plays with: the printed ones (``data.BUILDINGS``), or the ones a
quick-start setup changes for its whole game (``QuickStartSetup.exits`` and ``.leaves``).

Every rule, text and bot that reads a card's path or actions reads it here, with the state's
options, so that a changed card is the same card everywhere: the worker moves, the action a leaf
makes due, the words of a prompt, the board's path diagram and the bots' valuations.
"""

from __future__ import annotations

from meeples.games.meeple_war.data import BUILDINGS, QUICKSTART_SETUPS, Building

#: The cards each option set changes, by code (most games: none).
_CHANGED: dict[tuple[str, ...], dict[str, Building]] = {}


def changed_cards(options: tuple[str, ...]) -> dict[str, Building]:
    """Return the cards the setup named in ``options`` (a state's) changes, by code."""
    found = _CHANGED.get(options)
    if found is None:
        found = {}
        for setup in QUICKSTART_SETUPS.values():
            if not setup.flag or setup.flag not in options:
                continue
            for code, node, exits in setup.exits:
                b = found.get(code, BUILDINGS[code])
                found[code] = b._replace(path=_reachable({**b.path, node: exits}))
            for code, leaf, action in setup.leaves:
                b = found.get(code, BUILDINGS[code])
                found[code] = b._replace(leaves={**b.leaves, leaf: action})
        _CHANGED[options] = found
    return found


def _reachable(path: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Return a path without the nodes a changed way leaves out (no worker can stand on them)."""
    seen, todo = {"S"}, ["S"]
    while todo:
        for nxt in path.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return {node: exits for node, exits in path.items() if node in seen}


def card(code: str, options: tuple[str, ...] = ()) -> Building:
    """Return the card of a building as a game with these options plays it."""
    if options:
        changed = changed_cards(options)
        if changed:
            return changed.get(code) or BUILDINGS[code]
    return BUILDINGS[code]
