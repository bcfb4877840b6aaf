"""The reply addresses of invitation mails (``mail_replies``):
``tournament+<token>@…`` for a tournament invitation, ``club+<token>@…``
for a club's, and ``entry+<token>@…`` and ``member+<token>@…`` for those
sent to an email address (``email_invitation_replies``), the token naming
the invitation by itself (``mail.addresses.id_token``)."""

from __future__ import annotations

from mail.addresses import id_of_token, id_token, reply_address

KIND = "tournament"
_SALT = "tournaments.reply_tokens"
CLUB_KIND = "club"
_CLUB_SALT = "tournaments.reply_tokens.club"


def invitation_reply_address(invitation_id: int) -> str:
    """Where a reply to the invitation mail goes."""
    return reply_address(id_token(_SALT, invitation_id), kind=KIND)


def invitation_of_token(token: str) -> int | None:
    """The invitation id a genuine token names, else ``None``."""
    return id_of_token(_SALT, token)


def club_invitation_reply_address(membership_id: int) -> str:
    """Where a reply to a club invitation mail goes."""
    return reply_address(id_token(_CLUB_SALT, membership_id), kind=CLUB_KIND)


def club_invitation_of_token(token: str) -> int | None:
    """The club membership id a genuine token names, else ``None``."""
    return id_of_token(_CLUB_SALT, token)


EMAIL_KIND = "entry"
_EMAIL_SALT = "tournaments.reply_tokens.email"
CLUB_EMAIL_KIND = "member"
_CLUB_EMAIL_SALT = "tournaments.reply_tokens.club_email"


def email_invitation_reply_address(invitation_id: int) -> str:
    """Where a reply to a tournament invitation mailed to an address goes."""
    return reply_address(id_token(_EMAIL_SALT, invitation_id), kind=EMAIL_KIND)


def email_invitation_of_token(token: str) -> int | None:
    """The ``TournamentEmailInvitation`` id a genuine token names, else ``None``."""
    return id_of_token(_EMAIL_SALT, token)


def club_email_invitation_reply_address(invitation_id: int) -> str:
    """Where a reply to a club invitation mailed to an address goes."""
    return reply_address(id_token(_CLUB_EMAIL_SALT, invitation_id), kind=CLUB_EMAIL_KIND)


def club_email_invitation_of_token(token: str) -> int | None:
    """The ``ClubEmailInvitation`` id a genuine token names, else ``None``."""
    return id_of_token(_CLUB_EMAIL_SALT, token)
