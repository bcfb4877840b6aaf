"""The services' errors, under the names the games modules import them by;
the hierarchy itself is ``core.errors``, shared by every app."""

from core.errors import Conflict, GameActionError, MoveRejected, NotAllowed, NotFound

__all__ = ["Conflict", "GameActionError", "MoveRejected", "NotAllowed", "NotFound"]
