"""Alta's legal moves, and the turn checks shared by the rules, the notation
and the view: who is to move, what the seat to move must do now, and whether
a refresh is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from games.engine.message import Message, gettext_noop, message

from .board import CELL_NAMES, bit_indices
from .components import CARD_TERMS, TYPES
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

# The same moves with their canonical text (``notation.format_move``, which
# names the face-up card of a take: TAKE_OPTIONS[slot - 1][card type][cell]),
# so that listing the options writes no text.
Option = tuple[str, Move]
HAND_OPTIONS: tuple[tuple[Option, ...], ...] = tuple(
    tuple((f"{m.card} {m.cell}", m) for m in row) for row in HAND_MOVES
)
TAKE_OPTIONS: tuple[tuple[tuple[Option, ...], ...], ...] = tuple(
    tuple(tuple((f"take {m.slot} {kind} {m.cell}", m) for m in row) for kind in TYPES) for row in TAKE_MOVES
)
REFRESH_OPTION: Option = ("refresh", REFRESH)
MERCHANT_UP_OPTION: Option = (f"merchant {UP}", MERCHANT_UP)
MERCHANT_BLIND_OPTION: Option = (f"merchant {BLIND}", MERCHANT_BLIND)


def movers(state: AltaState) -> frozenset[int]:
    """The seat whose turn it is (nobody once the game is over)."""
    if state.step == OVER:
        return _NOBODY
    return _SEAT_SETS[(state.first + state.turn) % state.players]


def legal_moves(state: AltaState, seat: int) -> list[Move]:
    """Every legal sub-move of ``seat`` now (empty if not its turn), in a
    stable order: by hand card type (step 1) or refresh first, then slot
    (step 3); then by cell (A1, B1, ... G7); merchant: up, then blind."""
    return _picked(state, seat, HAND_MOVES, TAKE_MOVES, (REFRESH, MERCHANT_UP, MERCHANT_BLIND))


def legal_options(state: AltaState, seat: int) -> list[Option]:
    """``(format_move text, move)`` of every move of ``legal_moves``, in its
    order (``BaseRules.move_options``, read from tables)."""
    face_up = state.face_up
    takes = (TAKE_OPTIONS[0][face_up[0]], TAKE_OPTIONS[1][face_up[1]])
    return _picked(state, seat, HAND_OPTIONS, takes, (REFRESH_OPTION, MERCHANT_UP_OPTION, MERCHANT_BLIND_OPTION))


T = TypeVar("T")


def _picked(
    state: AltaState,
    seat: int,
    hand_rows: Sequence[Sequence[T]],
    take_rows: Sequence[Sequence[T]],
    others: tuple[T, T, T],
) -> list[T]:
    """The legal moves (see ``legal_moves``), each picked from the table of
    its kind: ``hand_rows[card type][cell]``, ``take_rows[slot - 1][cell]``
    and ``others``: (refresh, merchant up, merchant blind)."""
    step = state.step
    if step == OVER or state.early_end is not None or seat != (state.first + state.turn) % state.players:
        return []
    if step == HAND:
        cells = bit_indices(state.islands[seat].open)
        moves: list[T] = []
        for card in sorted(set(state.hands[seat])):
            moves += map(hand_rows[card].__getitem__, cells)
        return moves
    refresh, up, blind = others
    if step == TAKE:
        cells = bit_indices(state.islands[seat].open)
        moves = [refresh] if can_refresh(state) else []
        for row in take_rows:
            moves += map(row.__getitem__, cells)
        return moves
    moves = []
    if state.merchant_up is not None:
        moves.append(up)
    if state.secret.merchant_deck:
        moves.append(blind)
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
            first=CARD_TERMS[first],
            second=CARD_TERMS[second],
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
