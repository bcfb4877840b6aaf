"""Errors an action (a service call) can end in, each with a
machine-readable code and a message for the person who asked.  Views map
``status`` to HTTP; ``core.exception_handler`` does so for the API."""

from __future__ import annotations

from typing import Any


class GameActionError(Exception):
    code = "invalid"
    status = 400

    def __init__(self, message: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.message, **self.extra}


class NotAllowed(GameActionError):
    code = "not_allowed"
    status = 403


class NotFound(GameActionError):
    code = "not_found"
    status = 404


class Conflict(GameActionError):
    """The request answered a position or a lobby state that has changed."""

    code = "conflict"
    status = 409


class LimitReached(GameActionError):
    """A per-account allowance is used up for now."""

    code = "limit_reached"
    status = 429


class MoveRejected(GameActionError):
    """The engine refused the move (notation, legality, turn)."""

    code = "illegal_move"
    status = 422


class KeyReused(GameActionError):
    """An Idempotency-Key repeated with another request body: not a retry,
    so neither applied nor answered as the first request was (the IETF
    httpapi Idempotency-Key draft's 422)."""

    code = "idempotency_key_reused"
    status = 422
