"""The default move's greedy evaluation: the placement that scores most now
(points from ``scoring``)."""

from __future__ import annotations

from typing import Any

from .board import CELL_INDEX, SIZE
from .components import MERCHANTS, TYPES
from .moves import PlaceHand
from .scoring import island_layout, placement_total, score_layout
from .state import AltaState


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
