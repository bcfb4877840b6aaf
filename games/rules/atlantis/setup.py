"""The start of an Atlantis game: the road, the deck and the hands."""

from __future__ import annotations

from games.engine import Rng, seed_state

from .board import FIRST_GAP, MAINLAND, Road
from .state import (
    CARDS_PER_COLOUR,
    NUM_COLOURS,
    PAWNS,
    START,
    START_HANDS,
    AtlantisState,
    make_tile,
)

# Road layout from Atlantis: (number of positions, tiles per position).
_A_LAYOUT = ((10, 2), (10, 1), (6, 2))
_B_LAYOUT = ((6, 2), (10, 1), (10, 2))


def _lay(tiles: list[int], layout: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    stacks = []
    for count, height in layout:
        for _ in range(count):
            stacks.append(tuple(tiles.pop() for _ in range(height)))
    return stacks


def new_game(players: int, seed: int) -> AtlantisState:
    """A shuffled road, a shuffled deck, hands of 4, 5, 6, 7 in seat order.
    Seat 0 starts: the seat order is decided before the engine (drawn from
    the seed by the match, or chosen by a tournament)."""
    rng = Rng(seed_state(seed))
    rng.below(players)  # the old start draw, kept so a seed deals as before
    start = 0
    a_tiles = [make_tile(c, v) for c in range(NUM_COLOURS) for v in range(1, 7)]
    b_tiles = [make_tile(c, v) for c in range(NUM_COLOURS) for v in range(2, 8)]
    rng.shuffle(a_tiles)
    rng.shuffle(b_tiles)
    stacks = _lay(a_tiles, _A_LAYOUT) + [()] + _lay(b_tiles, _B_LAYOUT)
    assert len(stacks) == MAINLAND - 1 and stacks[FIRST_GAP - 1] == ()
    deck = [c for c in range(NUM_COLOURS) for _ in range(CARDS_PER_COLOUR)]
    rng.shuffle(deck)
    hands = [[0] * NUM_COLOURS for _ in range(players)]
    for order in range(players):
        for _ in range(START_HANDS[order]):
            hands[(start + order) % players][deck.pop()] += 1
    return AtlantisState(
        players=players,
        start=start,
        turn=start,
        phase=START,
        road=Road(tuple(stacks), (0,) * players),
        pawns=((0,) * PAWNS,) * players,
        hands=tuple(tuple(h) for h in hands),
        tiles=((),) * players,
        draw=tuple(deck),
        discard=(0,) * NUM_COLOURS,
        secret=rng.state,
    )
