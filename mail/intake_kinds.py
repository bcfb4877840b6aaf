"""Reply addresses other apps own (``<kind>+<token>@MAIL_DOMAIN``), so
that mail never depends on them (dependencies point towards mail): an app
registers a kind in its ``AppConfig.ready``, and a reply to such an
address from a player's verified address is handed to its handler, whose
answer mail writes.  Anyone else gets the usual "not linked" answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class IntakeAnswer:
    """What a handler made of a reply: the stored outcome (an
    ``InboundEmail.Outcome`` value), a detail for staff and the answer's
    paragraphs (already in the sender's language)."""

    outcome: str
    detail: str
    subject: str
    paragraphs: list[str] = field(default_factory=list)
    match: object | None = None


#: handler(token=..., user=..., first_line=..., now=...) -> IntakeAnswer | None
#: (``None``: the token is not valid for this user).
Handler = Callable[..., "IntakeAnswer | None"]
_KINDS: dict[str, Handler] = {}


def intake_kind_register(kind: str, handler: Handler) -> None:
    """Route replies to ``kind+<token>@…`` to ``handler``."""
    _KINDS[kind] = handler


def intake_handler(kind: str) -> Handler | None:
    return _KINDS.get(kind)


def registered_kinds() -> frozenset[str]:
    return frozenset(_KINDS)


__all__ = ["IntakeAnswer", "intake_handler", "intake_kind_register", "registered_kinds"]
