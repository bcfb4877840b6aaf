"""The longest continuous outer wall of an Alhambra (plain data welcome)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .components import TILE_WALLS, E, N, S, W
from .grid import STRIDE

Cell = tuple[int, int]


#: Words that name a tile without walls: the engine's own "open" (tile
#: labels, "garden 10 open") and the start tile.
_NO_WALLS = ("", "-", "open", "fountain")


def _as_wall_mask(value: Any) -> int:
    """A wall bit mask from plain data: a mask, an iterable of side letters,
    or a text of side letters (``"NE"``), ``"-"``, ``""``, ``"open"`` or
    ``"fountain"``; a tile label (``"garden 8 NE"``) is read by its last
    word.

    :raises ValueError: a text with letters other than N, E, S, W (a word
        such as "open" would otherwise be read as the walls it spells).
    """
    if isinstance(value, int):
        return value
    text = (value if isinstance(value, str) else "".join(value)).strip().upper()
    words = text.split()
    if len(words) == 3 and words[1].isdecimal():
        text = words[2]  # a tile label: "<building> <price> <walls>"
    if text.lower() in _NO_WALLS:
        return 0
    letters = "".join(ch for ch in text if ch.isalpha())
    if set(letters) - set("NESW"):
        raise ValueError(f"not walls (side letters N, E, S, W, or '-' or 'open' for none): {value!r}")
    mask = 0
    for bit, letter in ((N, "N"), (E, "E"), (S, "S"), (W, "W")):
        if letter in letters:
            mask |= bit
    return mask


def longest_wall(alhambra: Any) -> int:
    """Length of the longest continuous outer wall of an Alhambra.

    :param alhambra: a ``board.Alhambra``, or plain data ``{(x, y): walls}`` where
        ``walls`` is a string of side letters (``"NE"``; ``"-"``, ``""`` or
        ``"open"`` for none), a tile label (``"garden 8 NE"``,
        ``"fountain"``), an iterable of letters, or a bit mask; ``y`` grows
        southwards.
        The fountain (no walls) may be included or left out.
    :returns: the number of wall segments of the longest trail through outer
        wall segments: a segment between two tiles is not outer; segments
        are used at most once but corners may repeat, so a closed ring of n
        segments counts n (a house ruling).
    """
    if hasattr(alhambra, "grid"):  # a board.Alhambra
        return longest_trail(_grid_edges(alhambra.grid))
    walls = {tuple(c): _as_wall_mask(v) for c, v in alhambra.items()}
    edges = []
    for (x, y), mask in walls.items():
        if not mask:
            continue
        if mask & N and (x, y - 1) not in walls:
            edges.append(((x, y), (x + 1, y)))
        if mask & S and (x, y + 1) not in walls:
            edges.append(((x, y + 1), (x + 1, y + 1)))
        if mask & W and (x - 1, y) not in walls:
            edges.append(((x, y), (x, y + 1)))
        if mask & E and (x + 1, y) not in walls:
            edges.append(((x + 1, y), (x + 1, y + 1)))
    return longest_trail(edges)


def _grid_edges(grid: dict[int, int]) -> list[tuple[int, int]]:
    """The outer wall segments of a grid of int cell keys (``grid.key``),
    as pairs of corners: the corner north-west of a cell has the cell's key
    (so its other corners are ``+ 1``, ``+ STRIDE``, ``+ STRIDE + 1``).  The
    same segments as ``longest_wall`` finds for plain data, without a tuple
    per cell and corner (this runs at every scoring)."""
    edges = []
    for k, tile in grid.items():
        mask = TILE_WALLS[tile]
        if not mask:
            continue
        if mask & N and k - STRIDE not in grid:
            edges.append((k, k + 1))
        if mask & S and k + STRIDE not in grid:
            edges.append((k + STRIDE, k + STRIDE + 1))
        if mask & W and k - 1 not in grid:
            edges.append((k, k + STRIDE))
        if mask & E and k + 1 not in grid:
            edges.append((k + 1, k + STRIDE + 1))
    return edges


def longest_trail(edges: Iterable[tuple[Any, Any]]) -> int:
    """The most edges of an undirected graph that one trail (no edge twice,
    nodes may repeat) can use."""
    adjacency: dict[Any, list[tuple[int, Any]]] = {}
    edge_list = list(edges)
    for index, (a, b) in enumerate(edge_list):
        adjacency.setdefault(a, []).append((index, b))
        adjacency.setdefault(b, []).append((index, a))
    best = 0
    seen_nodes: set[Any] = set()
    for root in adjacency:
        if root in seen_nodes:
            continue
        component = _component(adjacency, root)
        seen_nodes |= component
        size = sum(len(adjacency[n]) for n in component) // 2
        junctions = [n for n in component if len(adjacency[n]) != 2]
        if not junctions or all(len(adjacency[n]) <= 2 for n in component):
            # A simple path or a simple cycle: all of it is one trail.
            best = max(best, size)
        else:
            best = max(best, _longest_in_component(adjacency, junctions))
    return best


def _component(adjacency: dict[Any, list[tuple[int, Any]]], root: Any) -> set[Any]:
    seen = {root}
    todo = [root]
    while todo:
        for _edge, other in adjacency[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _longest_in_component(adjacency: dict[Any, list[tuple[int, Any]]], junctions: list[Any]) -> int:
    """Exhaustive search on the graph with degree-2 chains contracted into
    weighted edges (a longest trail can always start at a junction)."""
    jset = set(junctions)
    chains: list[tuple[Any, Any, int]] = []
    used_edges: set[int] = set()
    for start in junctions:
        for edge, nxt in adjacency[start]:
            if edge in used_edges:
                continue
            used_edges.add(edge)
            length, node = 1, nxt
            while node not in jset:
                edge2, nxt2 = next((e, o) for e, o in adjacency[node] if e not in used_edges)
                used_edges.add(edge2)
                length, node = length + 1, nxt2
            chains.append((start, node, length))
    links: dict[Any, list[tuple[int, Any, int]]] = {n: [] for n in junctions}
    for index, (a, b, length) in enumerate(chains):
        links[a].append((index, b, length))
        if a != b:
            links[b].append((index, a, length))
    used = [False] * len(chains)

    def walk(node: Any) -> int:
        best = 0
        for index, other, length in links[node]:
            if not used[index]:
                used[index] = True
                best = max(best, length + walk(other))
                used[index] = False
        return best

    return max(walk(node) for node in junctions)
