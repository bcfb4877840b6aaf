"""Alta: build a 4 x 4 island of cards in 8 rounds (2-4 players).

Exports the rules class and the pure scoring helper ``score_island``.
"""

from .rules import AltaRules
from .scoring import IslandScore, LayoutScore, score_island, score_layout

__all__ = ["AltaRules", "IslandScore", "LayoutScore", "score_island", "score_layout"]
