"""``default_move`` for Alta: what a timed-out or departed seat plays, a
greedy placement (points from ``scoring``)."""

from __future__ import annotations

from typing import Any

from games.engine import IllegalMove
from games.engine.message import gettext_noop

from .board import CELL_INDEX, SIZE
from .components import MERCHANTS, TYPES
from .legal import REFRESH, legal_moves
from .moves import Move, PlaceHand
from .scoring import island_layout, placement_total, score_layout
from .state import HAND_MERCHANT, TAKE_MERCHANT, AltaState


def best_placement(state: AltaState, seat: int, moves: list[Any]) -> Any:
    """The placement move (``PlaceHand`` or ``Take``) giving the highest
    score right after it, counting the seat's merchant cards; the first in
    ``moves`` among equals."""
    layout = island_layout(state.islands[seat])
    cards = [MERCHANTS[m] for m, _ in state.merchants[seat]]
    now = score_layout(layout, cards).cells
    best, best_points = None, -1
    for move in moves:
        card = move.card if isinstance(move, PlaceHand) else TYPES[state.face_up[move.slot - 1]]
        pos = divmod(CELL_INDEX[move.cell], SIZE)
        points = placement_total(layout, now, pos, card, cards)
        if points > best_points:
            best, best_points = move, points
    return best


def default_move(state: AltaState, seat: int) -> Move:
    """Take the face-up merchant card (blind if none); otherwise the
    placement that scores the most points now (first in ``legal_moves``
    order among equals); never refresh.

    :raises IllegalMove: ``seat`` has no move.
    """
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove(gettext_noop("There is no legal move for this seat."))
    if state.step in (HAND_MERCHANT, TAKE_MERCHANT):
        return moves[0]
    best: Move = best_placement(state, seat, [m for m in moves if m is not REFRESH])
    return best
