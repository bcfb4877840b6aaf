"""``default_move`` for Alhambra: what a timed-out or departed seat plays."""

from __future__ import annotations

from games.engine import IllegalMove
from games.engine.message import gettext_noop

from . import legal
from .moves import Done, Move, Place, Take
from .state import AlhambraState


def default_move(state: AlhambraState, seat: int) -> Move:
    """An extra action is declined (``done``); otherwise the most money on
    offer is taken.  A tile to place goes to the first free spot in reading
    order where it fits, else to the reserve.

    :raises IllegalMove: the seat has nothing to do.
    """
    options = legal.legal_moves(state, seat)
    if not options:
        raise IllegalMove(gettext_noop("There is no legal move for this seat."))
    if state.phase == "action":
        if state.extra:
            return Done()
        offers = [m for m in options if isinstance(m, Take)]
        if offers:
            return max(offers, key=lambda m: sum(c % 10 for c in m.cards))
        return options[-1] if isinstance(options[-1], Done) else options[0]
    tile = state.seats[seat].pending[0]
    spots = state.seats[seat].alhambra.spots_for(tile)
    return Place(tile, spots[0] if spots else None)
