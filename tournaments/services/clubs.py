"""Clubs and their membership: create, join (open, by request or by
invitation), approve, invite, remove, promote, leave.

Every change locks the club row first, so two organisers acting at once
cannot, for example, both remove the last other organiser.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.text import has_control_characters
from games.services import Conflict, GameActionError, NotAllowed, NotFound

from ..models import Club, ClubEmailInvitation, ClubMembership, open_invitation
from ..notify import club_url, notice_send
from ..reply_tokens import club_invitation_reply_address
from ..selectors import is_club_organiser
from .club_email import address_invite_locked
from .strangers import player_or_address

Status = ClubMembership.Status
Role = ClubMembership.Role


def _locked_club(club_id: int) -> Club:
    try:
        return Club.objects.select_for_update().get(pk=club_id)
    except Club.DoesNotExist:
        raise NotFound(_("There is no such club.")) from None


def _require_organiser(user, club: Club) -> None:
    if not is_club_organiser(user, club):
        raise NotAllowed(_("Only the club's organisers can do that."), code="not_organiser")


def _membership(club: Club, user_id: int) -> ClubMembership:
    # Ids come from URLs: a number past 64 bits overflows the driver in a
    # foreign-key lookup, and cannot be anybody's id anyway.
    membership = None
    if 0 < user_id < 2**63:
        membership = ClubMembership.objects.filter(club=club, user_id=user_id).first()
    if membership is None:
        raise NotFound(_("That player has no place in this club."), code="not_a_member")
    return membership


def _organisers_left(club: Club, without: int) -> int:
    return club.memberships.filter(status=Status.ACTIVE, role=Role.ORGANISER).exclude(user_id=without).count()


def club_create(
    *,
    creator,
    name: str,
    description: str = "",
    join_policy: str = Club.JoinPolicy.OPEN,
    now: dt.datetime,
) -> Club:
    """A new club with ``creator`` as its first organiser.

    :raises GameActionError: empty or taken name, unknown join policy.
    """
    name = " ".join(name.split())
    if not name:
        raise GameActionError(_("A club needs a name."), code="invalid_name")
    if has_control_characters(name):
        raise GameActionError(_("A name cannot hold control characters (a bell, an escape...)."), code="invalid_name")
    if join_policy not in Club.JoinPolicy.values:
        raise GameActionError(_("Unknown join policy."), code="invalid_join_policy")
    if Club.objects.filter(name__iexact=name).exists():
        raise Conflict(_("There is already a club called %(name)s.") % {"name": repr(name)}, code="name_taken")
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name,
                description=description.strip(),
                join_policy=join_policy,
                created_by=creator,
                created_at=now,
            )
            ClubMembership.objects.create(
                club=club,
                user=creator,
                role=Role.ORGANISER,
                status=Status.ACTIVE,
                created_at=now,
                joined_at=now,
            )
    except IntegrityError:
        raise Conflict(
            _("There is already a club called %(name)s.") % {"name": repr(name)}, code="name_taken"
        ) from None
    return club


def club_join(*, club_id: int, user, now: dt.datetime) -> ClubMembership:
    """Join an open club, ask to join a club that takes requests, or accept
    an invitation.

    :raises NotFound, Conflict: no such club; already a member or asked.
    :raises NotAllowed: the club is by invitation and ``user`` is not invited.
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        membership = ClubMembership.objects.filter(club=club, user=user).first()
        if membership is not None and membership.status == Status.INVITED:
            membership.status = Status.ACTIVE
            membership.joined_at = now
            membership.save(update_fields=["status", "joined_at"])
            return membership
        if membership is not None:
            raise Conflict(
                _("You are already a member.")
                if membership.status == Status.ACTIVE
                else _("You have already asked to join; an organiser will answer."),
                code="already_member",
            )
        if club.join_policy == Club.JoinPolicy.INVITATION:
            raise NotAllowed(_("This club takes members by invitation only."), code="invitation_only")
        active = club.join_policy == Club.JoinPolicy.OPEN
        return ClubMembership.objects.create(
            club=club,
            user=user,
            created_at=now,
            status=Status.ACTIVE if active else Status.REQUESTED,
            joined_at=now if active else None,
        )


def club_leave(*, club_id: int, user, now: dt.datetime) -> None:
    """Leave a club, withdraw a request or decline an invitation.

    :raises NotFound: no place in the club.
    :raises Conflict: the last organiser cannot leave.
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        membership = _membership(club, user.pk)
        if membership.is_organiser and not _organisers_left(club, user.pk):
            raise Conflict(
                _("You are the club's last organiser: name another one first."),
                code="last_organiser",
            )
        membership.delete()


def club_request_approve(*, club_id: int, user_id: int, by, now: dt.datetime) -> ClubMembership:
    """An organiser accepts a request to join.

    :raises NotAllowed, NotFound, Conflict.
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        _require_organiser(by, club)
        membership = _membership(club, user_id)
        if membership.status != Status.REQUESTED:
            raise Conflict(_("That player has not asked to join."), code="no_request")
        membership.status = Status.ACTIVE
        membership.joined_at = now
        membership.save(update_fields=["status", "joined_at"])
        notice_send(
            user=membership.user,
            template="club-welcome",
            context={"club": club, "url": club_url(club)},
            dedupe_key=f"club-welcome:{club.pk}:{user_id}:{now.isoformat()}",
            now=now,
        )
    return membership


def club_member_remove(*, club_id: int, user_id: int, by, now: dt.datetime) -> None:
    """An organiser removes a member, declines a request or takes back an
    invitation.

    :raises NotAllowed, NotFound; Conflict for the last organiser.
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        _require_organiser(by, club)
        membership = _membership(club, user_id)
        if membership.is_organiser and not _organisers_left(club, user_id):
            raise Conflict(_("A club needs at least one organiser."), code="last_organiser")
        membership.delete()


def club_invite(*, club_id: int, display_name: str, by, now: dt.datetime) -> ClubMembership | ClubEmailInvitation:
    """An organiser invites a player by display name (a pending request is
    simply approved), or anyone by email address: it is mailed a link that
    joins the club (``club_email.address_invite_locked``, whose row is
    returned then), whether an account uses the address or not.

    :raises NotAllowed; NotFound (no such player, no address); Conflict
        (already in, or invited); LimitReached (too many addresses today).
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        _require_organiser(by, club)
        invitee = player_or_address(display_name)
        if isinstance(invitee, str):
            return address_invite_locked(club, invitee, by=by, now=now)
        membership = ClubMembership.objects.filter(club=club, user=invitee).first()
        if membership is not None and membership.status == Status.REQUESTED:
            membership.status = Status.ACTIVE
            membership.joined_at = now
            membership.save(update_fields=["status", "joined_at"])
            return membership
        if membership is not None:
            raise Conflict(
                _("%(player)s is already %(status)s.")
                % {"player": invitee, "status": membership.get_status_display().lower()},
                code="already_member",
            )
        membership = ClubMembership.objects.create(
            club=club,
            user=invitee,
            status=Status.INVITED,
            invited_by=by,
            created_at=now,
        )
        notice_send(
            user=invitee,
            template="club-invitation",
            context={"club": club, "by": by, "url": club_url(club)},
            dedupe_key=f"club-invitation:{membership.pk}",
            now=now,
            reply_to=club_invitation_reply_address(membership.pk),
        )
    return membership


def club_member_promote(*, club_id: int, user_id: int, by, now: dt.datetime) -> ClubMembership:
    """An organiser makes an active member an organiser too.

    :raises NotAllowed, NotFound, Conflict.
    """
    with transaction.atomic():
        club = _locked_club(club_id)
        _require_organiser(by, club)
        membership = _membership(club, user_id)
        if membership.status != Status.ACTIVE:
            raise Conflict(_("Only members can become organisers."), code="not_a_member")
        membership.role = Role.ORGANISER
        membership.save(update_fields=["role"])
    return membership


def club_email_invitation_take_back(*, club_id: int, invitation_id: int, by, now: dt.datetime) -> None:
    """An organiser takes back an invitation by email not used yet (a
    mistyped address): its link no longer joins the club.

    :raises NotAllowed: not an organiser; NotFound: no such open invitation."""
    with transaction.atomic():
        club = _locked_club(club_id)
        _require_organiser(by, club)
        taken = club.email_invitations.filter(open_invitation, pk=invitation_id).update(taken_back_at=now)
        if not taken:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
