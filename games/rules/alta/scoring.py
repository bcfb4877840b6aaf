"""Alta scoring: every card's points and the merchant cards' pairs.

``score_island`` is the public helper for a finished 4 x 4 island;
``score_layout`` is the same scoring for any set of cards keyed by
``(row, col)`` (a partial island at an early end, or for the default move);
``score_seats`` scores a game state: per-seat totals and breakdowns.
A fishing harbour counts as coast on the edge of the island's bounding box:
on a full 4 x 4 island exactly the outer ring of 12 cells (rules file).  On
a partial island a cell strictly inside the box can never end on that ring
(the box only grows outward), so it is inland even with an empty side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import CELL_NAMES, EMPTY, SIZE, Island
from .components import MERCHANTS, TYPE_INDEX, TYPES
from .state import AltaState

Pos = tuple[int, int]

_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_WHEAT_POINTS = (0, 1, 3, 5, 8)


@dataclass(frozen=True)
class IslandScore:
    """Points of a 4 x 4 island: ``cells[row][col]``, one entry per merchant
    card in the order given, and the total."""

    cells: list[list[int]]
    merchants: list[int]
    total: int


@dataclass(frozen=True)
class LayoutScore:
    """Points of any island: ``cells`` maps each position to its points."""

    cells: dict[Pos, int]
    merchants: list[int]
    total: int


def _neighbours(pos: Pos) -> list[Pos]:
    row, col = pos
    return [(row + dr, col + dc) for dr, dc in _STEPS]


def _has_other_type_between(cells: Mapping[Pos, str], a: Pos, b: Pos) -> bool:
    """Whether a placed non-tower card lies strictly between towers a and b
    (same row or column)."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        between = [(r1, c) for c in range(min(c1, c2) + 1, max(c1, c2))]
    else:
        between = [(r, c1) for r in range(min(r1, r2) + 1, max(r1, r2))]
    return any(cells.get(p, "tower") != "tower" for p in between)


def _tower_bonus(cells: Mapping[Pos, str], pos: Pos) -> int:
    """+3 for a partner tower in the row, +3 in the column (at most one each)."""
    row, col = pos
    in_row = in_col = False
    for other, kind in cells.items():
        if kind != "tower" or other == pos:
            continue
        if other[0] == row:
            in_row = in_row or _has_other_type_between(cells, pos, other)
        elif other[1] == col:
            in_col = in_col or _has_other_type_between(cells, pos, other)
    return 3 * in_row + 3 * in_col


def _on_box_edge(cells: Mapping[Pos, str], pos: Pos) -> bool:
    """Whether ``pos`` lies in the first or last row or column of the
    bounding box of ``cells`` (the coast of a full 4 x 4 island)."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return pos[0] in (min(rows), max(rows)) or pos[1] in (min(cols), max(cols))


def card_points(cells: Mapping[Pos, str], pos: Pos) -> int:
    """Points of the card at ``pos`` (fixed plus conditional)."""
    kind = cells[pos]
    around = [cells[p] for p in _neighbours(pos) if p in cells]
    if kind == "farmer":
        return 1 + sum(k in ("wheat_field", "market") for k in around)
    if kind == "settlement":
        return 1 + 2 * sum(k in ("mill", "fishing_harbour") for k in around)
    if kind == "tavern":
        return 2 + 2 * min(2, sum(k in ("fishing_harbour", "market") for k in around))
    if kind == "farmers_hut":
        return 2 + (3 if around.count("farmer") == 1 else 0)
    if kind == "mill":
        return 3 + (2 if around.count("farmer") == 1 else 0)
    if kind == "wheat_field":
        return _WHEAT_POINTS[len(set(around) - {"wheat_field"})]
    if kind == "fishing_harbour":
        if not _on_box_edge(cells, pos):
            return 0  # inland: never on the outer ring of the 4 x 4
        return 2 * around.count("wheat_field") + 3 * around.count("farmers_hut")
    if kind == "tower":
        return 1 + _tower_bonus(cells, pos)
    return 0  # market: no points of its own (a house ruling)


def max_adjacent_pairs(cells: Mapping[Pos, str], first: str, second: str) -> int:
    """Size of a maximum matching between ``first`` and ``second`` cards that
    share an edge (augmenting paths; at most 9 cards a side)."""
    lefts = sorted(p for p, k in cells.items() if k == first)
    partner: dict[Pos, Pos] = {}  # second-type card -> its matched first card

    def augment(left: Pos, seen: set[Pos]) -> bool:
        for right in _neighbours(left):
            if cells.get(right) != second or right in seen:
                continue
            seen.add(right)
            if right not in partner or augment(partner[right], seen):
                partner[right] = left
                return True
        return False

    return sum(augment(left, set()) for left in lefts)


def merchant_points(cells: Mapping[Pos, str], first: str, second: str) -> int:
    """One merchant card: min(#A, #B) pairs, 3 each, +2 per adjacent pair in
    the owner's best pairing (a house ruling).

    :raises ValueError: the card shows one type twice (no Alta card does).
    """
    if first == second:
        raise ValueError("A merchant card shows two different types.")
    kinds = list(cells.values())
    pairs = min(kinds.count(first), kinds.count(second))
    return 3 * pairs + 2 * max_adjacent_pairs(cells, first, second)


def score_layout(cells: Mapping[Pos, str], merchants: Sequence[tuple[str, str]]) -> LayoutScore:
    """Score any island given as ``{(row, col): type slug}``.

    :raises ValueError: unknown type slug or an invalid merchant card.
    """
    for kind in list(cells.values()) + [k for pair in merchants for k in pair]:
        if kind not in TYPE_INDEX:
            raise ValueError(f"Unknown card type {kind!r}.")
    points = {pos: card_points(cells, pos) for pos in cells}
    merchant = [merchant_points(cells, a, b) for a, b in merchants]
    return LayoutScore(points, merchant, sum(points.values()) + sum(merchant))


def placement_total(
    cells: Mapping[Pos, str],
    points: Mapping[Pos, int],
    pos: Pos,
    card: str,
    merchants: Sequence[tuple[str, str]],
) -> int:
    """``score_layout`` total of ``cells`` with ``card`` added at the empty
    ``pos``, given ``points``: every card's points in ``cells``.  Only the
    new card, its neighbours and the towers in its row and column can
    change (what ``card_points`` reads), and the harbours (the card may
    widen the bounding box and so move the coast), so only those are scored
    again; the merchant cards are scored afresh."""
    trial = dict(cells)
    trial[pos] = card
    changed = [p for p in _neighbours(pos) if p in cells]
    changed += [
        p
        for p, kind in cells.items()
        if p not in changed and (kind == "fishing_harbour" or (kind == "tower" and (p[0] == pos[0] or p[1] == pos[1])))
    ]
    total = sum(points.values()) - sum(points[p] for p in changed)
    total += sum(card_points(trial, p) for p in changed) + card_points(trial, pos)
    return total + sum(merchant_points(trial, a, b) for a, b in merchants)


def score_island(island: Sequence[Sequence[str]], merchants: Sequence[tuple[str, str]]) -> IslandScore:
    """Score a finished island.

    ``island``: 4 rows of 4 type slugs (row by row); ``merchants``: the
    owner's merchant cards as ``(type, type)`` pairs.  Returns the points of
    every cell, of every merchant card (same order) and the total.

    :raises ValueError: not 4 x 4, an unknown slug, or an invalid merchant.
    """
    if len(island) != 4 or any(len(row) != 4 for row in island):
        raise ValueError("An island is 4 rows of 4 card types.")
    cells = {(r, c): kind for r, row in enumerate(island) for c, kind in enumerate(row)}
    layout = score_layout(cells, merchants)
    grid = [[layout.cells[(r, c)] for c in range(4)] for r in range(4)]
    return IslandScore(grid, layout.merchants, layout.total)


def harbour_count(cells: Mapping[Pos, str]) -> int:
    """Fishing harbours anywhere on the island (the tie-break)."""
    return sum(kind == "fishing_harbour" for kind in cells.values())


# ------------------------------------------------------- a game state
def island_layout(island: Island) -> dict[Pos, str]:
    """``{(row, col): type slug}`` of the placed cards (frame coordinates)."""
    return {divmod(i, SIZE): TYPES[t] for i, t in enumerate(island.cells) if t != EMPTY}


def _name(pos: Pos) -> str:
    return CELL_NAMES[pos[0] * SIZE + pos[1]]


def score_seat(island: Island, merchants: list[tuple[str, str]]) -> tuple[dict[str, int], list[int], int]:
    """``(points per cell name, points per merchant card, total)``."""
    layout = island_layout(island)
    if len(layout) == 16 and island.box is not None:
        top, _, left, _ = island.box
        rows = [[layout[(top + r, left + c)] for c in range(4)] for r in range(4)]
        full = score_island(rows, merchants)
        cells = {_name((top + r, left + c)): full.cells[r][c] for r in range(4) for c in range(4)}
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
                "merchants": [{"cards": list(c), "points": p} for c, p in zip(cards, merchant_points, strict=True)],
                "merchant_points": sum(merchant_points),
                "total": total,
                "harbours": harbours,
            }
        )
    return tuple(totals), keys, tuple(details)
