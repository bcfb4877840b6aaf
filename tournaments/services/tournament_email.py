"""Taking up an organiser's invitation to a tournament sent to an email
address (``strangers.address_enter_locked``): its link leads to signing
in (or up), then enters the tournament with one button, as the
organiser would have entered a player named by their display name: a
registration (the tournament's invited-only or capacity rules as for an
invited player), a late entry into a running Swiss, or the place of the
player being replaced.  What the tournament no longer allows (started,
full, its last round paired, the place gone) is refused with the usual
message, and the invitation stays open."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from games.services import NotFound

from ..models import Participant, TournamentEmailInvitation, TournamentInvitation, open_invitation
from .common import locked_tournament, require_manager
from .entries import late_entry_locked
from .setup import replace_locked, tournament_register


def tournament_email_invitation_open(token: str) -> TournamentEmailInvitation | None:
    """The invitation whose link holds ``token``, neither used nor taken
    back; else None."""
    return (
        TournamentEmailInvitation.objects.select_related("tournament", "invited_by", "participant__user")
        .filter(open_invitation, token=token)
        .first()
    )


def tournament_email_invitation_accept(*, token: str, user, now: dt.datetime) -> Participant:
    """``user``, holding the link of an invitation by email, enters its
    tournament: in ``participant``'s place for a replacement, as a late
    entry (from the next round) when the organiser added them to a running
    Swiss, or registered when invited before the start (after it, only
    where late registration is open).  The invitation is used up.

    :raises NotFound: no such invitation, or used already; Conflict,
        NotAllowed: the tournament does not take the player now (the
        invitation stays open)."""
    with transaction.atomic():
        found = tournament_email_invitation_open(token)
        if found is None:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
        tournament = locked_tournament(found.tournament_id)
        invitation = TournamentEmailInvitation.objects.select_for_update().get(pk=found.pk)
        if invitation.accepted_at is not None or invitation.taken_back_at is not None:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
        invitation.tournament = tournament
        by = invitation.invited_by
        if invitation.participant_id is not None:
            participant = tournament.participants.select_related("user").filter(pk=invitation.participant_id).first()
            entered = replace_locked(tournament, participant, user, by=by, now=now)
        elif invitation.late_entry:
            entered = late_entry_locked(tournament, user, by=by, now=now)
        else:
            # Invited: an invited-only tournament takes them like a player invited by name.
            TournamentInvitation.objects.get_or_create(
                tournament=tournament, user=user, defaults={"invited_by": by, "created_at": now}
            )
            entered = tournament_register(tournament_id=tournament.pk, user=user, now=now)
        invitation.accepted_at = now
        invitation.save(update_fields=["accepted_at"])
    return entered


def tournament_email_invitation_take_back(*, tournament_id: int, invitation_id: int, by, now: dt.datetime) -> None:
    """An organiser takes back an invitation by email not used yet (a
    mistyped address): its link no longer enters the tournament.  It still
    counts against the day's allowance of invitations by address.

    :raises NotAllowed: not an organiser; NotFound: no such open invitation."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        taken = tournament.email_invitations.filter(open_invitation, pk=invitation_id).update(taken_back_at=now)
        if not taken:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
