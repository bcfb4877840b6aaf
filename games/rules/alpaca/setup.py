"""The start of an Alpaca game: colours, hands and the first dominant seat."""

from __future__ import annotations

from typing import Any

from games.engine import Rng, seed_state

from .play import advance, replace_fields
from .state import ANYTHING, COLOURS, TILES, TILES_PER_COLOUR, AlpacaState


def setup(players: int, seed: int) -> AlpacaState:
    """Assign colours and deal: 1. shuffle the five colours, seat k gets
    the k-th; 2. keep the tiles whose major someone plays, shuffle and
    deal 12 each; 3. seat 0 is the first dominant player (the seat order is
    decided before the engine: drawn from the seed by the match, or chosen
    by a tournament)."""
    rng = Rng(seed_state(seed))
    palette = list(range(len(COLOURS)))
    rng.shuffle(palette)
    colours = tuple(palette[:players])
    tiles = [t for t in range(len(TILES)) if t // TILES_PER_COLOUR in colours]
    rng.shuffle(tiles)
    size = TILES_PER_COLOUR
    hands = tuple(tuple(sorted(tiles[i * size : (i + 1) * size])) for i in range(players))
    rng.below(players)  # the old dominant draw, kept so a seed deals as before
    dominant = 0
    state = AlpacaState(
        players=players,
        colours=colours,
        hands=hands,
        table={},
        frontier={(0, 0): ANYTHING},
        dominant=dominant,
        secret=rng.state,
    )
    changes: dict[str, Any] = {}
    advance(state, changes, [], step=False)
    return replace_fields(state, changes)
