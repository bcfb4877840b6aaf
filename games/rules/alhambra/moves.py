"""Alhambra's moves (frozen, hashable) and their JSON codec.

Money cards and tiles are the int codes of ``components``; a cell is
``(x, y)`` relative to the fountain.  Card tuples are always sorted, so two
moves that pay or take the same multiset of cards are equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import StateVersionError

Cell = tuple[int, int]


@dataclass(frozen=True)
class Take:
    """Take money from the display: one card, or several totalling <= 5."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Buy:
    """Buy the tile in ``slot`` (0-3), paying ``cards`` in the slot's currency."""

    slot: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Done:
    """End the action part of the turn (after an exact payment, or when no
    action is possible)."""


@dataclass(frozen=True)
class Place:
    """Place a pending tile at ``cell``, or in the reserve (``cell=None``)."""

    tile: int
    cell: Cell | None


@dataclass(frozen=True)
class Gift:
    """Give a tile bought this turn to Dirk (two players)."""

    tile: int


@dataclass(frozen=True)
class Build:
    """Redesign: a reserve tile goes into the Alhambra at ``cell``."""

    tile: int
    cell: Cell


@dataclass(frozen=True)
class Remove:
    """Redesign: the tile at ``cell`` goes to the reserve."""

    cell: Cell


@dataclass(frozen=True)
class Swap:
    """Redesign: reserve ``tile`` replaces the tile at ``cell``, which goes to
    the reserve."""

    tile: int
    cell: Cell


Move = Take | Buy | Done | Place | Gift | Build | Remove | Swap


def _cell(value: Any) -> Cell:
    x, y = value
    return (int(x), int(y))


def dump_move(move: Move) -> dict[str, Any]:
    """The move as JSON-safe data."""
    if isinstance(move, Take):
        return {"kind": "take", "cards": list(move.cards)}
    if isinstance(move, Buy):
        return {"kind": "buy", "slot": move.slot, "cards": list(move.cards)}
    if isinstance(move, Done):
        return {"kind": "done"}
    if isinstance(move, Place):
        cell = None if move.cell is None else list(move.cell)
        return {"kind": "place", "tile": move.tile, "cell": cell}
    if isinstance(move, Gift):
        return {"kind": "gift", "tile": move.tile}
    if isinstance(move, Build):
        return {"kind": "build", "tile": move.tile, "cell": list(move.cell)}
    if isinstance(move, Remove):
        return {"kind": "remove", "cell": list(move.cell)}
    if isinstance(move, Swap):
        return {"kind": "swap", "tile": move.tile, "cell": list(move.cell)}
    raise TypeError(f"not an Alhambra move: {move!r}")


def load_move(data: Any) -> Move:
    """Inverse of ``dump_move``.

    :raises StateVersionError: the data is not a known move.
    """
    try:
        kind = data["kind"]
        if kind == "take":
            return Take(tuple(int(c) for c in data["cards"]))
        if kind == "buy":
            return Buy(int(data["slot"]), tuple(int(c) for c in data["cards"]))
        if kind == "done":
            return Done()
        if kind == "place":
            cell = data["cell"]
            return Place(int(data["tile"]), None if cell is None else _cell(cell))
        if kind == "gift":
            return Gift(int(data["tile"]))
        if kind == "build":
            return Build(int(data["tile"]), _cell(data["cell"]))
        if kind == "remove":
            return Remove(_cell(data["cell"]))
        if kind == "swap":
            return Swap(int(data["tile"]), _cell(data["cell"]))
    except (KeyError, TypeError, ValueError) as error:
        raise StateVersionError(f"Not an Alhambra move: {data!r}") from error
    raise StateVersionError(f"Unknown Alhambra move kind: {kind!r}")
