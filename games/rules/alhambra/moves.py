"""Alhambra's moves (frozen, hashable); ``codec`` turns them into JSON.

Money cards and tiles are the int codes of ``components``; a cell is
``(x, y)`` relative to the fountain.  Card tuples are always sorted, so two
moves that pay or take the same multiset of cards are equal.
"""

from __future__ import annotations

from dataclasses import dataclass

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
