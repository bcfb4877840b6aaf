"""Alhambra's moves applied: the three actions (take money, buy, redesign).

The placing of the bought buildings (the "place" phase and the hand-out at
the end) is in ``play_place``, the end of a turn and of the game in
``play_end``.

Pure functions on ``AlhambraState``; ``rules.AlhambraRules`` wires them into
the engine protocol.  Every handler validates fully before it builds the new
state (so an ``IllegalMove`` changes nothing), collects the changed fields
and builds the new state once (this is the hot path of random play).
"""

from __future__ import annotations

from typing import Any

from games.engine import Event, IllegalMove
from games.engine.message import Joined, Message, Notation, gettext_noop, message

from .components import CURRENCY_TERMS, TILE_KIND, TILES, card_term, cell_label, tile_term
from .legal import legal_moves, payments
from .moves import Build, Buy, Done, Gift, Move, Place, Remove, Swap, Take
from .play_end import end_turn
from .play_place import apply_gift, apply_place, refuse_while_placing
from .state import AlhambraState, SeatState, event, evolve, evolved, joined

Result = tuple[AlhambraState, list[Event]]


#: The sentences of the frequent moves, marked for translation once here
#: (a call per move was a measurable part of random play).
_ON_DISPLAY = gettext_noop("on display")
_IN_HAND = gettext_noop("in your hand")
_FEW_ON_DISPLAY = gettext_noop("The display shows only %(count)s of %(card_name)s.")
_FEW_IN_HAND = gettext_noop("You hold only %(count)s %(card_name)s.")
#: The last such sentence of a payment's refusal, naming the payer's cards
#: of its currency once.
_FEW_IN_HAND_HELD = gettext_noop("You hold only %(count)s %(card_name)s (your %(currency)s: %(values)s).")
_DISPLAY_NOW = gettext_noop("On display now: %(card_names)s.")
_DISPLAY_EMPTY = gettext_noop("The display is empty.")
_TAKES = gettext_noop("%(seat)s takes %(names)s.")
_BUYS_EXACT = gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s (exact: another action).")
_BUYS = gettext_noop("%(seat)s buys %(tile_label)s for %(currency)s %(names)s.")
_REMOVES = gettext_noop("%(seat)s moves %(tile_label)s from %(label)s to the reserve.")
_BUILDS = gettext_noop("%(seat)s builds %(name)s from the reserve at %(label)s.")
_SWAPS = gettext_noop("%(seat)s swaps %(tile_label)s from the reserve with %(tile_label2)s at %(label)s.")


def apply_move(state: AlhambraState, seat: int, move: Move) -> Result:
    """Apply a move of a seat that is to move.

    :raises IllegalMove: the move breaks a rule (nothing changes).
    """
    if state.phase == "action":
        if isinstance(move, Take):
            return _take(state, seat, move)
        if isinstance(move, Buy):
            return _buy(state, seat, move)
        if isinstance(move, (Build, Remove, Swap)):
            return _redesign(state, seat, move)
        if isinstance(move, Done):
            if not state.extra and legal_moves(state, seat) != [Done()]:
                raise IllegalMove(
                    gettext_noop(
                        "You must take an action (take money, buy or redesign); 'done' ends your turn only after "
                        "an exact payment or when no action is possible."
                    )
                )
            new_event = event(
                "done", message(gettext_noop("%(seat)s ends the turn."), seat=f"Seat {seat + 1}"), {"seat": seat}
            )
            return _after_action(state, seat, state.seats[seat], {}, [new_event])
        raise IllegalMove(gettext_noop("Choose an action: take money, buy a building or redesign your Alhambra."))
    if isinstance(move, Place):
        return apply_place(state, seat, move)
    if isinstance(move, Gift):
        return apply_gift(state, seat, move)
    refuse_while_placing(state, seat, move)


def _remove_cards(
    have: tuple[int, ...],
    cards: tuple[int, ...],
    where: str,
    few: str,
    *,
    show: bool = False,
    currency: int | None = None,
) -> tuple[int, ...]:
    """``have`` without ``cards``.

    :param where: where the cards should be, a template ("on display").
    :param few: what is said of a card named more often than ``have``
        holds it, a template with ``count`` and ``card_name`` ("You hold
        only 2 denar 3."): "there is no denar 3" would be untrue.
    :param show: the refusal ends by naming ``have`` (the display, which
        everyone sees), so the player can name what is there next time.
    :param currency: ``have`` is the mover's own hand and they pay in this
        currency (every card named is of it): the refusal names their
        cards of it once, for the same reason: in its last "only" sentence
        ("You hold only 2 denar 3 (your denar: 3, 3, 4)."), else in a
        sentence of its own ("You hold denar 2, 3, 5.").  The refusal goes
        to the mover alone (their API answer, refusal mail or page), so
        their hand is told to nobody else.
    :raises IllegalMove: cards are missing; names every missing one (each
        once), so the player learns all they got wrong at once.
    """
    rest, missing = list(have), []
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            missing.append(c)
    if not missing:
        return tuple(rest)
    absent = sorted({c for c in missing if c not in have})
    short = sorted({c for c in missing if c in have})
    said = [message(few, count=have.count(c), card_name=card_term(c)) for c in short]
    if currency is not None and short:
        said[-1] = message(
            _FEW_IN_HAND_HELD,
            count=have.count(short[-1]),
            card_name=card_term(short[-1]),
            currency=CURRENCY_TERMS[currency],
            values=_values(have, currency),
        )
    elif currency is not None and absent:
        said.append(_held(have, currency))
    if absent:
        said.insert(0, _not_there(absent, where))
    if show:
        said.append(_shown(have))
    if len(said) == 1:
        raise IllegalMove(said[0])
    # Several sentences, read one after the other.
    raise IllegalMove(gettext_noop("%(first)s %(more)s"), first=said[0], more=joined(tuple(said[1:]), " "))


def _shown(display: tuple[int, ...]) -> Message:
    """The sentence naming the money on display, in its order."""
    if not display:
        return message(_DISPLAY_EMPTY)
    return message(_DISPLAY_NOW, card_names=joined(tuple([card_term(c) for c in display])))


def _held(hand: tuple[int, ...], currency: int) -> Message:
    """The sentence naming the values of ``hand``'s cards of ``currency``
    (the hand is sorted: so are they)."""
    values = _values(hand, currency)
    if not values.items:
        return message(gettext_noop("You hold no %(currency)s."), currency=CURRENCY_TERMS[currency])
    return message(gettext_noop("You hold %(currency)s %(values)s."), currency=CURRENCY_TERMS[currency], values=values)


def _values(hand: tuple[int, ...], currency: int) -> Joined:
    """The values of ``hand``'s cards of ``currency``, in its (sorted) order."""
    return joined(tuple([str(c % 10) for c in hand if c // 10 == currency]))


def _not_there(absent: list[int], where: str) -> Message:
    """The sentence naming cards of which not one is ``where``."""
    if len(absent) == 1:
        return message(
            gettext_noop("There is no %(card_name)s %(where)s."), card_name=card_term(absent[0]), where=message(where)
        )
    return message(
        gettext_noop("These cards are not %(where)s: %(card_names)s."),
        where=message(where),
        card_names=joined(tuple([card_term(c) for c in absent])),
    )


def _after_action(
    state: AlhambraState,
    seat: int,
    seat_state: SeatState,
    changes: dict[str, Any],
    events: list[Event],
    exact: bool = False,
) -> Result:
    """After an action: another action (exact payment), else placing the
    bought tiles, else the end of the turn."""
    seats = list(state.seats)
    seats[seat] = seat_state
    changes["seats"] = tuple(seats)
    changes["extra"] = exact
    if exact:
        return evolved(state, changes), events
    if seat_state.pending:
        changes["phase"] = "place"
        return evolved(state, changes), events
    return end_turn(state, changes, events)


def _take(state: AlhambraState, seat: int, move: Take) -> Result:
    cards = tuple(sorted(move.cards))
    if not cards:
        raise IllegalMove(gettext_noop("Name at least one money card to take."))
    # Cards not on display are named before the sum is judged, as for a
    # payment: the total of cards that are not there is beside the point.
    display = _remove_cards(state.display, cards, _ON_DISPLAY, _FEW_ON_DISPLAY, show=True)
    total = sum(c % 10 for c in cards)
    if len(cards) > 1 and total > 5:
        raise IllegalMove(
            gettext_noop(
                "You may take one card of any value, or several cards totalling at most 5 (these total %(total)s)."
            ),
            total=total,
        )
    seat_state = state.seats[seat]
    seat_state = evolve(seat_state, hand=tuple(sorted(seat_state.hand + cards)))
    names = joined(tuple([card_term(c) for c in cards]), " + ")
    new_event = event(
        "take",
        message(_TAKES, seat=f"Seat {seat + 1}", names=names),
        {"seat": seat, "cards": list(cards)},
    )
    return _after_action(state, seat, seat_state, {"display": display}, [new_event])


def _buy(state: AlhambraState, seat: int, move: Buy) -> Result:
    slot = move.slot
    if not 0 <= slot < 4:
        raise IllegalMove(gettext_noop("The market has slots 1 to 4."))
    tile = state.market[slot]
    if tile is None:
        raise IllegalMove(gettext_noop("Slot %(slot)s is empty this turn."), slot=slot + 1)
    cards = tuple(sorted(move.cards))
    currency = CURRENCY_TERMS[slot]
    if not cards:
        raise IllegalMove(gettext_noop("Name the %(currency)s cards you pay with."), currency=currency)
    wrong = [c for c in cards if c // 10 != slot]
    if wrong:
        raise IllegalMove(
            gettext_noop("Slot %(slot)s is paid in %(currency)s only, not with %(card_name)s."),
            slot=slot + 1,
            currency=currency,
            card_name=card_term(wrong[0]),
        )
    seat_state = state.seats[seat]
    # Cards not held are named before any sum is judged: the price of
    # cards the player does not have is beside the point.
    hand = _remove_cards(seat_state.hand, cards, _IN_HAND, _FEW_IN_HAND, currency=slot)
    price = TILES[tile].price
    total = sum(c % 10 for c in cards)
    if total < price:
        raise IllegalMove(
            gettext_noop("%(tile_label)s costs %(price)s %(currency)s; you offer only %(total)s."),
            tile_label=tile_term(tile, walls=False),
            price=price,
            currency=currency,
            total=total,
        )
    if total - cards[0] % 10 >= price:
        # The card to leave out: one whose leaving out pays exactly if
        # there is one (4+5+5 for 9: a 5, as 5+5 would be refused too),
        # else the smallest.
        spare = next((c for c in cards if total - c % 10 == price), cards[0])
        raise IllegalMove(
            gettext_noop(
                "%(card_name)s is not needed: the other cards already cover the price of %(price)s (no "
                "change is given, so leave it out)."
            ),
            card_name=card_term(spare),
            price=price,
        )
    if total > price:
        _refuse_avoidable_overpayment(seat_state.hand, slot, tile, total)
    seat_state = evolve(seat_state, hand=hand, pending=seat_state.pending + (tile,))
    market = list(state.market)
    market[slot] = None
    exact = total == price
    names = "+".join([str(c % 10) for c in cards])
    template = _BUYS_EXACT if exact else _BUYS
    text = message(template, seat=f"Seat {seat + 1}", tile_label=tile_term(tile), currency=currency, names=names)
    events = [event("buy", text, {"seat": seat, "tile": tile, "cards": list(cards)})]
    changes = {"market": tuple(market), "discard": tuple(sorted(state.discard + cards))}
    return _after_action(state, seat, seat_state, changes, events, exact)


def _refuse_avoidable_overpayment(hand: tuple[int, ...], slot: int, tile: int, total: int) -> None:
    """:raises IllegalMove: the cards of ``slot``'s currency in ``hand`` pay
    the price of ``tile`` exactly, so an overpayment of ``total`` is not
    allowed; the message gives an exact payment (the first one listed)."""
    price = TILES[tile].price
    values = tuple(sorted([c % 10 for c in hand if c // 10 == slot], reverse=True))
    listed = payments(values, price)
    if listed and sum(listed[0]) == price:
        raise IllegalMove(
            gettext_noop(
                "%(tile_label)s costs %(price)s %(currency)s and you can pay that exactly, for example with "
                "%(currency)s %(values)s; no change is given, so you may pay more (you offer %(total)s) only when "
                "you cannot pay exactly."
            ),
            tile_label=tile_term(tile, walls=False),
            price=price,
            currency=CURRENCY_TERMS[slot],
            values="+".join([str(v) for v in listed[0]]),
            total=total,
        )


def _redesign(state: AlhambraState, seat: int, move: Any) -> Result:
    seat_state = state.seats[seat]
    alhambra, reserve = seat_state.alhambra, list(seat_state.reserve)
    cell = move.cell
    label = Notation(cell_label(cell))  # in the reader's notation (Dutch Z1O2)
    if move.__class__ is Remove:
        tile = alhambra.tile_at(cell)
        if tile is None:
            raise IllegalMove(gettext_noop("There is no building at %(label)s."), label=label)
        if not alhambra.can_remove(cell):
            if TILE_KIND[tile] < 0:
                raise IllegalMove(gettext_noop("The fountain never moves."))
            raise IllegalMove(
                gettext_noop(
                    "%(tile_label)s at %(label)s cannot be removed: the rest would leave a building cut off "
                    "from the fountain or an enclosed hole."
                ),
                tile_label=tile_term(tile),
                label=label,
            )
        alhambra = alhambra.without(cell)
        reserve.append(tile)
        text = message(
            _REMOVES,
            seat=f"Seat {seat + 1}",
            tile_label=tile_term(tile),
            label=label,
        )
        data = {"seat": seat, "tile": tile, "cell": list(cell), "to": "reserve"}
    else:
        tile = move.tile
        if tile not in reserve:
            raise IllegalMove(gettext_noop("That building is not in your reserve."))
        reserve.remove(tile)
        if move.__class__ is Build:
            if not alhambra.fits(tile, cell):
                error = alhambra.placement_error(tile, cell, label)
                raise IllegalMove(
                    gettext_noop("%(tile_label)s cannot be built there: %(error)s."),
                    tile_label=tile_term(tile),
                    error=error or "",
                )
            alhambra = alhambra.with_tile(cell, tile)
            text = message(
                _BUILDS,
                seat=f"Seat {seat + 1}",
                name=tile_term(tile),
                label=label,
            )
            data = {"seat": seat, "tile": tile, "cell": list(cell), "to": "alhambra"}
        else:
            old = alhambra.tile_at(cell)
            if old is None:
                raise IllegalMove(gettext_noop("There is no building at %(label)s to swap with."), label=label)
            if TILE_KIND[old] < 0:
                raise IllegalMove(gettext_noop("The fountain never moves."))
            if not alhambra.can_swap(tile, cell):
                raise IllegalMove(
                    gettext_noop(
                        "%(tile_label)s cannot replace %(tile_label2)s at %(label)s: its walls do not match the "
                        "neighbouring tiles."
                    ),
                    tile_label=tile_term(tile),
                    tile_label2=tile_term(old),
                    label=label,
                )
            alhambra = alhambra.with_tile(cell, tile)
            reserve.append(old)
            text = message(
                _SWAPS,
                seat=f"Seat {seat + 1}",
                tile_label=tile_term(tile),
                tile_label2=tile_term(old),
                label=label,
            )
            data = {"seat": seat, "tile": tile, "cell": list(cell), "replaced": old}
    reserve.sort()
    seat_state = evolve(seat_state, alhambra=alhambra, reserve=tuple(reserve))
    events = [event("redesign", text, data)]
    return _after_action(state, seat, seat_state, {}, events)
