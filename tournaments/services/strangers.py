"""Who an organiser names when they invite, add or bring in a player: an
account by its display name, or an email address.  An address is never
looked up for the organiser: whether an account uses it or not, it is
mailed a link (``address_mail``) that enters the tournament
(``address_enter_locked``; accepted in ``tournament_email``) or joins
the club (``club_email``) for whoever follows it, signed in or after
signing up, and a reply address that does so for the address's owner
(``email_invitation_replies``).  So the organiser's answer is the same for every address,
and typing one never tells whose it is.

Each such mail goes to someone who never asked for it, so an organiser
sends at most ``INVITATIONS_TO_STRANGERS_PER_DAY`` of them in any 24
hours, to games, clubs and tournaments together
(``games.services.address_allowance``)."""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.urls import reverse
from django.utils.translation import gettext as _

from games.services import Conflict, NotFound
from games.services.address_allowance import address_allowance_check
from mail.invitees import address_holder

from ..models import ClubEmailInvitation, Participant, Tournament, TournamentEmailInvitation, open_invitation
from ..notify import absolute, notice_send
from ..reply_tokens import email_invitation_reply_address


def _is_address(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def player_or_address(text: str):
    """``text`` lowered when it is an email address (display names hold no
    "@"), whether or not an account uses it; else the active account
    whose display name it is (case aside).

    :raises NotFound: neither (a name nobody has, or not an address)."""
    text = text.strip()
    if _is_address(text):
        return text.lower()
    account = get_user_model().objects.filter(is_active=True, display_name__iexact=text).first()
    if account is not None:
        return account
    raise NotFound(
        _("There is no player called %(name)s, and it is not an email address.") % {"name": repr(text)},
        code="unknown_player",
    )


def address_invitations_sent(user, since: dt.datetime) -> int:
    """How many invitations by address to clubs and tournaments ``user``
    sent after ``since`` (taken back or used too): their share of the
    day's allowance (``games.services.address_allowance``)."""
    return (
        ClubEmailInvitation.objects.filter(invited_by=user, created_at__gt=since).count()
        + TournamentEmailInvitation.objects.filter(invited_by=user, created_at__gt=since).count()
    )


def allowance_check(by, now: dt.datetime) -> None:
    """Refuse one more invitation by email address past ``by``'s daily
    allowance, shared with the games' invitations by address.

    :raises LimitReached."""
    address_allowance_check(by, 1, now=now)


def address_mail(
    address: str, *, by, template: str, context: dict[str, Any], dedupe_key: str, reply_to: str, now: dt.datetime
):
    """Mail the invitation ``template`` to ``address``, answered at
    ``reply_to`` (a reply from ``address`` accepts it,
    ``email_invitation_replies``): in the language of the account whose
    verified address it is, else in the inviter's (a Dutch club's friend
    reads Dutch).  Nothing of it reaches the organiser."""
    notice_send(
        user=by,
        to=address,
        holder=address_holder(address),
        template=template,
        context={"by": by, **context},
        dedupe_key=dedupe_key,
        reply_to=reply_to,
        now=now,
    )


def address_enter_locked(
    tournament: Tournament, address: str, *, by, now: dt.datetime, participant: Participant | None = None
) -> TournamentEmailInvitation:
    """Invite ``address`` to ``tournament``, to take over ``participant``'s
    place when given, and mail it the link (``address_mail``).  The caller
    has checked that the tournament takes a player now; the link checks
    again, for whoever follows it.  Expects the tournament lock.

    :raises Conflict: invited already, or (to register) the tournament is
        full; LimitReached: the day's allowance."""
    if tournament.email_invitations.filter(open_invitation, email__iexact=address).exists():
        raise Conflict(_("%(email)s is already invited.") % {"email": address}, code="already_invited")
    # A tournament for its club's members takes any address too: its link
    # enters a member and tells anyone else why not (``tournament_register``);
    # which it will be is nothing the organiser may learn here.
    registering = participant is None and tournament.status == Tournament.Status.REGISTRATION
    if registering and tournament.participants.count() >= tournament.capacity:
        raise Conflict(_("The tournament is full."), code="full")
    allowance_check(by, now)
    invitation = TournamentEmailInvitation.objects.create(
        tournament=tournament,
        email=address,
        participant=participant,
        token=secrets.token_hex(20),
        invited_by=by,
        created_at=now,
    )
    address_mail(
        address,
        by=by,
        template="tournament-email-invitation",
        context={
            "tournament": tournament,
            "replacing": participant.user if participant is not None else None,
            "link": absolute(reverse("tournament-email-invitation", args=[invitation.token])),
        },
        dedupe_key=invitation.mail_key,
        reply_to=email_invitation_reply_address(invitation.pk),
        now=now,
    )
    return invitation
