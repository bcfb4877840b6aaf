"""The reply address of a tournament invitation mail (``mail_replies``):
``tournament+<token>@…``, the token the invitation's id plus an HMAC of it
(nothing to store; nobody can forge one for another invitation)."""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

from mail.addresses import reply_address

KIND = "tournament"


def _mac(invitation_id: int) -> str:
    return salted_hmac("tournaments.reply_tokens", str(invitation_id), algorithm="sha256").hexdigest()[:24]


def invitation_reply_address(invitation_id: int) -> str:
    """Where a reply to the invitation mail goes."""
    return reply_address(f"{invitation_id:08x}{_mac(invitation_id)}", kind=KIND)


def invitation_of_token(token: str) -> int | None:
    """The invitation id a genuine token names, else ``None``."""
    try:
        invitation_id = int(token[:8], 16)
    except ValueError:
        return None
    if len(token) != 32 or not constant_time_compare(token[8:], _mac(invitation_id)):
        return None
    return invitation_id
