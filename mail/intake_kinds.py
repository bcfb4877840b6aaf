"""Reply addresses other apps own (``<kind>+<token>@MAIL_DOMAIN``), so
that mail never depends on them (dependencies point towards mail): an app
registers a kind in its ``AppConfig.ready``, and a reply to such an
address from a player's verified address is handed to its handler, whose
answer mail writes.  Anyone else gets the usual "not linked" answer,
except for a kind registered with ``any_sender`` (an invitation mailed to
an address, which its owner may accept without an account): its handler
reads every reply and checks the sender itself."""

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
    #: The account the reply acted for, when the handler found or made it
    #: for an address without one (``any_sender``): the answer goes in its
    #: language, with what its mails carry (an email-only account's
    #: sign-in link).
    user: object | None = None


#: handler(token=..., user=..., first_line=..., now=...) -> IntakeAnswer | None
#: (``None``: the token is not valid for this user); an ``any_sender``
#: handler gets ``sender=`` too, and ``user`` may be ``None``.
Handler = Callable[..., "IntakeAnswer | None"]
_KINDS: dict[str, Handler] = {}
_ANY_SENDER: set[str] = set()


def intake_kind_register(kind: str, handler: Handler, *, any_sender: bool = False) -> None:
    """Route replies to ``kind+<token>@…`` to ``handler``; with
    ``any_sender``, replies from an address of no account too."""
    _KINDS[kind] = handler
    if any_sender:
        _ANY_SENDER.add(kind)


def intake_handler(kind: str) -> Handler | None:
    return _KINDS.get(kind)


def takes_any_sender(kind: str) -> bool:
    """Does ``kind``'s handler read replies from any address?"""
    return kind in _ANY_SENDER


def registered_kinds() -> frozenset[str]:
    return frozenset(_KINDS)


__all__ = ["IntakeAnswer", "intake_handler", "intake_kind_register", "registered_kinds", "takes_any_sender"]
