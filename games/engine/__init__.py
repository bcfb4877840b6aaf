"""The shared game engine: pure Python, no Django, no clock, no I/O.

Public API::

    from games.engine import get_rules
    rules = get_rules("alta")
    state = rules.setup(players=2, seed=42)
"""

from .base import BaseRules, rank_seats
from .errors import (
    EngineError,
    GameOver,
    IllegalMove,
    NotationError,
    NotYourTurn,
    StateVersionError,
)
from .protocol import Event, Outcome, Rules, Seat, Termination, Transition
from .registry import GAMES, available_slugs, get_rules
from .rng import Rng, seed_state

__all__ = [
    "GAMES",
    "BaseRules",
    "EngineError",
    "Event",
    "GameOver",
    "IllegalMove",
    "NotYourTurn",
    "NotationError",
    "Outcome",
    "Rng",
    "Rules",
    "Seat",
    "StateVersionError",
    "Termination",
    "Transition",
    "available_slugs",
    "get_rules",
    "rank_seats",
    "seed_state",
]
