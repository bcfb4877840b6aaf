"""Legal-move generation for Alpaca, kept cheap for the hot path.

Placements come from the frontier (every empty cell next to the table with
its need-mask) and a cache of which rotations of a tile fit a need-mask, so
finding the moves is a few dict look-ups per (tile, cell) pair.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .board import pending_intact
from .moves import Lock, NoBonus, Place, Rotate
from .state import (
    ANYTHING,
    MASKS,
    TILES,
    TILES_PER_COLOUR,
    AlpacaState,
    Cell,
)

#: need-mask -> for every tile id, the rotations of that tile that fit a
#: cell with this mask (one look-up per open cell instead of one per
#: (tile, cell) pair; a few hundred masks occur in practice).
_FITS: dict[int, tuple[tuple[int, ...], ...]] = {}
_TILE_COUNT = len(TILES)


#: The 16 possible sets of rotations, shared by every row.
_ROT_SETS = tuple(tuple(r for r in range(4) if bits >> r & 1) for bits in range(16))


def _fits_row(mask: int) -> tuple[tuple[int, ...], ...]:
    row = _FITS.get(mask)
    if row is None:
        row = _FITS[mask] = tuple(
            _ROT_SETS[sum(1 << r for r in range(4) if MASKS[tile * 4 + r] & mask)] for tile in range(_TILE_COUNT)
        )
    return row


def fitting_rotations(tile: int, mask: int) -> tuple[int, ...]:
    """Rotations in which ``tile`` matches a cell with need-mask ``mask``."""
    row = _FITS.get(mask)
    return (row if row is not None else _fits_row(mask))[tile]


def need_at(state: AlpacaState, cell: Cell) -> int | None:
    """The need-mask a tile placed on ``cell`` must match, or ``None`` when
    no tile may go there.  The game's very first tile is placed freely (the
    rules' D), on any cell: ``0,0`` is the one the legal moves list, the
    cell the help counts from."""
    if not state.table:
        return ANYTHING
    return state.frontier.get(cell)


def current_seat(state: AlpacaState) -> int:
    """The seat whose turn it is (meaningless once the game is over)."""
    return (state.dominant + state.turn) % state.players


def dominant_colour(state: AlpacaState) -> int:
    return state.colours[state.dominant]


def reading_order(cell: Cell) -> tuple[int, int]:
    return (-cell[1], cell[0])


class MoveList(Sequence[Any]):
    """An immutable sequence of moves, made on access.

    Listing every placement as a frozen dataclass up front costs more than
    the rest of a turn; this keeps ``(factory, fixed args, variants)``
    groups instead and builds ``factory(*fixed, variant)`` when an item is
    read.  It behaves as a read-only list (len, index, slice, iteration,
    ``in``, ``==`` with any sequence of the same moves).
    """

    __slots__ = ("_groups", "_ends")

    def __init__(
        self,
        groups: list[tuple[Callable[..., Any], tuple[Any, ...], tuple[Any, ...]]],
        ends: list[int] | None = None,
    ) -> None:
        """``ends[i]``: moves in groups 0..i (computed when not given)."""
        if ends is None:
            ends, total = [], 0
            for group in groups:
                total += len(group[2])
                ends.append(total)
        self._groups = groups
        self._ends = ends

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        number = bisect_right(self._ends, index)
        factory, fixed, variants = self._groups[number]
        return factory(*fixed, variants[index - self._ends[number] + len(variants)])

    def __iter__(self) -> Iterator[Any]:
        for factory, fixed, variants in self._groups:
            for variant in variants:
                yield factory(*fixed, variant)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


def _no_bonus(_: Any) -> NoBonus:
    return NoBonus()


def placements(state: AlpacaState, seat: int) -> MoveList:
    """Every legal placement of ``seat`` (empty unless it is its turn to
    place): hand order, then open cells by (x, y), then rotation."""
    if state.phase != "place" or seat != current_seat(state):
        return MoveList([])
    colour = state.colours[state.dominant]
    tiles = [t for t in state.hands[seat] if t // TILES_PER_COLOUR == colour]
    groups: list[tuple[Callable[..., Any], tuple[Any, ...], tuple[Any, ...]]] = []
    if not tiles:
        return MoveList(groups)
    frontier = state.frontier
    rows = [(cell, _FITS.get(mask) or _fits_row(mask)) for cell, mask in sorted(frontier.items())]
    ends: list[int] = []
    total = 0
    for tile in tiles:
        for cell, row in rows:
            rots = row[tile]
            if rots:
                total += len(rots)
                ends.append(total)
                groups.append((Place, (tile, *cell), rots))
    return MoveList(groups, ends)


def can_place(hand: Sequence[int], colour: int, frontier: Mapping[Cell, int]) -> bool:
    """Whether ``hand`` holds a tile of major ``colour`` that fits a cell."""
    tiles = [t for t in hand if t // TILES_PER_COLOUR == colour]
    if not tiles:
        return False
    for mask in frontier.values():
        row = _FITS.get(mask) or _fits_row(mask)
        for tile in tiles:
            if row[tile]:
                return True
    return False


_OTHER_ROTATIONS = tuple(tuple(r for r in range(4) if r != now) for now in range(4))


def bonus_moves(state: AlpacaState) -> MoveList:
    """Locks of intact pending figures (if counters remain), rotations of
    every tile that is not untouchable (cells by (x, y)), then declining."""
    groups: list[tuple[Callable[..., Any], tuple[Any, ...], tuple[Any, ...]]] = []
    if state.counters > 0:
        locks = tuple(f for f in state.pending if pending_intact(state, f))
        if locks:
            groups.append((Lock, (), locks))
    table, untouchable = state.table, state.untouchable
    for cell in sorted(table):
        if cell not in untouchable:
            groups.append((Rotate, cell, _OTHER_ROTATIONS[table[cell] & 3]))
    groups.append((_no_bonus, (), (None,)))
    return MoveList(groups)
