"""Alta's legal moves, and the turn checks shared by the rules, the notation
and the view: who is to move, what the seat to move must do now, and whether
a refresh is allowed."""

from __future__ import annotations

from games.engine.message import Message, Term, gettext_noop, message

from .board import CELL_NAMES, bit_indices
from .components import TYPES
from .moves import BLIND, UP, ChooseMerchant, Move, PlaceHand, Refresh, Take
from .state import HAND, OVER, ROUNDS, TAKE, AltaState

# Every move object exists once: legal_moves only picks from these tables.
HAND_MOVES = tuple(tuple(PlaceHand(t, c) for c in CELL_NAMES) for t in TYPES)
TAKE_MOVES = tuple(tuple(Take(s, c) for c in CELL_NAMES) for s in (1, 2))
REFRESH = Refresh()
MERCHANT_UP = ChooseMerchant(UP)
MERCHANT_BLIND = ChooseMerchant(BLIND)
_SEAT_SETS = tuple(frozenset({s}) for s in range(4))
_NOBODY: frozenset[int] = frozenset()


def movers(state: AltaState) -> frozenset[int]:
    """The seat whose turn it is (nobody once the game is over)."""
    if state.step == OVER:
        return _NOBODY
    return _SEAT_SETS[(state.first + state.turn) % state.players]


def legal_moves(state: AltaState, seat: int) -> list[Move]:
    """Every legal sub-move of ``seat`` now (empty if not its turn), in a
    stable order: by hand card type (step 1) or refresh first, then slot
    (step 3); then by cell (A1, B1, ... G7); merchant: up, then blind."""
    step = state.step
    if step == OVER or state.early_end is not None or seat != (state.first + state.turn) % state.players:
        return []
    if step == HAND:
        cells = bit_indices(state.islands[seat].open)
        moves: list[Move] = []
        for card in sorted(set(state.hands[seat])):
            row = HAND_MOVES[card]
            moves += [row[i] for i in cells]
        return moves
    if step == TAKE:
        cells = bit_indices(state.islands[seat].open)
        moves = [REFRESH] if can_refresh(state) else []
        for slot_moves in TAKE_MOVES:
            moves += [slot_moves[i] for i in cells]
        return moves
    moves = []
    if state.merchant_up is not None:
        moves.append(MERCHANT_UP)
    if state.secret.merchant_deck:
        moves.append(MERCHANT_BLIND)
    return moves


def draws_still_needed(state: AltaState) -> int:
    """Cards the deck must still supply for step 5 of this and later turns
    (every turn but a player's 8th draws 2)."""
    return 2 * max(0, (ROUNDS - 1) * state.players - state.turn)


def can_refresh(state: AltaState) -> bool:
    """Whether the seat to move may refresh now: ``refresh_error`` is
    ``None``, decided without writing the reason (move generation and the
    view only need the answer)."""
    return (
        state.step == TAKE
        and not state.refreshed
        and state.face_up[0] == state.face_up[1]
        and len(state.secret.deck) >= 2 + draws_still_needed(state)
    )


def refresh_error(state: AltaState) -> Message | None:
    """Why the seat to move may not refresh now (``None``: it may)."""
    if state.step != TAKE:
        return step_error(state)
    if state.refreshed:
        return message(gettext_noop("You already refreshed this turn; now take one of the face-up cards."))
    first, second = state.face_up
    if first != second:
        return message(
            gettext_noop(
                "You may refresh only when both face-up cards are the same type (they are %(first)s and %(second)s)."
            ),
            first=Term(TYPES[first]),
            second=Term(TYPES[second]),
        )
    deck, needed = len(state.secret.deck), draws_still_needed(state)
    if deck < 2 + needed:
        return message(
            gettext_noop(
                "The deck is too small to refresh: it holds %(deck)s cards and "
                "%(needed)s are still needed for the players' draws."
            ),
            deck=deck,
            needed=needed,
        )
    return None


def step_error(state: AltaState) -> Message:
    """What the seat to move must do now, as a reproach for a wrong move."""
    if state.step == HAND:
        return message(gettext_noop("First place one of your hand cards (step 1), e.g. 'mill D3'."))
    if state.step == TAKE:
        return message(gettext_noop("Now take a face-up card and place it (step 3), e.g. 'take 1 D3'."))
    if state.step == OVER:
        return message(gettext_noop("The game is over."))
    return message(
        gettext_noop(
            "You placed a market: first choose a merchant card, "
            "'merchant up' (the face-up one) or 'merchant blind' (top of the deck)."
        )
    )
