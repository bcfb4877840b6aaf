"""Placing the buildings an Alhambra seat bought: the "place" phase.

Each bought building is placed in the Alhambra, put in the reserve or (with
two players) given to Dirk; the turn ends when none is left to place.  At
the end of the game the buildings handed out are placed the same way, then
the final scoring follows.  Any other move while buildings wait is refused
with what to do first (``refuse_while_placing``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from games.engine import Event, IllegalMove
from games.engine.message import Notation, gettext_noop, message

from .components import cell_label, tile_term
from .moves import Done, Gift, Move, Place
from .play_end import end_turn, final_scoring
from .state import AlhambraState, SeatState, event, evolve, evolved

Result = tuple[AlhambraState, list[Event]]


#: The sentences of the frequent placings, marked for translation once here
#: (as in ``play``).
_RESERVES = gettext_noop("%(seat)s puts %(tile_label)s in the reserve.")
_PLACES = gettext_noop("%(seat)s places %(tile_label)s at %(cell_label)s.")


#: What a seat with new buildings to place is told first, by (whether it
#: may give them to Dirk, whether it has one).
_PLACE_FIRST = {
    (False, True): gettext_noop("First place your new building: 'place <building> at <cell>' or 'reserve <building>'."),
    (False, False): gettext_noop(
        "First place your new buildings: 'place <building> at <cell>' or 'reserve <building>'."
    ),
    (True, True): gettext_noop(
        "First place your new building: 'place <building> at <cell>', 'reserve <building>' "
        "or 'give <building> to Dirk'."
    ),
    (True, False): gettext_noop(
        "First place your new buildings: 'place <building> at <cell>', 'reserve <building>' "
        "or 'give <building> to Dirk'."
    ),
}


def refuse_while_placing(state: AlhambraState, seat: int, move: Move) -> NoReturn:
    """:raises IllegalMove: a move other than placing while the seat's new
    buildings wait to be placed (or the game's hand-out), saying what to
    do first."""
    # A whole sentence for each case, not a clause added in English: a
    # Dutch reader gets "geef <gebouw> aan Dirk" too.
    to_dirk = state.dirk is not None and state.phase == "place"
    first = message(_PLACE_FIRST[to_dirk, len(state.seats[seat].pending) == 1])
    if state.phase != "place" or isinstance(move, Done):
        # The hand-out at the end has no actions to speak of; 'done' is
        # no action.
        raise IllegalMove(first)
    # An action once the actions are over (an overpaid purchase, money
    # taken, a redesign or 'done' ended them): say why none is left.
    raise IllegalMove(
        gettext_noop("%(first)s %(more)s"),
        first=message(gettext_noop("Your actions this turn are over (only an exact payment gives another one).")),
        more=first,
    )


def _pending_tile(seat_state: SeatState, tile: int) -> tuple[int, ...]:
    if tile not in seat_state.pending:
        raise IllegalMove(gettext_noop("That building is not waiting to be placed."))
    return tuple([t for t in seat_state.pending if t != tile])


def apply_place(state: AlhambraState, seat: int, move: Place) -> Result:
    seat_state = state.seats[seat]
    tile, cell = move.tile, move.cell
    pending = _pending_tile(seat_state, tile)
    data: dict[str, Any]
    if cell is None:
        reserve = tuple(sorted(seat_state.reserve + (tile,)))
        seat_state = evolve(seat_state, pending=pending, reserve=reserve)
        text = message(
            _RESERVES,
            seat=f"Seat {seat + 1}",
            tile_label=tile_term(tile),
        )
        data = {"seat": seat, "tile": tile, "cell": None}
    else:
        alhambra = seat_state.alhambra
        if not alhambra.fits(tile, cell):
            error = alhambra.placement_error(tile, cell, Notation(cell_label(cell)))
            raise IllegalMove(
                gettext_noop("%(tile_label)s cannot be placed there: %(error)s."),
                tile_label=tile_term(tile),
                error=error or "",
            )
        seat_state = evolve(seat_state, pending=pending, alhambra=alhambra.with_tile(cell, tile))
        text = message(
            _PLACES,
            seat=f"Seat {seat + 1}",
            tile_label=tile_term(tile),
            cell_label=Notation(cell_label(cell)),
        )
        data = {"seat": seat, "tile": tile, "cell": list(cell)}
    return _after_place(state, seat, seat_state, {}, [event("place", text, data)])


def apply_gift(state: AlhambraState, seat: int, move: Gift) -> Result:
    if state.dirk is not None and state.phase == "handout":
        raise IllegalMove(gettext_noop("Dirk never receives the buildings handed out at the end of the game."))
    if state.dirk is None or state.phase != "place":
        raise IllegalMove(gettext_noop("Only in a two-player game can a building bought this turn be given to Dirk."))
    seat_state = state.seats[seat]
    pending = _pending_tile(seat_state, move.tile)
    seat_state = evolve(seat_state, pending=pending)
    changes = {"dirk": tuple(sorted(state.dirk + (move.tile,)))}
    text = message(
        gettext_noop("%(seat)s gives %(tile_label)s to Dirk."), seat=f"Seat {seat + 1}", tile_label=tile_term(move.tile)
    )
    new_event = event("gift", text, {"seat": seat, "tile": move.tile})
    return _after_place(state, seat, seat_state, changes, [new_event])


def _after_place(
    state: AlhambraState,
    seat: int,
    seat_state: SeatState,
    changes: dict[str, Any],
    events: list[Event],
) -> Result:
    seats = list(state.seats)
    seats[seat] = seat_state
    changes["seats"] = tuple(seats)
    if state.phase == "handout":
        new = evolved(state, changes)
        if any(s.pending for s in seats):
            return new, events
        return final_scoring(new, events)
    if seat_state.pending:
        return evolved(state, changes), events
    return end_turn(state, changes, events)
