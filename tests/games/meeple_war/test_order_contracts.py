"""The order contracts of Meeple War's position text and chance outcomes (docs/notation.md,
"Order contracts"): what each tile number names, and the numbering of directions. Pinned as rules
version 1 reads them; docs/notation.md must say the same. A test failing here means a change of
rules version (``RULES.rules_version``), not a new list."""

from __future__ import annotations

import re
from pathlib import Path

from meeples.games.meeple_war import RULES, data

DOC = re.sub(r"\s+", " ", (Path(__file__).resolve().parents[3] / "docs" / "notation.md")
             .read_text(encoding="utf-8"))

#: Each tile by number (T01 first): kind, bonus, VP, forest sides (in its own frame).
TILES = (
    ("stone_tower", "", 2, ()), *[("wooden_tower", "", 1, ())] * 5, *[("mine", "", 0, ())] * 3,
    *[("blank", "", 0, ())] * 6, ("blank", "", 0, (0,)), *[("blank", "", 0, (0, 1))] * 2,
    ("blank", "", 0, (0, 3)), ("blank", "", 0, (0, 1, 2)), ("blank", "", 0, (0, 2, 4)),
    ("shields_forge", "shd", 0, ()), ("weapons_forge", "wpn", 0, ()),
    *[("workshop", "asm", 0, ())] * 4, *[("village", "dep", 0, ())] * 3,
    *[("druid_hut", "nat", 0, ())] * 2, *[("cavern", "", 0, ())] * 2, *[("altar", "", 0, ())] * 2,
)
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def tiles_line() -> str:
    """Return the tile table as docs/notation.md writes it (runs of identical tiles joined)."""
    runs: list[list[int]] = []
    for n, tile in enumerate(data.TILES, start=1):
        key = (tile.kind, tile.bonus, tile.vp, tile.forest)
        if runs and key == _key(runs[-1][0]):
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = []
    for run in runs:
        kind, bonus, vp, forest = _key(run[0])
        name = f"T{run[0]:02d}" + (f"-T{run[-1]:02d}" if len(run) > 1 else "")
        words = f"{name} {kind}" + (f" ({bonus})" if bonus else "")
        words += f" ({vp} VP)" if vp else ""
        words += ", forest " + " ".join(map(str, forest)) if forest else ""
        parts.append(words)
    return "Tiles: " + "; ".join(parts) + "."


def _key(n: int) -> tuple[str, str, int, tuple[int, ...]]:
    tile = data.TILES[n - 1]
    return tile.kind, tile.bonus, tile.vp, tile.forest


def test_order_contracts_belong_to_rules_version_1() -> None:
    assert RULES.rules_version == 1


def test_tile_numbers_name_the_same_tiles() -> None:
    assert [t.id for t in data.TILES] == [f"T{n:02d}" for n in range(1, 37)]
    assert [(t.kind, t.bonus, t.vp, t.forest) for t in data.TILES] == list(TILES)


def test_direction_numbers_are_unchanged() -> None:
    assert data.DIRECTIONS == DIRECTIONS


def test_notation_doc_states_the_tiles_and_directions() -> None:
    assert tiles_line() in DOC
    names = ("E", "NE", "NW", "W", "SW", "SE")
    assert ", ".join(f"{i} {name} ({q},{r})" for i, (name, (q, r))
                     in enumerate(zip(names, DIRECTIONS, strict=True))) in DOC
