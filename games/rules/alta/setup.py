"""The start of an Alta game: hands, face-up cards and the merchant card."""

from __future__ import annotations

from games.engine import Rng, seed_state

from .board import EMPTY_ISLAND
from .components import MERCHANTS, full_island_deck
from .state import HAND, AltaState, Secret


def setup(players: int, seed: int) -> AltaState:
    """A new game for ``players`` seats, dealt from ``seed``.  Seat 0 starts:
    the seat order is decided before the engine (drawn from the seed by the
    match, a house ruling, or chosen by a tournament)."""
    rng = Rng(seed_state(seed))
    rng.below(players)  # the old start draw, kept so a seed deals as before
    first = 0
    deck = full_island_deck()
    rng.shuffle(deck)
    hands = []
    for _ in range(players):
        hands.append((deck.pop(), deck.pop()))
    face_up = (deck.pop(), deck.pop())
    merchant_deck = list(range(len(MERCHANTS)))
    rng.shuffle(merchant_deck)
    merchant_up = merchant_deck.pop()
    return AltaState(
        players=players,
        first=first,
        turn=0,
        step=HAND,
        refreshed=False,
        hands=tuple(hands),
        islands=(EMPTY_ISLAND,) * players,
        face_up=face_up,
        out_of_game=(),
        merchant_up=merchant_up,
        merchants=((),) * players,
        secret=Secret(tuple(deck), tuple(merchant_deck), rng.state),
    )
