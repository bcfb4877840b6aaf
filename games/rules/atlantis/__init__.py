"""Atlantis (Leo Colovini): lead three pawns over a sinking road to the mainland.

Public API: ``AtlantisRules`` (the rules object the registry loads) and the
pure helpers below for tools and tests.
"""

from .board import ATLANTIS, MAINLAND, Gap, Road
from .legal import pay_class, pay_options, rule_cards, rule_tiles, walks
from .moves import BuildBridge, Go, Pass, Pay, Sell
from .rules import AtlantisRules
from .setup import new_game
from .state import COLOURS, AtlantisState, make_tile, tile_colour, tile_value

__all__ = [
    "ATLANTIS",
    "COLOURS",
    "MAINLAND",
    "AtlantisRules",
    "AtlantisState",
    "BuildBridge",
    "Gap",
    "Go",
    "Pass",
    "Pay",
    "Road",
    "Sell",
    "make_tile",
    "new_game",
    "pay_class",
    "pay_options",
    "rule_cards",
    "rule_tiles",
    "tile_colour",
    "tile_value",
    "walks",
]
