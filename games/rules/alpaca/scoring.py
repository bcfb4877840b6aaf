"""Alpaca points: n(n-1)/2 per chain of n triangles of a player's colour.

As in ``board``, the functions with a leading underscore take the internal
table; ``score`` takes plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import _chain_groups, internal_table
from .state import COLOURS, AlpacaState, Cell

_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}


def triangle_number(n: int) -> int:
    """Points for a chain of ``n`` triangles: n(n-1)/2 (1 -> 0, 2 -> 1, 4 -> 6)."""
    return n * (n - 1) // 2


# ------------------------------------------------------------- conversion


def _colour_score(table: Mapping[Cell, int], colour: int) -> int:
    """Points of ``colour``: n(n-1)/2 summed over its chains."""
    return sum(triangle_number(len(g)) for g in _chain_groups(table, colour))


def _chain_lengths(table: Mapping[Cell, int], colour: int) -> list[int]:
    """Lengths (>= 2, longest first) of the chains of ``colour``."""
    return sorted((len(g) for g in _chain_groups(table, colour)), reverse=True)


def score(table: Mapping[Cell, tuple[Any, ...]], colour: str) -> int:
    """Points ``colour`` scores on a plain-data table.

    :raises ValueError: the table is not valid plain data or unknown colour.
    """
    if colour not in _COLOUR_INDEX:
        raise ValueError(f"unknown colour {colour!r}")
    return _colour_score(internal_table(table), _COLOUR_INDEX[colour])


def score_seats(
    state: AlpacaState,
) -> tuple[tuple[int, ...], Sequence[Any], tuple[dict[str, Any], ...]]:
    """``(scores, ranking keys, details)``: the points of each seat's colour
    are its score and its ranking key; the details list its chains."""
    scores = tuple(_colour_score(state.table, c) for c in state.colours)
    details = tuple(
        {
            "colour": COLOURS[c],
            "chains": _chain_lengths(state.table, c),
            "points": scores[seat],
        }
        for seat, c in enumerate(state.colours)
    )
    return scores, scores, details
