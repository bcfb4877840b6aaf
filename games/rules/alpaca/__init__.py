"""Alpaca: lay triangle tiles and score the chains of your own colour.

Exports the rules class and the pure plain-data helpers::

    from games.rules.alpaca import AlpacaRules, chains, closed_figures, score
    table = {(0, 0): ("red", "blue", "green", 0), (1, 0): ("red", "green", "blue", 2)}
    chains(table)          # every maximal same-colour chain: colour, length
    closed_figures(table)  # minor pairs and four-major squares

Plain-data table format: ``{(x, y): (major, minor1, minor2, rotation)}``
with colour names and rotation 0..3 (``state`` documents the geometry).
"""

from .board import Chain, ClosedFigure, chains, closed_figures
from .moves import Lock, NoBonus, Place, Rotate
from .rules import AlpacaRules
from .scoring import score, triangle_number
from .state import (
    COLOURS,
    TILES,
    AlpacaState,
)
from .view import board_text

__all__ = [
    "COLOURS",
    "TILES",
    "AlpacaRules",
    "AlpacaState",
    "Chain",
    "ClosedFigure",
    "Lock",
    "NoBonus",
    "Place",
    "Rotate",
    "board_text",
    "chains",
    "closed_figures",
    "score",
    "triangle_number",
]
