"""The shared game engine: pure Python, no Django, no clock, no I/O.

Public API::

    from games.engine import get_rules
    rules = get_rules("alta")
    state = rules.setup(players=2, seed=42)
"""

from .base import BaseRules, rank_seats, refuse_long_numbers
from .errors import (
    EngineError,
    GameOver,
    IllegalMove,
    NotationError,
    NotYourTurn,
    StateVersionError,
)
from .message import Joined, Message, Notation, Term, gettext_noop, message, render
from .protocol import Event, Outcome, Rules, Seat, SeatReveal, Termination, TextMoves, Transition, TurnReveal, Unplayed
from .registry import GAMES, get_rules, import_errors, registered_slugs
from .rng import Rng, seed_state

__all__ = [
    "GAMES",
    "BaseRules",
    "EngineError",
    "Event",
    "GameOver",
    "IllegalMove",
    "Joined",
    "Notation",
    "Message",
    "NotYourTurn",
    "NotationError",
    "Outcome",
    "Rng",
    "Rules",
    "Seat",
    "SeatReveal",
    "StateVersionError",
    "Term",
    "Termination",
    "TextMoves",
    "Transition",
    "TurnReveal",
    "Unplayed",
    "get_rules",
    "gettext_noop",
    "import_errors",
    "message",
    "rank_seats",
    "refuse_long_numbers",
    "registered_slugs",
    "render",
    "seed_state",
]
