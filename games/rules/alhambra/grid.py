"""Cell-level geometry of an Alhambra on int keys (the hot loops).

A cell ``(x, y)`` (fountain at ``(0, 0)``, ``y`` growing south) is stored as
one int ``key``: sorting keys gives reading order and neighbours are a fixed
offset away, which keeps the loops free of tuple building.  Cells must lie
within 63 steps of the fountain (54 tiles cannot reach further).

The functions here work on a grid ``{key: tile id}``; ``board.Alhambra``
combines them and caches the results.
"""

from __future__ import annotations

from collections.abc import Mapping

from .components import FOUNTAIN, TILE_WALLS, E, N, S, W

Cell = tuple[int, int]

OFFSET, STRIDE = 64, 128
#: (side bit, key offset, opposite side bit), in N E S W order.
SIDES = ((N, -STRIDE, S), (E, 1, W), (S, STRIDE, N), (W, -1, E))
D4 = (-STRIDE, 1, STRIDE, -1)
#: The diagonal neighbours NE, SE, SW, NW (ring positions 1, 3, 5, 7).
DIAGONALS = (1 - STRIDE, 1 + STRIDE, STRIDE - 1, -STRIDE - 1)
ADDED, REMOVED, REPLACED = 1, 2, 3


def key(cell: Cell) -> int:
    """The int key of a cell (cells must lie within 63 steps of the fountain)."""
    x, y = cell
    return (y + OFFSET) * STRIDE + x + OFFSET


#: How far from the fountain (in steps, either axis) a cell may lie to be
#: looked up: 54 tiles reach at most 54 steps, and a cell's side
#: neighbours must stay within the 63 steps ``key`` can tell apart.
REACH = 60


def on_grid(cell: Cell) -> bool:
    """Whether ``cell`` lies within ``REACH`` of the fountain: a cell further
    out is never built on nor a spot, and its ``key`` would name another
    cell (keys wrap around)."""
    x, y = cell
    return -REACH <= x <= REACH and -REACH <= y <= REACH


XY: tuple[Cell, ...] = tuple(((k % STRIDE) - OFFSET, (k // STRIDE) - OFFSET) for k in range(STRIDE * STRIDE))


def ring_safe(empty: int) -> bool:
    """Whether filling a cell whose ring of 8 neighbours is empty where
    ``empty`` has bits (ring order N, NE, E, SE, S, SW, W, NW) certainly
    disconnects no empty cells: its empty side neighbours are joined by
    empty ring cells."""
    if sum(empty >> i & 1 for i in (0, 2, 4, 6)) <= 1 or empty == 255:
        return True
    start = next(i for i in range(8) if not empty >> i & 1)
    runs = 0
    in_run = side = False
    for step in range(1, 9):
        i = (start + step) % 8
        if empty >> i & 1:
            in_run, side = True, side or i % 2 == 0
        elif in_run:
            runs += side
            in_run = side = False
    return runs <= 1


def pattern(grid: dict[int, int], k: int) -> tuple[int, int]:
    """``(mask, required)`` for cell ``k``: sides with a neighbour, and which
    of them face a neighbour's wall."""
    get = grid.get
    walls = TILE_WALLS
    mask = req = 0
    t = get(k - STRIDE)
    if t is not None:
        mask = N
        if walls[t] & S:
            req = N
    t = get(k + 1)
    if t is not None:
        mask |= E
        if walls[t] & W:
            req |= E
    t = get(k + STRIDE)
    if t is not None:
        mask |= S
        if walls[t] & N:
            req |= S
    t = get(k - 1)
    if t is not None:
        mask |= W
        if walls[t] & E:
            req |= W
    return mask, req


def spot_ok(grid: dict[int, int], k: int, mask: int, req: int) -> int:
    """The ``ok`` flag of a frontier entry (see ``front_entry``)."""
    if not mask & ~req:
        return 0
    must_be_empty = RING_NEEDS[mask]
    if must_be_empty is None:
        return 2
    for d in must_be_empty:
        if k + d in grid:
            return 2
    return 1


def front_entry(grid: dict[int, int], k: int) -> tuple[int, int, int] | None:
    """``(mask, required, ok)`` of empty cell ``k`` (``None``: no tile
    neighbour): ``ok`` is 0 if no tile can go there (every neighbour shows a
    wall), 1 if one can, 2 if one can unless it encloses a hole (the ring
    test cannot tell; a flood fill decides)."""
    mask, req = pattern(grid, k)
    if not mask:
        return None
    return mask, req, spot_ok(grid, k, mask, req)


def ring_needs(mask: int) -> tuple[int, ...] | None:
    """The ring test for a cell whose built side neighbours are ``mask``:
    the diagonal cells that must be empty for the test to pass (``None``:
    it cannot pass, the empty sides are opposite each other)."""
    sides = [bit for bit, _d, _o in SIDES if not mask & bit]
    if len(sides) <= 1:
        return ()
    # Empty sides must be joined through the diagonal between each pair of
    # consecutive empty sides; opposite empty sides with a built side
    # between them on both ways cannot be joined within the ring.
    corner = {
        N | E: 1 - STRIDE,
        E | S: 1 + STRIDE,
        S | W: STRIDE - 1,
        N | W: -STRIDE - 1,
    }
    needed = []
    order = [N, E, S, W]
    for i, bit in enumerate(order):
        nxt = order[(i + 1) % 4]
        if bit in sides and nxt in sides:
            needed.append(corner[bit | nxt])
    if len(needed) < len(sides) - 1:
        return None
    if len(sides) == 4:
        return None  # cannot happen for a cell next to the Alhambra
    return tuple(needed)


RING_NEEDS = tuple(ring_needs(m) for m in range(16))


def compute_front(grid: dict[int, int]) -> dict[int, tuple[int, int, int]]:
    front = {}
    for c in {k + d for k in grid for d in D4}.difference(grid):
        entry = front_entry(grid, c)
        if entry is not None:
            front[c] = entry
    return front


def has_holes(grid: Mapping[int, int], extra: int | None) -> bool:
    """Flood fill from outside the bounding box of ``grid`` (plus ``extra``):
    whether an empty cell inside the box cannot be reached."""
    filled = set(grid)
    if extra is not None:
        filled.add(extra)
    xs = [k % STRIDE for k in filled]
    x0, x1 = min(xs) - 1, max(xs) + 1
    # Keys sort by row first: the rows are those of the smallest and largest key.
    y0, y1 = min(filled) // STRIDE - 1, max(filled) // STRIDE + 1
    # The box's empty cells, built a row at a time (a range per row).
    empty: set[int] = set()
    for row in range(y0 * STRIDE, y1 * STRIDE + 1, STRIDE):
        empty.update(range(row + x0, row + x1 + 1))
    empty -= filled
    # Each cell reached leaves ``empty``: what stays is enclosed.
    start = y0 * STRIDE + x0
    empty.remove(start)
    todo = [start]
    while todo:
        k = todo.pop()
        for d in D4:
            nxt = k + d
            if nxt in empty:
                empty.remove(nxt)
                todo.append(nxt)
    return bool(empty)


def reachable(grid: Mapping[int, int], skip: int | None) -> set[int]:
    """Keys reachable from the fountain through open sides, avoiding ``skip``."""
    start = next((k for k, t in grid.items() if t == FOUNTAIN), None)
    if start is None:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        k = todo.pop()
        walls = TILE_WALLS[grid[k]]
        for bit, d, opp in SIDES:
            nxt = k + d
            if walls & bit or nxt == skip or nxt in seen:
                continue
            other = grid.get(nxt)
            if other is not None and not TILE_WALLS[other] & opp:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def open_links(grid: dict[int, int], k: int) -> list[int]:
    """The neighbours of ``k`` joined to it through open sides."""
    walls = TILE_WALLS[grid[k]]
    links = []
    for bit, d, opp in SIDES:
        if not walls & bit:
            other = grid.get(k + d)
            if other is not None and not TILE_WALLS[other] & opp:
                links.append(k + d)
    return links


def cut_vertices(grid: dict[int, int]) -> set[int]:
    """Tiles whose removal cuts a tile off from the fountain (Tarjan's
    low-link on the graph of open sides, iteratively).  In a hand-built
    Alhambra where not all tiles are reachable, every tile counts as cut
    unless removing it makes the rest reachable."""
    root = next((k for k, t in grid.items() if t == FOUNTAIN), None)
    if root is None:
        return set(grid)
    get = grid.get
    walls = TILE_WALLS
    adjacent: dict[int, list[int]] = {k: [] for k in grid}
    for k, t in grid.items():
        w = walls[t]
        if not w & E:
            other = get(k + 1)
            if other is not None and not walls[other] & W:
                adjacent[k].append(k + 1)
                adjacent[k + 1].append(k)
        if not w & S:
            other = get(k + STRIDE)
            if other is not None and not walls[other] & N:
                adjacent[k].append(k + STRIDE)
                adjacent[k + STRIDE].append(k)
    disc = {root: 0}
    low = {root: 0}
    cut = set()
    stack = [(root, -1, iter(adjacent[root]))]
    while stack:
        u, parent, neighbours = stack[-1]
        for v in neighbours:
            if v not in disc:
                disc[v] = low[v] = len(disc)
                stack.append((v, u, iter(adjacent[v])))
                break
            if v != parent and disc[v] < low[u]:
                low[u] = disc[v]
        else:
            stack.pop()
            if parent >= 0:
                if low[u] < low[parent]:
                    low[parent] = low[u]
                if low[u] >= disc[parent] and parent != root:
                    cut.add(parent)
    if len(disc) != len(grid):
        return {k for k in grid if len(reachable(grid, k)) != len(grid) - 1}
    return cut
