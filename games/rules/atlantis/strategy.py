"""``default_move`` for Atlantis: what a timed-out or departed seat plays."""

from __future__ import annotations

from games.engine import IllegalMove
from games.engine.message import gettext_noop

from . import legal
from .board import MAINLAND
from .moves import Go, Move, Pass
from .state import OVER, PAY, AtlantisState


def default_move(state: AtlantisState, seat: int) -> Move:
    """Deterministic fallback: never sells or builds; moves the pawn that
    gains the most (tile taken - toll - cards used, then the furthest),
    else passes; pays a toll with the first listed payment (exact with the
    fewest cards, else the least overpayment; see ``legal.pay_options``).

    :raises IllegalMove: it is not the seat's turn.
    """
    if state.phase == OVER or seat != state.turn:
        raise IllegalMove(gettext_noop("There is no legal move for this seat."))
    if state.phase == PAY:
        first: Move = legal.legal(state, seat)[0]
        return first
    best: tuple[tuple[int, int, int], Go] | None = None
    occupied = state.occupied()
    for index, (move, destination, toll) in enumerate(legal.walks(state, seat)):
        after = (occupied - {move.origin}) | ({destination} - {MAINLAND})
        taken = state.road.nearest_free_behind(destination, after)
        gain = state.road.values[taken] - toll - len(move.colours)
        key = (-gain, -destination, index)
        if best is None or key < best[0]:
            best = (key, move)
    return Pass() if best is None else best[1]
