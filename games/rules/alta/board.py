"""The island's geometry: a fixed 7 x 7 frame of named cells, bitmasks and
the placement rule.

The first card always goes in the centre cell D4.  Because the island's
bounding box may never exceed 4 x 4, no card can ever lie more than 3 cells
from the first one, so every island fits in the 7 x 7 frame around it and a
cell's name (column A-G left to right, row 1-7 top to bottom) never changes
once given.  Emails draw the island in this frame.

Internally a cell is an index ``row * 7 + col`` (0..48) and a set of cells is
an int bitmask, so the legal cells of an island are a few shifts and ANDs.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.message import Message, gettext_noop, message

SIZE = 7
CELLS = SIZE * SIZE
CENTRE = 3 * SIZE + 3
MAX_SIDE = 4
EMPTY = -1
COLUMNS = "ABCDEFG"

CELL_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(CELLS))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


def _diagonals(index: int) -> int:
    row, col = divmod(index, SIZE)
    mask = 0
    for dr in (-1, 1):
        for dc in (-1, 1):
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                mask |= 1 << (r * SIZE + c)
    return mask


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBOURS[i]) for i in range(CELLS))
DIAGONAL_MASK: tuple[int, ...] = tuple(_diagonals(i) for i in range(CELLS))


def _band(low: int, high: int, of_rows: bool) -> int:
    """Cells in rows (or columns) ``low..high`` that keep a 4-wide box."""
    first, last = max(0, high - MAX_SIDE + 1), min(SIZE - 1, low + MAX_SIDE - 1)
    mask = 0
    for i in range(CELLS):
        line = i // SIZE if of_rows else i % SIZE
        if first <= line <= last:
            mask |= 1 << i
    return mask


# ROW_BAND[top][bottom]: the cells whose row keeps the box at most 4 high.
ROW_BAND = tuple(tuple(_band(t, b, True) for b in range(SIZE)) for t in range(SIZE))
COL_BAND = tuple(tuple(_band(lf, r, False) for r in range(SIZE)) for lf in range(SIZE))


class Island(NamedTuple):
    """One player's island.

    ``cells``: 49 type ints (``EMPTY`` = no card), row by row;
    ``occupied``: bitmask of placed cells; ``open``: bitmask of the cells where
    the next card may go (derived, kept for speed); ``box``: ``(top, bottom,
    left, right)`` rows/columns of the bounding box, ``None`` while empty.
    """

    cells: tuple[int, ...]
    occupied: int
    open: int
    box: tuple[int, int, int, int] | None


EMPTY_ISLAND = Island((EMPTY,) * CELLS, 0, 1 << CENTRE, None)


def place(island: Island, index: int, card: int) -> Island:
    """The island with ``card`` at ``index`` (assumed legal: see ``open``)."""
    cells = island.cells
    bit = 1 << index
    occupied = island.occupied | bit
    row, col = divmod(index, SIZE)
    box = island.box
    if box is None:
        top = bottom = row
        left = right = col
    else:
        top, bottom, left, right = box
        if row < top:
            top = row
        elif row > bottom:
            bottom = row
        if col < left:
            left = col
        elif col > right:
            right = col
    # The old open set already holds the old frontier inside the old (wider)
    # band; the band only shrinks as the box grows, so narrowing suffices.
    allowed = ROW_BAND[top][bottom] & COL_BAND[left][right]
    opened = (island.open | NEIGHBOUR_MASK[index]) & allowed & ~occupied
    return Island(
        cells[:index] + (card,) + cells[index + 1 :],
        occupied,
        opened,
        (top, bottom, left, right),
    )


def build(cards: dict[int, int]) -> Island:
    """An island from ``{index: type}``, without the placement checks (for
    loading stored states and for tests).

    The result equals laying the cards one by one with ``place`` and then
    recomputing ``open`` from scratch (an arbitrary order may skip the
    incremental invariant, e.g. a card not touching earlier ones); it is
    computed directly because every ``load`` builds every island.
    """
    if not cards:
        return EMPTY_ISLAND
    cells = list(EMPTY_ISLAND.cells)
    occupied = frontier = 0
    for index, card in cards.items():
        cells[index] = card
        occupied |= 1 << index
        frontier |= NEIGHBOUR_MASK[index]
    rows = [index // SIZE for index in cards]
    cols = [index % SIZE for index in cards]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    allowed = ROW_BAND[top][bottom] & COL_BAND[left][right]
    return Island(tuple(cells), occupied, frontier & allowed & ~occupied, (top, bottom, left, right))


# _ROW_BITS[row][bits]: the cell indices of the 7-bit pattern ``bits`` of
# ``row``; bit_indices reads a mask a row at a time from it instead of bit
# by bit (it sits in move generation, the view and every load).
_ROW_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(row * SIZE + col for col in range(SIZE) if bits >> col & 1) for bits in range(1 << SIZE))
    for row in range(SIZE)
)
_ROW_MASK = (1 << SIZE) - 1


def bit_indices(mask: int) -> list[int]:
    """The cell indices set in ``mask`` (a non-negative int), lowest first."""
    out: list[int] = []
    row = 0
    while mask and row < SIZE:
        bits = mask & _ROW_MASK
        if bits:
            out += _ROW_BITS[row][bits]
        mask >>= SIZE
        row += 1
    base = CELLS
    while mask:  # bits beyond the frame: never set by the engine itself
        if mask & 1:
            out.append(base)
        mask >>= 1
        base += 1
    return out


def placement_error(island: Island, index: int) -> Message | None:
    """Why a card may not go at ``index``, for the player; ``None`` if it may."""
    if island.open >> index & 1:
        return None
    name = CELL_NAMES[index]
    if island.box is None:
        return message(gettext_noop("Your first card goes in the centre of the frame, D4 (not %(cell)s)."), cell=name)
    if island.occupied >> index & 1:
        return message(gettext_noop("%(cell)s already holds a card; cards never move."), cell=name)
    if not island.occupied & NEIGHBOUR_MASK[index]:
        if island.occupied & DIAGONAL_MASK[index]:
            return message(
                gettext_noop(
                    "%(cell)s touches your island only at a corner; a card must share an edge with a card "
                    "already placed."
                ),
                cell=name,
            )
        return message(gettext_noop("%(cell)s does not touch your island; a card must share an edge."), cell=name)
    top, bottom, left, right = island.box
    row, col = divmod(index, SIZE)
    height = max(bottom, row) - min(top, row) + 1
    width = max(right, col) - min(left, col) + 1
    return message(
        gettext_noop(
            "A card at %(cell)s would make your island %(width)s wide and %(height)s high; "
            "it may never be larger than 4 x 4."
        ),
        cell=name,
        width=width,
        height=height,
    )
