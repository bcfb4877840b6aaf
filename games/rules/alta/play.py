"""What an Alta move does: the steps of a turn, the end of a turn and of the
game (the turn structure is in rules.py's docstring)."""

from __future__ import annotations

from typing import Any

from games.engine import Event, IllegalMove, Transition
from games.engine.message import Joined, Param, Term, gettext_noop, message

from .board import CELL_INDEX, placement_error
from .board import place as place_card
from .components import MARKET, MERCHANTS, TYPE_INDEX, TYPES, card_term, held
from .legal import refresh_error, step_error
from .moves import BLIND, UP, ChooseMerchant, Move, PlaceHand, Refresh, Take
from .state import (
    HAND,
    HAND_MERCHANT,
    OVER,
    ROUNDS,
    TAKE,
    TAKE_MERCHANT,
    AltaState,
    Secret,
    copy_state,
)

#: Each card type as a message parameter, by type int (immutable, shared
#: by every message that names the type).
_TERMS = tuple(Term(slug) for slug in TYPES)


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


#: An ``Event`` saying a message, its English text rendered when first read
#: (the whole-turn search of a mail applies thousands of moves whose events
#: nobody reads).
_event = Event.lazy


def apply_move(state: AltaState, seat: int, move: Move) -> Transition[AltaState]:
    """What ``move`` of ``seat`` does (the seat is known to be the one to move).

    :raises IllegalMove: with a message for the player.
    """
    # Exact type tests: cheaper than isinstance on this hot path.
    if type(move) is PlaceHand:
        return _place_hand(state, seat, move)
    if type(move) is Take:
        return _take(state, seat, move)
    if type(move) is ChooseMerchant:
        return _merchant(state, seat, move)
    if type(move) is Refresh:
        return _refresh(state, seat)
    raise IllegalMove(gettext_noop("That is not an Alta move: %(repr)s."), repr=repr(move))


def _cell(state: AltaState, seat: int, cell: str) -> int:
    index = CELL_INDEX.get(cell)
    if index is None:
        raise IllegalMove(gettext_noop("There is no cell %(repr)s; cells are A1 to G7."), repr=repr(cell))
    island = state.islands[seat]
    if not island.open >> index & 1:
        raise IllegalMove(placement_error(island, index) or "")
    return index


def _place_hand(state: AltaState, seat: int, move: PlaceHand) -> Transition[AltaState]:
    if state.step != HAND:
        raise IllegalMove(step_error(state))
    card = TYPE_INDEX.get(move.card)
    hand = state.hands[seat]
    if card is None or card not in hand:
        cards = held(hand)
        if card in state.face_up:
            raise IllegalMove(
                gettext_noop(
                    "You have no %(card)s in your hand; you hold %(held)s "
                    "(a face-up card is taken in step 3, after your hand card)."
                ),
                card=card_term(move.card),
                held=cards,
            )
        raise IllegalMove(
            gettext_noop("You have no %(card)s in your hand; you hold %(held)s."), card=card_term(move.card), held=cards
        )
    index = _cell(state, seat, move.cell)
    rest = list(hand)
    rest.remove(card)
    new = copy_state(
        state,
        hands=_with(state.hands, seat, tuple(rest)),
        islands=_with(state.islands, seat, place_card(state.islands[seat], index, card)),
        step=HAND_MERCHANT if card == MARKET and _merchant_left(state) else TAKE,
    )
    text = message(
        gettext_noop("%(seat)s placed %(card)s at %(cell)s from their hand."),
        seat=f"Seat {seat + 1}",
        card=_TERMS[card],
        cell=move.cell,
    )
    data = {"seat": seat, "card": move.card, "cell": move.cell, "from": "hand"}
    return Transition(new, (_event("place", text, data),))


def _take(state: AltaState, seat: int, move: Take) -> Transition[AltaState]:
    if state.step != TAKE:
        raise IllegalMove(step_error(state))
    slot = move.slot
    if slot != 1 and slot != 2:
        raise IllegalMove(gettext_noop("There are two face-up cards: take 1 or 2."))
    index = _cell(state, seat, move.cell)
    card = state.face_up[slot - 1]
    (rest,) = state.hands[seat]
    new = copy_state(
        state,
        hands=_with(state.hands, seat, ()),
        islands=_with(state.islands, seat, place_card(state.islands[seat], index, card)),
        face_up=_with(state.face_up, slot - 1, rest),
    )
    text = message(
        gettext_noop(
            "%(seat)s took face-up %(card)s and placed it at %(cell)s; their other hand card, %(rest)s, is now face up."
        ),
        seat=f"Seat {seat + 1}",
        card=_TERMS[card],
        cell=move.cell,
        rest=_TERMS[rest],
    )
    data = {
        "seat": seat,
        "card": TYPES[card],
        "cell": move.cell,
        "from": slot,
        "face_up": TYPES[rest],
    }
    events = [_event("place", text, data)]
    if card == MARKET and _merchant_left(state):
        new.__dict__["step"] = TAKE_MERCHANT
    else:
        _end_turn(new, seat, events)
    return Transition(new, tuple(events))


def _end_turn(new: AltaState, seat: int, events: list[Event]) -> None:
    """Step 5 and the hand-over, on a fresh copy not yet shared."""
    data = new.__dict__
    turn = new.turn
    if turn < (ROUNDS - 1) * new.players:
        deck = new.secret.deck
        drawn = (deck[-1], deck[-2])
        data["secret"] = Secret(deck[:-2], new.secret.merchant_deck, new.secret.rng)
        data["hands"] = _with(new.hands, seat, drawn)
        names = [TYPES[drawn[0]], TYPES[drawn[1]]]
        events.append(
            _event(
                "draw",
                message(
                    gettext_noop("You drew %(first)s and %(second)s."),
                    first=_TERMS[drawn[0]],
                    second=_TERMS[drawn[1]],
                ),
                {"seat": seat, "cards": names},
                (seat,),
            )
        )
    data["turn"] = turn + 1
    data["refreshed"] = False
    if turn + 1 == ROUNDS * new.players:
        data["step"] = OVER
        # Scores are left to ``outcome`` and the final view: scoring every
        # island here would cost more than the rest of the last move.
        events.append(
            _event(
                "game_over",
                message(gettext_noop("The game is over: every island is complete; all merchant cards are revealed.")),
                {},
            )
        )
    else:
        data["step"] = HAND


def _refresh(state: AltaState, seat: int) -> Transition[AltaState]:
    error = refresh_error(state)
    if error:
        raise IllegalMove(error)
    secret = state.secret
    deck = secret.deck
    old = state.face_up
    face_up = (deck[-1], deck[-2])
    new = copy_state(
        state,
        face_up=face_up,
        out_of_game=state.out_of_game + old,
        refreshed=True,
        secret=Secret(deck[:-2], secret.merchant_deck, secret.rng),
    )
    text = message(
        gettext_noop(
            "%(seat)s refreshed the face-up cards: both %(old)s cards leave "
            "the game; new face-up cards: %(first)s and %(second)s."
        ),
        seat=f"Seat {seat + 1}",
        old=_TERMS[old[0]],
        first=_TERMS[face_up[0]],
        second=_TERMS[face_up[1]],
    )
    data = {
        "seat": seat,
        "removed": [TYPES[c] for c in old],
        "face_up": [TYPES[c] for c in face_up],
    }
    return Transition(new, (_event("refresh", text, data),))


def _merchant(state: AltaState, seat: int, move: ChooseMerchant) -> Transition[AltaState]:
    step = state.step
    if step != HAND_MERCHANT and step != TAKE_MERCHANT:
        raise IllegalMove(
            gettext_noop("You take a merchant card only right after placing a market. %(step)s"), step=step_error(state)
        )
    secret = state.secret
    mdeck = secret.merchant_deck
    events = []
    if move.source == UP:
        if state.merchant_up is None:
            raise IllegalMove(gettext_noop("There is no face-up merchant card; take one blind."))
        card, blind = state.merchant_up, False
        refill = mdeck[-1] if mdeck else None
        if mdeck:
            mdeck = mdeck[:-1]
        if refill is not None:
            text = message(
                gettext_noop("%(seat)s took the face-up merchant card (%(card)s); the new face-up one is %(refill)s."),
                seat=f"Seat {seat + 1}",
                card=_label(card),
                refill=_label(refill),
            )
        else:
            text = message(
                gettext_noop("%(seat)s took the face-up merchant card (%(card)s); the merchant deck is empty."),
                seat=f"Seat {seat + 1}",
                card=_label(card),
            )
        events.append(
            _event(
                "merchant",
                text,
                {"seat": seat, "source": UP, "card": list(MERCHANTS[card])},
            )
        )
    elif move.source == BLIND:
        if not mdeck:
            raise IllegalMove(gettext_noop("The merchant deck is empty; take the face-up card."))
        card, blind, refill = mdeck[-1], True, state.merchant_up
        mdeck = mdeck[:-1]
        events.append(
            _event(
                "merchant",
                message(gettext_noop("%(seat)s took a merchant card blind."), seat=f"Seat {seat + 1}"),
                {"seat": seat, "source": BLIND},
            )
        )
        events.append(
            _event(
                "merchant_drawn",
                message(gettext_noop("You drew the merchant card %(label)s."), label=_label(card)),
                {"seat": seat, "card": list(MERCHANTS[card])},
                (seat,),
            )
        )
    else:
        raise IllegalMove(gettext_noop("Choose the merchant card 'up' (face-up) or 'blind'."))
    new = copy_state(
        state,
        merchant_up=refill,
        merchants=_with(state.merchants, seat, state.merchants[seat] + ((card, blind),)),
        secret=Secret(secret.deck, mdeck, secret.rng),
        step=TAKE,
    )
    if step == TAKE_MERCHANT:
        _end_turn(new, seat, events)
    return Transition(new, tuple(events))


def _merchant_left(state: AltaState) -> bool:
    # Always true in a real game (9 markets, 9 merchant cards); the check
    # only keeps a hand-built position from waiting for a choice forever.
    return state.merchant_up is not None or bool(state.secret.merchant_deck)


#: Each merchant card as a message parameter (``tavern + market``, spaced as
#: the board and hand lists write it); the parameters are immutable, so one
#: object serves every message.
_LABELS = tuple(Joined(tuple(Term(t) for t in pair), " + ") for pair in MERCHANTS)


def _label(card: int | None) -> Param:
    if card is None:
        return message(gettext_noop("none"))
    return _LABELS[card]
