"""The engine's exception hierarchy.

Every error a player can cause is an ``EngineError``; its message is written
for that player (it ends up in a web page or an email reply), so it says what
was wrong and, where it helps, what would have been accepted.  The message
is a ``Message`` (``games.engine.message``): ``str(error)`` is English, and
the site renders ``error.message`` in the reader's language.
"""

from __future__ import annotations

from .message import Message, Param


class EngineError(ValueError):
    """Base class of every error a player's input can cause.

    ``EngineError(gettext_noop("No %(card)s here."), card=Term("mill"))``:
    the template and its params become ``self.message``.
    """

    def __init__(self, message: str | Message = "", **params: Param) -> None:
        self.message = message if isinstance(message, Message) else Message(message, params)
        super().__init__(self.message.english())


class NotationError(EngineError):
    """The move text does not parse (the message lists what was expected)."""


class IllegalMove(EngineError):
    """The move parses but is not allowed in this position."""


class NotYourTurn(EngineError):
    """The seat may not act now."""


class GameOver(EngineError):
    """The game has already ended."""


class StateVersionError(EngineError):
    """A dumped state or move was written by an engine version this one cannot read."""
