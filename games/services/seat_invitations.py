"""The creator's invitations after creating a game, before it starts:
inviting someone (display name or address, as ``match_create`` does) into
a free seat, and taking back an invitation not taken yet (a mistyped
address, a friend who cannot play after all), which frees its seat.

Both lock the match row first, as ``lifecycle`` does: an invitation taken
back and its link followed at the same moment, or two invitations for the
last free seat, are one after the other."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.errors import Conflict, NotAllowed, NotFound
from games.models import Match, Seat

from .address_allowance import address_allowance_check
from .creation import invitation_record, invitee_resolve
from .events import record_event
from .lifecycle import match_locked


def _creators_open_game(match_id: int, user) -> Match:
    """The match, locked, if ``user`` created it and it has not started.

    :raises NotFound, NotAllowed, Conflict."""
    match = match_locked(match_id)
    if match.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can invite to this game."), code="not_creator")
    if not match.is_open:
        raise Conflict(_("This game is no longer open."), code="not_open")
    return match


def seat_invite(*, match_id: int, invitee: str, user, now: dt.datetime) -> Match:
    """The creator invites ``invitee`` (a display name or an email
    address) into a free seat of their game; the invitation is mailed as
    one made with the game (event ``invited``).  An address counts against
    the day's allowance of invitations by address.

    :raises NotFound, NotAllowed, Conflict, GameActionError (not a player
        nor an address; the creator), LimitReached."""
    with transaction.atomic():
        match = _creators_open_game(match_id, user)
        invited_user, email = invitee_resolve(invitee, user)
        seats = match.seats.all()
        if invited_user is not None and any(invited_user.pk in (s.user_id, s.invited_user_id) for s in seats):
            raise Conflict(
                _("%(name)s is already in this game or invited.") % {"name": invited_user}, code="already_invited"
            )
        if email and any(s.user_id is None and s.invited_email.lower() == email for s in seats):
            raise Conflict(_("%(email)s is already invited.") % {"email": email}, code="already_invited")
        seat = next((s for s in seats if s.is_free), None)
        if seat is None:
            raise Conflict(_("There is no free seat left in this game."), code="full")
        if email:
            address_allowance_check(user, 1, now=now)
        seat.invitation_offer(invited_user, email)
        invitation_record(match, seat, by=user, now=now)
    match.refresh_from_db()
    return match


def seat_invitation_take_back(*, match_id: int, seat_id: int, user, now: dt.datetime) -> Match:
    """The creator takes back the invitation of a seat nobody took yet:
    its link (and reply address) no longer seat anyone, and the seat is
    free.  Taking back an address's invitation gives no allowance back.

    :raises NotFound (no such invitation, or taken already), NotAllowed, Conflict."""
    with transaction.atomic():
        match = _creators_open_game(match_id, user)
        seat = Seat.objects.select_for_update().filter(pk=seat_id, match=match, user__isnull=True).first()
        if seat is None or not seat.is_reserved:
            raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
        invitee = seat.invited_user or seat.invited_email
        # A player invited by name is told (``invitee_id``); an address, perhaps the mistyped one, is not.
        invited: dict[str, Any] = {"invitee_id": seat.invited_user_id} if seat.invited_user_id else {"stranger": True}
        seat.invitation_drop()
        record_event(
            match,
            "invitation_taken_back",
            gettext_noop("The invitation of %(player)s was taken back."),
            params={"player": invitee},
            user=user,
            now=now,
            seat_id=seat.pk,
            **invited,
        )
    match.refresh_from_db()
    return match
