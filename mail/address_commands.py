"""Commands of the command address that other apps own, so that mail
never depends on them (as ``intake_kinds`` does for reply addresses): an
app registers an ``AddressCommand`` in its ``AppConfig.ready``; a mail to
the command address whose first line it reads is answered by it, before
mail's own commands, and the command list shows its lines."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .models import OutgoingEmail


@dataclass(frozen=True)
class AddressAnswer:
    """What a command made of a mail: whether it was done (stored as a
    command, else as rejected), a detail for staff and the answer's
    paragraphs, in the sender's language.

    ``reply_to``: where a reply to the answer goes.  ``answered_by``: a
    mail the command queued itself (in the caller's transaction) that
    says all the answer would: it is made the answer, and no other is
    sent (one answer per mail)."""

    done: bool
    detail: str
    #: Text or ``answers.Rich``, not named here: ``answers`` reaches the
    #: game mails, which show the command list, which reads this module.
    paragraphs: Sequence[Any] = ()
    reply_to: str = ""
    answered_by: OutgoingEmail | None = None


@dataclass(frozen=True)
class AddressCommand:
    """``read(text)``: the request on the first line of ``text``, or
    ``None`` when it is not this command; ``answer(request, user=...,
    now=...)``: act on it and say what happened; ``help()``: the command
    list's lines for it, in the active language, each opening with two
    spaces as the list's others do."""

    read: Callable[[str], object | None]
    answer: Callable[..., AddressAnswer]
    help: Callable[[], list[str]] = field(default=lambda: [])


_COMMANDS: dict[str, AddressCommand] = {}


def address_command_register(name: str, command: AddressCommand) -> None:
    """Answer mails to the command address that ``command`` reads (once
    per ``name``: registering again replaces it)."""
    _COMMANDS[name] = command


def address_commands() -> tuple[AddressCommand, ...]:
    return tuple(_COMMANDS.values())


def address_request(text: str) -> tuple[AddressCommand, object] | None:
    """The registered command that reads ``text``'s first line, with its
    request; ``None`` when none does."""
    for command in _COMMANDS.values():
        request = command.read(text)
        if request is not None:
            return command, request
    return None


def address_answer(text: str, user, now: dt.datetime) -> AddressAnswer | None:
    """The answer of the registered command that reads ``text``, else ``None``."""
    found = address_request(text)
    if found is None:
        return None
    command, request = found
    return command.answer(request, user=user, now=now)


__all__ = [
    "AddressAnswer",
    "AddressCommand",
    "address_answer",
    "address_command_register",
    "address_commands",
    "address_request",
]
