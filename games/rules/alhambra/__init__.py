"""Alhambra (2-6 players; Dirk joins a two-player game as a silent third).

Public API: ``AlhambraRules`` (the engine protocol), and the pure helpers
``longest_wall`` (an Alhambra's longest outer wall, from plain data
``{(x, y): walls}``) and ``majority_scores`` (one scoring round's building
majorities for a list of players, Dirk included as one more entry).
"""

from .board import Alhambra
from .rules import AlhambraRules
from .scoring import majority_scores, type_majority
from .walls import longest_wall

__all__ = [
    "Alhambra",
    "AlhambraRules",
    "longest_wall",
    "majority_scores",
    "type_majority",
]
