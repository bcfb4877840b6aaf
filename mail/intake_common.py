"""What every kind of inbound reply needs: recording its outcome, finding
the account of a sender, and the answer to a mail that cannot be used."""

from __future__ import annotations

import datetime as dt

from allauth.account.models import EmailAddress
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from .answers import answer, reply_subject, written_for
from .inbound import InboundMessage
from .models import InboundEmail

#: What a record keeps from its creation: the raw mail (up to 256 KB) is
#: not written a second time with the outcome.
_WRITTEN_ONCE = {"id", "raw", "received_at", "source"}


def finish(record: InboundEmail, outcome: str, detail: str = "", **fields) -> InboundEmail:
    """Store the outcome (and any other fields) of ``record``, a record
    already created with its raw mail; returns it."""
    record.outcome = outcome
    record.detail = detail
    for key, value in fields.items():
        setattr(record, key, value)
    record.save(update_fields=[f.name for f in record._meta.concrete_fields if f.name not in _WRITTEN_ONCE])
    return record


def account_of(address: str):
    """The user whose verified address this is, else ``None``."""
    found = EmailAddress.objects.select_related("user").filter(email__iexact=address, verified=True).first()
    return found.user if found else None


def stranger_paragraphs() -> list[str]:
    """What an address of no account is told of a mail we cannot use (in
    the active language): how to link it to an account, or make one."""
    return [
        _("We received your email, but this address is not linked to any %(site)s account, so we could not use it.")
        % {"site": settings.SITE_NAME},
        _(
            "To play by email from this address, log in at %(url)s and make it your account's "
            "address; once you have confirmed it, replies from it are read."
        )
        % {"url": settings.SITE_URL + "/accounts/email/"},
        # A newcomer has no account to log in to (the command address's "play alta" reaches here too).
        _("No account yet? Sign up at %(url)s; after that you can play by email alone.")
        % {"url": settings.SITE_URL + reverse("account_signup")},
    ]


def unused_subject(message: InboundMessage) -> str:
    """The subject of the answer to a mail we cannot use."""
    return reply_subject(message.subject, _("Your email could not be used"))


def generic_reply(
    message: InboundMessage, record: InboundEmail, now: dt.datetime, *, someone_elses: bool = False
) -> None:
    """The answer to a mail we cannot use.  An address of an account learns
    how moves are sent; any other address learns that it is not linked to
    an account and how to link it and learns nothing about any game; an
    account's address is given its own running games with their reply
    addresses.  ``someone_elses``: the mail was sent to a reply address of
    another player's mail (forwarded, copied or guessed); an account's
    address is told so, and nothing of that player or their game."""
    from .commands import games_lines  # commands reaches the services that import this module

    user = account_of(message.sender)

    def build() -> tuple[str, list[str]]:
        if user is not None:
            paragraphs = [
                _(
                    "We received your email but could not match it to a move you can make: the address you "
                    "replied to belongs to an email we sent to another player, so nothing in your email was "
                    "played or passed on."
                )
                if someone_elses
                else _("We received your email but could not match it to a move you can make."),
                (
                    _(
                        "Moves must be sent to a game's own address, which your daily digest gives, from the "
                        "address of your %(site)s account. Your games: %(url)s"
                    )
                    # A digest reader gets no "your move" mails to answer.
                    if user.notifications == user.Notifications.DAILY_DIGEST
                    else _(
                        'Moves must be sent as a reply to the latest "your move" email of a game, from the '
                        "address of your %(site)s account. Your games: %(url)s"
                    )
                )
                % {"site": settings.SITE_NAME, "url": settings.SITE_URL + "/games/"},
                # Their own games, to their own verified address (as the
                # command address's "games" answers): a player who plays by
                # mail alone gets the address to reply to here.
                games_lines(user, now, heading=_("Your running games:")),
            ]
        else:
            paragraphs = stranger_paragraphs()
        return unused_subject(message), paragraphs

    subject, paragraphs = written_for(user, message.languages, build)
    answer(record, to=message.sender, subject=subject, paragraphs=paragraphs, now=now, user=user)
