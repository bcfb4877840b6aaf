"""Atlantis (Leo Colovini): lead three pawns over a sinking road to the mainland.

Public API: ``AtlantisRules`` (the rules object the registry loads) and the
pure helpers below for tools and tests.
"""

from .generate import legal, pay_class, pay_options, rule_cards, rule_tiles, walks
from .road import ATLANTIS, MAINLAND, Gap, Road
from .rules import AtlantisRules, new_game
from .state import (
    COLOURS,
    AtlantisState,
    BuildBridge,
    Go,
    Pass,
    Pay,
    Sell,
    make_tile,
    tile_colour,
    tile_value,
)

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
    "legal",
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
