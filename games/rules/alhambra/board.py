"""One player's Alhambra: the grid of placed tiles and its building rules.

Pure geometry on plain data.  A cell is ``(x, y)`` with the fountain at
``(0, 0)``, ``x`` growing east and ``y`` growing south; walls are bit masks
(``N``=1, ``E``=2, ``S``=4, ``W``=8, see ``components``).

The placement rules (rules file, "Placement rules"):

* the cell is empty and shares a side with the Alhambra;
* on every shared side wall meets wall and open meets open, and at least one
  shared side is open;
* every tile stays reachable from the fountain without crossing a wall;
* no holes: every empty cell stays connected (4-way, through empty cells) to
  the outside of the bounding box.

For a new tile the reachability rule follows from the second rule (its open
shared side joins an already reachable tile), so only removal has to check it.

Move generation asks for the free spots, removable tiles and swap targets
many times while an Alhambra does not change, so ``Alhambra`` computes them
once and keeps them.  Internally a cell is one int (``key``): sorting keys
gives reading order and neighbours are a fixed offset away, which keeps the
hot loops free of tuple building.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.message import Message, Notation, gettext_noop, message

from .components import FOUNTAIN, TILE_KIND, TILE_WALLS
from .grid import (
    ADDED,
    DIAGONALS,
    REMOVED,
    REPLACED,
    RING_NEEDS,
    SIDES,
    STRIDE,
    XY,
    Cell,
    compute_front,
    cut_vertices,
    front_entry,
    has_holes,
    key,
    on_grid,
    open_links,
    pattern,
    reachable,
    spot_ok,
)

__all__ = ["Alhambra", "Cell", "DIRS", "XY", "key"]

#: Tuple directions: (side bit, dx, dy, opposite side bit).
DIRS = ((1, 0, -1, 4), (2, 1, 0, 8), (4, 0, 1, 1), (8, -1, 0, 2))


#: The sides of a tile as the reader names them.
_SIDES = {1: gettext_noop("north"), 2: gettext_noop("east"), 4: gettext_noop("south"), 8: gettext_noop("west")}


class Alhambra:
    """An immutable grid of tiles with cached derived data.

    ``grid`` maps int keys to tile ids and is never mutated; ``with_tile``,
    ``without`` and ``from_cells`` make new Alhambras.  A changed Alhambra
    derives its frontier and swap patterns from its parent's by updating
    only the cells around the change.  ``memo`` is a cache for other
    modules' data derived from this Alhambra alone.
    """

    __slots__ = (
        "grid",
        "memo",
        "_cells",
        "_front",
        "_spots",
        "_spot_map",
        "_removable",
        "_cut",
        "_swap_map",
        "_swap_list",
        "_spot_keys",
        "_swap_keys",
    )

    def __init__(self, grid: dict[int, int]) -> None:
        self.grid = grid
        self.memo: dict[Any, Any] = {}
        self._cells: dict[Cell, int] | None = None
        #: Every empty cell with a tile neighbour: ``key -> (mask, req, ok)``.
        self._front: dict[int, tuple[int, int, int]] | None = None
        self._spots: list[tuple[int, int, int]] | None = None
        self._spot_map: dict[int, tuple[int, int]] | None = None
        self._removable: list[int] | None = None
        #: Cut vertices of the open-side graph (their removal cuts it).
        self._cut: set[int] | frozenset[int] | None = None
        #: Every building: ``key -> (mask, req)`` of its neighbours.
        self._swap_map: dict[int, tuple[int, int]] | None = None
        self._swap_list: list[tuple[int, int, int]] | None = None
        #: ``spot_keys`` and ``swap_keys`` per wall mask.
        self._spot_keys: dict[int, list[int]] = {}
        self._swap_keys: dict[int, list[int]] = {}

    @classmethod
    def from_cells(cls, cells: Mapping[Cell, int]) -> Alhambra:
        return cls({key(c): t for c, t in cells.items()})

    @classmethod
    def start(cls) -> Alhambra:
        return cls({key((0, 0)): FOUNTAIN})

    @property
    def cells(self) -> dict[Cell, int]:
        """``{(x, y): tile}`` (do not mutate)."""
        if self._cells is None:
            self._cells = {XY[k]: t for k, t in self.grid.items()}
        return self._cells

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alhambra) and self.grid == other.grid

    def __hash__(self) -> int:
        return hash(frozenset(self.grid.items()))

    def __repr__(self) -> str:
        return f"Alhambra({dict(sorted(self.cells.items()))!r})"

    def __len__(self) -> int:
        return len(self.grid)

    # ----------------------------------------------------------- changes
    def with_tile(self, cell: Cell, tile: int) -> Alhambra:
        """A copy with ``tile`` at ``cell`` (replacing what was there)."""
        k = key(cell)
        grid = self.grid.copy()
        replacing = k in grid
        grid[k] = tile
        return self._derive(grid, k, REPLACED if replacing else ADDED)

    def without(self, cell: Cell) -> Alhambra:
        grid = self.grid.copy()
        del grid[key(cell)]
        return self._derive(grid, key(cell), REMOVED)

    def _derive(self, grid: dict[int, int], k: int, change: int) -> Alhambra:
        """The Alhambra ``grid`` (this one changed at ``k``), with the parent's
        caches updated instead of recomputed.

        Only the cells around ``k`` change: a side neighbour gains or loses
        the side facing ``k`` (and the wall on it); a cell in the ring of
        ``k`` may change its ring test; ``k`` itself enters or leaves.
        """
        child = Alhambra(grid)
        walls = TILE_WALLS[grid[k]] if change != REMOVED else 0
        front = self._front
        if front is not None:
            front = front.copy()
            for bit, d, opp in SIDES:
                c = k + d
                if c in grid:
                    continue
                entry = front.get(c)
                mask, req = (entry[0], entry[1]) if entry is not None else (0, 0)
                if change == REMOVED:
                    mask &= ~opp
                    req &= ~opp
                    if not mask:
                        front.pop(c, None)
                        continue
                else:
                    mask |= opp
                    req = req | opp if walls & bit else req & ~opp
                front[c] = (mask, req, spot_ok(grid, c, mask, req))
            if change == ADDED:
                del front[k]
            elif change == REMOVED:
                built = self._swap_map.get(k) if self._swap_map is not None else None
                if built is not None:
                    # The vacated cell has the neighbours its tile had.
                    mask, req = built
                    if mask:
                        front[k] = (mask, req, spot_ok(grid, k, mask, req))
                else:
                    entry = front_entry(grid, k)
                    if entry is not None:
                        front[k] = entry
            if change != REPLACED:
                for d in DIAGONALS:
                    entry = front.get(k + d)
                    # Only a ring test that looks at ``k`` (the cell ``-d``
                    # from this one) can change its answer.
                    if entry is not None and entry[2]:
                        needs = RING_NEEDS[entry[0]]
                        if needs is not None and -d in needs:
                            mask, req = entry[0], entry[1]
                            front[k + d] = (mask, req, spot_ok(grid, k + d, mask, req))
            child._front = front
        swaps = self._swap_map
        if swaps is not None:
            swaps = swaps.copy()
            for bit, d, opp in SIDES:
                c = k + d
                old = swaps.get(c)
                if old is not None:
                    mask, req = old
                    if change == REMOVED:
                        swaps[c] = (mask & ~opp, req & ~opp)
                    else:
                        swaps[c] = (
                            mask | opp,
                            req | opp if walls & bit else req & ~opp,
                        )
            if change == ADDED:
                spot = self._front.get(k) if self._front is not None else None
                # A new tile has the neighbours its cell had as a spot.
                swaps[k] = (spot[0], spot[1]) if spot is not None else pattern(grid, k)
            elif change == REMOVED:
                del swaps[k]
            child._swap_map = swaps
        cut = self._cut
        if cut is not None:
            if change == REPLACED:
                # A swap keeps every shared side as it was: same graph.
                child._cut = cut
            elif change == ADDED:
                # A new tile open to exactly one neighbour is a leaf: only
                # that neighbour becomes a cut vertex.
                links = open_links(grid, k)
                if len(links) == 1:
                    child._cut = cut | {links[0]}
            else:
                # Removing a leaf changes at most its neighbour's status.
                links = open_links(self.grid, k)
                if len(links) == 1:
                    parent = links[0]
                    if parent in cut and (
                        len(open_links(grid, parent)) <= 1 or len(reachable(grid, parent)) == len(grid) - 1
                    ):
                        cut = cut - {parent}
                    child._cut = cut
        return child

    # ------------------------------------------------------------ queries
    def tile_at(self, cell: Cell) -> int | None:
        """The tile at ``cell`` (``None``: empty, or beyond any Alhambra)."""
        return self.grid.get(key(cell)) if on_grid(cell) else None

    def counts(self) -> list[int]:
        """Number of buildings per type (the fountain does not count)."""
        counts = [0] * 6
        for tile in self.grid.values():
            kind = TILE_KIND[tile]
            if kind >= 0:
                counts[kind] += 1
        return counts

    def spot_list(self) -> list[tuple[int, int, int]]:
        """``[(key, mask, required)]`` of the spots (see ``spots``)."""
        if self._spots is None:
            if self._front is None:
                self._front = compute_front(self.grid)
            grid, front = self.grid, self._front
            spots = []
            # Sorting the int keys is much cheaper than sorting the items.
            for c in sorted(front):
                mask, req, ok = front[c]
                # ``ok``: 1 a spot, 0 not, 2 a spot unless a flood fill finds a hole.
                if ok == 1 or (ok and not has_holes(grid, c)):
                    spots.append((c, mask, req))
            self._spots = spots
        return self._spots

    def spots(self) -> dict[Cell, tuple[int, int]]:
        """Empty cells where some tile could go: ``{cell: (mask, required)}``.

        ``mask`` has a bit for each side with a neighbour, ``required`` the
        walls those sides must have; a tile with walls ``w`` fits iff
        ``w & mask == required`` (the at-least-one-open-side and no-hole rules
        are already applied).  Cells are in reading order (north first).
        """
        return {XY[k]: (m, r) for k, m, r in self.spot_list()}

    def option_keys(self, tile: int) -> tuple[list[int], list[int]]:
        """``(spots, swap targets)`` of ``tile`` as cell keys (reading order):
        where it may be placed, and which built cells' tiles it may replace."""
        walls = TILE_WALLS[tile]
        return self.spot_keys(walls), self.swap_keys(walls)

    def spot_keys(self, walls: int) -> list[int]:
        """The spots (keys, reading order) where a tile with walls ``walls``
        fits (cached per wall mask: the rules look at a tile's walls only,
        and tiles share wall masks)."""
        found = self._spot_keys.get(walls)
        if found is None:
            found = self._spot_keys[walls] = [k for k, m, r in self.spot_list() if walls & m == r]
        return found

    def swap_keys(self, walls: int) -> list[int]:
        """The built cells (keys, reading order) whose tile a tile with walls
        ``walls`` may replace (cached per wall mask)."""
        found = self._swap_keys.get(walls)
        if found is None:
            found = self._swap_keys[walls] = [k for k, m, r in self.swap_list() if walls & m == r]
        return found

    def swap_list(self) -> list[tuple[int, int, int]]:
        """``[(key, mask, required)]`` of the buildings a reserve tile with
        walls ``w`` may replace iff ``w & mask == required``."""
        if self._swap_list is None:
            if self._swap_map is None:
                self._swap_map = {k: pattern(self.grid, k) for k in self.grid}
            grid, swap_map = self.grid, self._swap_map
            swaps = []
            for k in sorted(swap_map):
                m, r = swap_map[k]
                if m & ~r and grid[k] != FOUNTAIN:
                    swaps.append((k, m, r))
            self._swap_list = swaps
        return self._swap_list

    def spots_for(self, tile: int) -> list[Cell]:
        """The cells where ``tile`` may be placed, in reading order."""
        return [XY[k] for k in self.spot_keys(TILE_WALLS[tile])]

    def swaps_for(self, tile: int) -> list[Cell]:
        """The built cells whose tile ``tile`` may replace, in reading order."""
        return [XY[k] for k in self.swap_keys(TILE_WALLS[tile])]

    def fits(self, tile: int, cell: Cell) -> bool:
        """Whether ``tile`` may be placed at ``cell`` (every rule applied)."""
        if not on_grid(cell):
            return False
        if self._spot_map is None:
            self._spot_map = {c: (m, r) for c, m, r in self.spot_list()}
        spot = self._spot_map.get(key(cell))
        return spot is not None and TILE_WALLS[tile] & spot[0] == spot[1]

    def removable_keys(self) -> list[int]:
        """Keys of the tiles that may go to the reserve, leaving a legal
        Alhambra (reading order)."""
        if self._removable is None:
            if self._cut is None:
                self._cut = cut_vertices(self.grid)
            grid = self.grid
            self._removable = [
                k
                for k in sorted(grid)
                if k not in self._cut
                and grid[k] != FOUNTAIN
                and (k - STRIDE not in grid or k + 1 not in grid or k + STRIDE not in grid or k - 1 not in grid)
            ]
        return self._removable

    def removable(self) -> list[Cell]:
        """Cells whose tile may go to the reserve, leaving a legal Alhambra."""
        return [XY[k] for k in self.removable_keys()]

    def can_remove(self, cell: Cell) -> bool:
        """Whether the tile at ``cell`` may go to the reserve (``cell in
        removable()``, without building the list of cells)."""
        return on_grid(cell) and key(cell) in self.removable_keys()

    def can_swap(self, tile: int, cell: Cell) -> bool:
        """Whether reserve ``tile`` may replace the tile at ``cell``.

        The incoming tile must match every neighbour's wall; then it has the
        same open/wall pattern on all shared sides as the tile it replaces,
        so reachability and holes are unchanged.
        """
        return on_grid(cell) and key(cell) in self.swap_keys(TILE_WALLS[tile])

    def placement_error(self, tile: int, cell: Cell, label: Notation) -> Message | None:
        """Why ``tile`` cannot go to ``cell`` (``None`` if it can)."""
        if self.fits(tile, cell):
            return None
        if not on_grid(cell):
            return message(gettext_noop("%(cell)s does not touch your Alhambra along a side"), cell=label)
        k = key(cell)
        if k in self.grid:
            return message(gettext_noop("%(cell)s is already built on"), cell=label)
        mask, req = pattern(self.grid, k)
        if not mask:
            return message(gettext_noop("%(cell)s does not touch your Alhambra along a side"), cell=label)
        walls = TILE_WALLS[tile]
        for bit, _d, _opp in SIDES:
            if mask & bit and (walls & bit) != (req & bit):
                side = message(_SIDES[bit])
                if walls & bit:
                    template = gettext_noop(
                        "at %(cell)s its %(side)s wall would meet an open side of the neighbouring tile"
                    )
                else:
                    template = gettext_noop(
                        "at %(cell)s its %(side)s open side would meet a wall of the neighbouring tile"
                    )
                return message(template, cell=label, side=side)
        if not mask & ~req:
            return message(gettext_noop("at %(cell)s no side would be open to a neighbour"), cell=label)
        if not self.fits(tile, cell):
            return message(gettext_noop("a tile at %(cell)s would enclose an empty space (no holes)"), cell=label)
        return None

    def reachable_from_fountain(self) -> bool:
        """Whether every tile can be reached from the fountain through open
        sides (the invariant of a legal Alhambra)."""
        return len(reachable(self.grid, None)) == len(self.grid)

    def has_holes(self) -> bool:
        return has_holes(self.grid, None)
