"""Pure geometry of an Alpaca table: matching, closed figures, chains (their
points are in ``scoring``).

Two table formats are used:

* **internal**: ``dict[(x, y), code]`` with ``code = tile * 4 + rotation``
  (see ``state``); the functions with a leading underscore take this one.
* **plain data** (for ``chains``, ``closed_figures`` and ``scoring.score``):
  ``{(x, y): (major, minor1, minor2, rotation)}`` with colour names
  (``"red"``, ``"yellow"``, ``"green"``, ``"blue"``, ``"purple"``) and
  rotation 0..3 as defined in ``state``; x grows east, y grows north.

Connection rule: two triangles are connected when they lie on either side of
a shared tile edge and have the same colour.  Inside one tile no two
triangles share a colour, so the major triangle (two edges) links at most two
neighbours and a minor (one edge) at most one: every chain is a path or a
simple loop, and a loop is counted once, by its number of triangles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .state import (
    ANYTHING,
    AROUND_POINT,
    COLOURS,
    EDGES,
    MAJOR,
    MAJOR_CORNER,
    OPPOSITE,
    SLOT_NAMES,
    SLOTS,
    STEPS,
    TILE_IDS,
    TILES,
    AlpacaState,
    Cell,
    Figure,
)

_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}


def internal_table(table: Mapping[Cell, tuple[Any, ...]]) -> dict[Cell, int]:
    """Convert a plain-data table to the internal one.

    :raises ValueError: unknown colour, a tile with a repeated colour, or a
        rotation outside 0..3.
    """
    result: dict[Cell, int] = {}
    for cell, (major, m1, m2, rot) in table.items():
        try:
            colours = tuple(c if isinstance(c, int) else _COLOUR_INDEX[c] for c in (major, m1, m2))
        except KeyError as error:
            raise ValueError(f"unknown colour {error.args[0]!r} at {cell}") from None
        if colours not in TILE_IDS:
            raise ValueError(f"no Alpaca tile has colours {(major, m1, m2)} (at {cell})")
        if rot not in (0, 1, 2, 3):
            raise ValueError(f"rotation must be 0..3, not {rot!r} (at {cell})")
        result[(int(cell[0]), int(cell[1]))] = TILE_IDS[colours] * 4 + rot
    return result


# -------------------------------------------------------------- matching
def need_mask(table: Mapping[Cell, int], cell: Cell) -> int:
    """Bits ``5 * side + colour`` of the tile edges facing empty ``cell``."""
    if not table:
        return ANYTHING
    x, y = cell
    mask = 0
    for d, (dx, dy) in enumerate(STEPS):
        code = table.get((x + dx, y + dy))
        if code is not None:
            mask |= 1 << (5 * d + EDGES[code][OPPOSITE[d]])
    return mask


def frontier_of(table: Mapping[Cell, int]) -> dict[Cell, int]:
    """Every empty cell next to the table with its need-mask (``(0, 0)``
    needing nothing when the table is empty)."""
    if not table:
        return {(0, 0): ANYTHING}
    cells = {(x + dx, y + dy) for x, y in table for dx, dy in STEPS if (x + dx, y + dy) not in table}
    return {cell: need_mask(table, cell) for cell in sorted(cells)}


# ------------------------------------------------------------ closed figures
def _square_at(table: Mapping[Cell, int], point: Cell) -> Figure | None:
    """The four-major square around grid ``point``, if all four majors share
    one colour there."""
    colour = -1
    cells = []
    for dx, dy, rot in AROUND_POINT:
        cell = (point[0] + dx, point[1] + dy)
        code = table.get(cell)
        if code is None or code & 3 != rot:
            return None
        major = (code >> 2) // 12
        if colour not in (-1, major):
            return None
        colour = major
        cells.append(cell)
    return tuple(sorted(cells))


def _figures_with(table: Mapping[Cell, int], cell: Cell) -> list[Figure]:
    """Closed figures that include the tile at ``cell``: minor pairs across
    its minor edges, then the major square at its major corner."""
    code = table[cell]
    edges, slots = EDGES[code], SLOTS[code & 3]
    x, y = cell
    found: list[Figure] = []
    for d, (dx, dy) in enumerate(STEPS):
        if slots[d] == MAJOR:
            continue
        other = (x + dx, y + dy)
        ocode = table.get(other)
        if ocode is None:
            continue
        back = OPPOSITE[d]
        if SLOTS[ocode & 3][back] != MAJOR and EDGES[ocode][back] == edges[d]:
            found.append(tuple(sorted((cell, other))))
    cx, cy = MAJOR_CORNER[code & 3]
    square = _square_at(table, (x + cx, y + cy))
    if square is not None:
        found.append(square)
    return found


def figure_intact(table: Mapping[Cell, int], figure: Figure, colour: int) -> bool:
    """Whether ``figure`` is still a closed figure of ``colour`` (the one it
    was closed in) on ``table``."""
    if figure[0] not in table or figure not in _figures_with(table, figure[0]):
        return False
    return figure_colour(table, figure) == colour


def pending_intact(state: AlpacaState, figure: Figure) -> bool:
    """Whether the pending ``figure`` is still the figure its placement
    closed: the same cells, closed, in the same colour."""
    return figure_intact(state.table, figure, state.pending_colours[state.pending.index(figure)])


def closed_colours(table: Mapping[Cell, int], figures: Iterable[Figure]) -> tuple[int, ...]:
    """The colour of each of ``figures``, closed on ``table``."""
    return tuple(figure_colour(table, figure) for figure in figures)


def _all_figures(table: Mapping[Cell, int]) -> list[Figure]:
    seen: set[Figure] = set()
    result = []
    for cell in sorted(table):
        for figure in _figures_with(table, cell):
            if figure not in seen:
                seen.add(figure)
                result.append(figure)
    return sorted(result, key=lambda f: (len(f), f))


def figure_colour(table: Mapping[Cell, int], figure: Figure) -> int:
    """The colour of a closed figure."""
    if len(figure) == 4:
        return (table[figure[0]] >> 2) // 12
    a, b = figure
    for d, step in enumerate(STEPS):
        if (a[0] + step[0], a[1] + step[1]) == b:
            return EDGES[table[a]][d]
    raise ValueError(f"{figure} is not a pair of neighbours")


# ------------------------------------------------------------------ chains
Node = tuple[int, int, int]  # x, y, slot


def _chain_groups(table: Mapping[Cell, int], colour: int | None = None) -> list[list[Node]]:
    """Maximal chains (as lists of triangles), optionally of one colour only.

    Union-find over the triangles, linking across every shared edge whose
    two sides have the same colour (each shared edge is visited once, from
    its west or south tile).
    """
    parent: dict[Node, Node] = {}

    def find(node: Node) -> Node:
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    for (x, y), code in table.items():
        edges, slots = EDGES[code], SLOTS[code & 3]
        for d in (0, 1):  # N and E: each shared edge once
            dx, dy = STEPS[d]
            ocode = table.get((x + dx, y + dy))
            if ocode is None or EDGES[ocode][OPPOSITE[d]] != edges[d]:
                continue
            if colour is not None and edges[d] != colour:
                continue
            a = (x, y, slots[d])
            b = (x + dx, y + dy, SLOTS[ocode & 3][OPPOSITE[d]])
            parent.setdefault(a, a)
            parent.setdefault(b, b)
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    groups: dict[Node, list[Node]] = {}
    for node in parent:
        groups.setdefault(find(node), []).append(node)
    return list(groups.values())


def _node_colour(table: Mapping[Cell, int], node: Node) -> int:
    return TILES[table[(node[0], node[1])] >> 2][node[2]]


# ------------------------------------------------------- plain-data helpers
@dataclass(frozen=True)
class Chain:
    """A maximal chain: its colour, its length (number of triangles) and its
    triangles as ``((x, y), slot)`` with slot "major", "minor1" or "minor2"."""

    colour: str
    length: int
    triangles: tuple[tuple[Cell, str], ...]


@dataclass(frozen=True)
class ClosedFigure:
    """A closed figure: ``kind`` "minor pair" (2 cells) or "major square"
    (4 cells around a grid corner), its colour and its sorted cells."""

    kind: str
    colour: str
    cells: Figure


def chains(table: Mapping[Cell, tuple[Any, ...]]) -> list[Chain]:
    """Every maximal same-colour chain of a plain-data table.

    Lone triangles are chains of length 1 (worth 0 points).  Sorted by colour
    (red, yellow, green, blue, purple), longest first, then by position.

    :raises ValueError: the table is not valid plain data.
    """
    internal = internal_table(table)
    linked = _chain_groups(internal)
    in_chain = {node for group in linked for node in group}
    lone = [[(x, y, slot)] for (x, y) in internal for slot in range(3) if (x, y, slot) not in in_chain]
    result = []
    for group in linked + lone:
        nodes = sorted(group)
        colour = _node_colour(internal, nodes[0])
        result.append(
            Chain(
                COLOURS[colour],
                len(nodes),
                tuple(((x, y), SLOT_NAMES[s]) for x, y, s in nodes),
            )
        )
    order = {name: i for i, name in enumerate(COLOURS)}
    return sorted(result, key=lambda c: (order[c.colour], -c.length, c.triangles))


def closed_figures(table: Mapping[Cell, tuple[Any, ...]]) -> list[ClosedFigure]:
    """Every closed figure on a plain-data table (minor pairs first).

    :raises ValueError: the table is not valid plain data.
    """
    internal = internal_table(table)
    return [
        ClosedFigure(
            "minor pair" if len(f) == 2 else "major square",
            COLOURS[figure_colour(internal, f)],
            f,
        )
        for f in _all_figures(internal)
    ]


def cells_of(figures: Iterable[Figure]) -> frozenset[Cell]:
    """Every cell of the given figures."""
    return frozenset(cell for figure in figures for cell in figure)
