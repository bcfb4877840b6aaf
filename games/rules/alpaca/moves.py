"""Alpaca's moves (frozen, hashable); ``codec`` turns them into JSON."""

from __future__ import annotations

from dataclasses import dataclass

from .state import Figure


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``tile`` from the hand at ``(x, y)`` in ``rot``."""

    tile: int
    x: int
    y: int
    rot: int


@dataclass(frozen=True, slots=True)
class Rotate:
    """Bonus action: turn the tile at ``(x, y)`` to rotation ``rot``."""

    x: int
    y: int
    rot: int


@dataclass(frozen=True, slots=True)
class Lock:
    """Bonus action: make the just-completed ``figure`` untouchable."""

    figure: Figure


@dataclass(frozen=True, slots=True)
class NoBonus:
    """Bonus action declined."""


Move = Place | Rotate | Lock | NoBonus
