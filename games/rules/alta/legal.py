"""The turn checks shared by the rules, the notation and the view: what the
seat to move must do now, and whether a refresh is allowed."""

from __future__ import annotations

from .components import TYPES
from .state import HAND, OVER, ROUNDS, TAKE, AltaState


def draws_still_needed(state: AltaState) -> int:
    """Cards the deck must still supply for step 5 of this and later turns
    (every turn but a player's 8th draws 2)."""
    return 2 * max(0, (ROUNDS - 1) * state.players - state.turn)


def refresh_error(state: AltaState) -> str | None:
    """Why the seat to move may not refresh now (``None``: it may)."""
    if state.step != TAKE:
        return step_error(state)
    if state.refreshed:
        return "You already refreshed this turn; now take one of the face-up cards."
    first, second = state.face_up
    if first != second:
        return (
            "You may refresh only when both face-up cards are the same type "
            f"(they are {TYPES[first]} and {TYPES[second]})."
        )
    deck, needed = len(state.secret.deck), draws_still_needed(state)
    if deck < 2 + needed:
        return (
            f"The deck is too small to refresh: it holds {deck} cards and "
            f"{needed} are still needed for the players' draws."
        )
    return None


def step_error(state: AltaState) -> str:
    """What the seat to move must do now, as a reproach for a wrong move."""
    if state.step == HAND:
        return "First place one of your hand cards (step 1), e.g. 'mill D3'."
    if state.step == TAKE:
        return "Now take a face-up card and place it (step 3), e.g. 'take 1 D3'."
    if state.step == OVER:
        return "The game is over."
    return (
        "You placed a market: first choose a merchant card, "
        "'merchant up' (the face-up one) or 'merchant blind' (top of the deck)."
    )
