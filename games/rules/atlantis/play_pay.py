"""Atlantis's toll: checking and applying a ``Pay`` sub-move.

A ``Pay`` is a multiset of tiles and cards the seat holds; no change is
given, no item may be handed in that the toll does not need, and paying
more than the toll is allowed only when nothing the seat holds pays it
exactly (``check_payment``).  ``apply_pay`` hands the items in (cards to the
discard pile) and finishes the move as ``play.finish_move`` does after a
toll-free move.
"""

from __future__ import annotations

from typing import NoReturn

from games.engine import Event, IllegalMove
from games.engine.message import Joined, Notation, Term, gettext_noop, message

from .legal import exact_payment
from .moves import Pay
from .notation import format_move
from .play import finish_move
from .state import COLOURS, NUM_COLOURS, PAY, AtlantisState, tile_name, tile_term, tile_value

_event = Event.lazy


def _no_tile_to_pay(own: tuple[int, ...], value: int) -> NoReturn:
    """:raises IllegalMove: no (further) tile of ``value``, naming the
    values of the tiles the seat has collected (public, a copy of each)."""
    if not own:
        raise IllegalMove(gettext_noop("You have no (further) tile of value %(v)s to pay with."), v=value)
    raise IllegalMove(
        gettext_noop("You have no (further) tile of value %(v)s to pay with (your values: %(have)s)."),
        v=value,
        have=", ".join(str(v) for v in sorted(tile_value(t) for t in own)),
    )


def check_payment(state: AtlantisState, seat: int, move: Pay) -> None:
    """:raises IllegalMove: items not owned, too little, a needless item, or
    an overpayment while an exact payment exists."""
    toll = state.toll_due
    counts = [0] * 8
    for t in state.tiles[seat]:
        counts[tile_value(t)] += 1
    for v in move.tiles:
        if type(v) is not int:
            raise IllegalMove(gettext_noop("A payment is tile values and card colours."))
        if not 1 <= v <= 7 or counts[v] <= 0:
            _no_tile_to_pay(state.tiles[seat], v)
        counts[v] -= 1
    hand = list(state.hands[seat])
    for c in move.cards:
        if type(c) is not int or not 0 <= c < NUM_COLOURS:
            raise IllegalMove(gettext_noop("A payment is tile values and card colours."))
        if hand[c] <= 0:
            raise IllegalMove(
                gettext_noop("You have no (further) %(COLOURS)s card to pay with."), COLOURS=Term(COLOURS[c])
            )
        hand[c] -= 1
    total = sum(move.tiles) + len(move.cards)
    if total < toll:
        raise IllegalMove(gettext_noop("The toll is %(toll)s; this pays only %(total)s."), toll=toll, total=total)
    smallest = min([*move.tiles, *([1] if move.cards else [])])
    if total - smallest >= toll:
        item = (
            message(gettext_noop("a card")) if move.cards else message(gettext_noop("tile %(value)s"), value=smallest)
        )
        raise IllegalMove(
            gettext_noop(
                "The toll is %(toll)s and no change is given: pay without the items the toll does not need "
                "(this pays %(total)s; without %(item)s it still pays %(value)s)."
            ),
            toll=toll,
            total=total,
            item=item,
            value=total - smallest,
        )
    if total > toll:
        _refuse_avoidable_overpayment(state, seat, total)


def _refuse_avoidable_overpayment(state: AtlantisState, seat: int, total: int) -> None:
    """:raises IllegalMove: the seat could pay the toll exactly (with the
    tiles and cards it holds now), so paying ``total`` is not allowed; the
    message shows an exact payment as the options write it."""
    toll = state.toll_due
    example = exact_payment(state.tiles[seat], state.hands[seat], toll)
    if example is not None:
        raise IllegalMove(
            gettext_noop(
                "The toll is %(toll)s and you can pay it exactly, for example '%(example)s'; no change is given, "
                "so you may pay more (this pays %(total)s) only when you cannot pay exactly."
            ),
            toll=toll,
            example=Notation(format_move(state, seat, example)),
            total=total,
        )


def apply_pay(state: AtlantisState, seat: int, move: Pay) -> tuple[AtlantisState, list[Event]]:
    if state.phase != PAY:
        raise IllegalMove(gettext_noop("There is no toll to pay now."))
    check_payment(state, seat, move)
    rest = list(state.tiles[seat])  # sorted by value: pay the first of each
    paid_tiles = []
    for v in sorted(move.tiles, reverse=True):
        for i, tile in enumerate(rest):
            if tile >> 3 == v:
                paid_tiles.append(rest.pop(i))
                break
    hand = list(state.hands[seat])
    discard = list(state.discard)
    for c in move.cards:
        hand[c] -= 1
        discard[c] += 1
    tiles = list(state.tiles)
    tiles[seat] = tuple(rest)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    tile_names = [tile_name(t) for t in paid_tiles]
    card_names = [COLOURS[c] for c in sorted(move.cards)]
    parts = [message(gettext_noop("tile %(tile)s"), tile=tile_term(t)) for t in paid_tiles] + [
        message(gettext_noop("a %(colour)s card"), colour=Term(n)) for n in card_names
    ]
    event = _event(
        "pay",
        message(
            gettext_noop("%(seat)s pays the toll of %(toll_due)s with %(parts)s."),
            seat=f"Seat {seat + 1}",
            toll_due=state.toll_due,
            parts=Joined(tuple(parts)),
        ),
        {
            "seat": seat,
            "toll": state.toll_due,
            "tiles": tile_names,
            "cards": card_names,
        },
    )
    state = state.evolve(tiles=tuple(tiles), hands=tuple(hands), discard=tuple(discard))
    return finish_move(state, seat, [event])
