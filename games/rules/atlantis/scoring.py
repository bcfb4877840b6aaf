"""Atlantis points: collected tile values, one per card in hand, minus the
tolls subtracted at the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import AtlantisState, tile_value


def scores(state: AtlantisState) -> list[int]:
    """Tile values + 1 per card in hand - tolls subtracted at the end."""
    tolls = state.end_tolls or (0,) * state.players
    return [sum(tile_value(t) for t in state.tiles[s]) + sum(state.hands[s]) - tolls[s] for s in range(state.players)]


def score(state: AtlantisState) -> tuple[tuple[int, ...], list[int], tuple[Mapping[str, Any], ...]]:
    """``(scores, ranking keys, details)``: the score is the ranking key; the
    details break it down per seat."""
    final = scores(state)
    tolls = state.end_tolls or (0,) * state.players
    details = tuple(
        {
            "tiles": sum(tile_value(t) for t in state.tiles[s]),
            "cards": sum(state.hands[s]),
            "end_toll": tolls[s],
            "score": final[s],
        }
        for s in range(state.players)
    )
    return tuple(final), final, details
