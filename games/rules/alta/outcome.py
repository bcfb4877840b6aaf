"""Scoring a game state: per-seat totals, breakdowns and the default move's
greedy evaluation.  All points come from ``scoring`` (``score_island`` for a
finished 4 x 4 island, ``score_layout`` for a partial one)."""

from __future__ import annotations

from typing import Any

from .board import CELL_INDEX, CELL_NAMES, EMPTY, SIZE, Island
from .cards import MERCHANTS, TYPES
from .scoring import Pos, harbour_count, placement_total, score_island, score_layout
from .state import AltaState, PlaceHand


def island_layout(island: Island) -> dict[Pos, str]:
    """``{(row, col): type slug}`` of the placed cards (frame coordinates)."""
    return {divmod(i, SIZE): TYPES[t] for i, t in enumerate(island.cells) if t != EMPTY}


def _name(pos: Pos) -> str:
    return CELL_NAMES[pos[0] * SIZE + pos[1]]


def score_seat(
    island: Island, merchants: list[tuple[str, str]]
) -> tuple[dict[str, int], list[int], int]:
    """``(points per cell name, points per merchant card, total)``."""
    layout = island_layout(island)
    if len(layout) == 16 and island.box is not None:
        top, _, left, _ = island.box
        rows = [[layout[(top + r, left + c)] for c in range(4)] for r in range(4)]
        full = score_island(rows, merchants)
        cells = {
            _name((top + r, left + c)): full.cells[r][c]
            for r in range(4)
            for c in range(4)
        }
        return cells, full.merchants, full.total
    partial = score_layout(layout, merchants)
    return (
        {_name(p): v for p, v in partial.cells.items()},
        partial.merchants,
        partial.total,
    )


def score_seats(
    state: AltaState,
) -> tuple[tuple[int, ...], list[tuple[int, int]], tuple[dict[str, Any], ...]]:
    """``(totals, ranking keys (total, harbours), breakdowns)`` for every
    seat, also for an unfinished game."""
    totals, keys, details = [], [], []
    for seat in range(state.players):
        island = state.islands[seat]
        cards = [MERCHANTS[m] for m, _ in state.merchants[seat]]
        cells, merchant_points, total = score_seat(island, cards)
        harbours = harbour_count(island_layout(island))
        totals.append(total)
        keys.append((total, harbours))
        details.append(
            {
                "cells": cells,
                "island_points": sum(cells.values()),
                "merchants": [
                    {"cards": list(c), "points": p}
                    for c, p in zip(cards, merchant_points, strict=True)
                ],
                "merchant_points": sum(merchant_points),
                "total": total,
                "harbours": harbours,
            }
        )
    return tuple(totals), keys, tuple(details)


def best_placement(state: AltaState, seat: int, moves: list[Any]) -> Any:
    """The placement move (``PlaceHand`` or ``Take``) giving the highest
    score right after it, counting the seat's merchant cards; the first in
    ``moves`` among equals."""
    layout = island_layout(state.islands[seat])
    cards = [MERCHANTS[m] for m, _ in state.merchants[seat]]
    now = score_layout(layout, cards).cells
    best, best_points = None, -1
    for move in moves:
        if isinstance(move, PlaceHand):
            card = move.card
        else:
            card = TYPES[state.face_up[move.slot - 1]]
        pos = divmod(CELL_INDEX[move.cell], SIZE)
        points = placement_total(layout, now, pos, card, cards)
        if points > best_points:
            best, best_points = move, points
    return best
