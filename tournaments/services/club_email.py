"""Inviting someone to a club by email address: the invitation mail's
link joins the club with one button, for whoever follows it, signed in
or after signing up (``club_email_invitation_accept``).  An address is
never looked up for the organiser (``strangers``): an account's address
is mailed the link too.

Each mail goes to someone who never asked for it: it counts against the
organiser's daily allowance (``strangers.allowance_check``)."""

from __future__ import annotations

import datetime as dt
import secrets

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from games.services import Conflict, NotFound

from ..models import Club, ClubEmailInvitation, ClubMembership, open_invitation
from ..notify import absolute
from ..reply_tokens import club_email_invitation_reply_address
from .strangers import address_mail, allowance_check

Status = ClubMembership.Status


def address_invite_locked(club: Club, address: str, *, by, now: dt.datetime) -> ClubEmailInvitation:
    """Invite ``address`` to ``club`` and mail it the link
    (``strangers.address_mail``).  Expects the club lock.

    :raises Conflict: already invited; LimitReached: the day's allowance."""
    address = address.lower()
    if club.email_invitations.filter(open_invitation, email__iexact=address).exists():
        raise Conflict(_("%(email)s is already invited.") % {"email": address}, code="already_invited")
    allowance_check(by, now)
    invitation = ClubEmailInvitation.objects.create(
        club=club, email=address, token=secrets.token_hex(20), invited_by=by, created_at=now
    )
    address_mail(
        address,
        by=by,
        template="club-email-invitation",
        context={"club": club, "link": absolute(reverse("club-email-invitation", args=[invitation.token]))},
        dedupe_key=invitation.mail_key,
        reply_to=club_email_invitation_reply_address(invitation.pk),
        now=now,
    )
    return invitation


def club_email_invitation_accept(*, token: str, user, now: dt.datetime) -> ClubMembership:
    """``user``, holding the link of an invitation by email, joins its club
    (whatever the club's join policy: they were invited).  The invitation
    is used up.

    :raises NotFound: no such invitation, or used already; Conflict: a member already."""
    with transaction.atomic():
        invitation = (
            ClubEmailInvitation.objects.select_for_update()
            .select_related("club")
            .filter(open_invitation, token=token)
            .first()
        )
        if invitation is None:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
        membership = ClubMembership.objects.filter(club=invitation.club, user=user).first()
        if membership is not None and membership.status == Status.ACTIVE:
            raise Conflict(_("You are already a member."), code="already_member")
        if membership is None:
            membership = ClubMembership(
                club=invitation.club, user=user, created_at=now, invited_by=invitation.invited_by
            )
        membership.status, membership.joined_at = Status.ACTIVE, now
        membership.save()
        invitation.accepted_at = now
        invitation.save(update_fields=["accepted_at"])
    return membership
