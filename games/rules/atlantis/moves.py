"""Atlantis moves: the sub-moves of a turn (see play.py), frozen and cheap to
compare.  Colours are indices into ``state.COLOURS``; tiles are the ints of
state.py."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sell:
    """Hand in one collected tile of ``value`` for value // 2 cards."""

    value: int


@dataclass(frozen=True)
class BuildBridge:
    """Build the seat's bridge over the gap starting at ``position``."""

    position: int


@dataclass(frozen=True)
class Go:
    """Move the seat's pawn standing on ``origin``, playing ``colours`` in order."""

    origin: int
    colours: tuple[int, ...]


@dataclass(frozen=True)
class Pay:
    """Pay the toll due: tile values (descending) and card colours (ascending)."""

    tiles: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Pass:
    """No legal move: draw 2 cards instead."""


Move = Sell | BuildBridge | Go | Pay | Pass
