"""The reply address of a tournament invitation mail (``mail_replies``):
``tournament+<token>@…``, the token naming the invitation by itself
(``mail.addresses.id_token``)."""

from __future__ import annotations

from mail.addresses import id_of_token, id_token, reply_address

KIND = "tournament"
_SALT = "tournaments.reply_tokens"


def invitation_reply_address(invitation_id: int) -> str:
    """Where a reply to the invitation mail goes."""
    return reply_address(id_token(_SALT, invitation_id), kind=KIND)


def invitation_of_token(token: str) -> int | None:
    """The invitation id a genuine token names, else ``None``."""
    return id_of_token(_SALT, token)
