"""An invitation by email whose mail bounced for good (a mistyped
address): while it is still open, the organiser who sent it is told once,
in their language, and the organiser's list marks it, so that they take it
back and invite the right address.  Used or taken back, it is moot.

Called by the mail app's bounce handling for the mails of ``club_email``
and ``strangers`` (``mail.bounces.bounced_mail_register``, registered in
``TournamentsConfig.ready`` for each kind's ``MAIL_KEY``)."""

from __future__ import annotations

import datetime as dt

from mail.models import OutgoingEmail

from ..models import ClubEmailInvitation, TournamentEmailInvitation, open_invitation
from ..notify import club_url, notice_send, tournament_url

KINDS = (ClubEmailInvitation, TournamentEmailInvitation)


def email_invitation_bounced(sent: OutgoingEmail, now: dt.datetime) -> None:
    """``sent``, the mail of an invitation by email, bounced for good:
    mark the invitation and tell its inviter, once, if it is still open
    and still for the address the mail went to.  Runs inside the
    transaction that marks the mail bounced."""
    prefix, _, pk = sent.dedupe_key.partition(":")
    model = next((kind for kind in KINDS if prefix == kind.MAIL_KEY), None)
    if model is None or not pk.isdigit():
        return
    found = model.objects.filter(open_invitation, pk=int(pk), email__iexact=sent.to, bounced_at__isnull=True)
    # The update is the once: a second report on this mail, or on another
    # mail of the same invitation, finds it marked.
    if not found.update(bounced_at=now):
        return
    invitation = model.objects.select_related("invited_by").get(pk=int(pk))
    inviter = invitation.invited_by
    if inviter is None or not inviter.is_active:
        return
    target = invitation.target
    notice_send(
        user=inviter,
        template="email-invitation-bounced",
        context={
            "address": invitation.email,
            "target": target,
            "url": club_url(target) if model is ClubEmailInvitation else tournament_url(target),
        },
        dedupe_key=f"invitation-bounced:{sent.pk}",
        now=now,
    )
