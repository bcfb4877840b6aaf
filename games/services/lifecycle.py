"""Joining, leaving, invitations, cancelling and starting matches (creating
them: ``creation``).

Every function here locks the match row first (``select_for_update``), so two
people taking the last seat at once cannot both get it, and the game starts
exactly once.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.errors import Conflict, NotAllowed, NotFound
from games.audit import commitment, seat_order
from games.engine import get_rules
from games.models import Match, Seat, Vacation
from games.timing.clock import deadlines_update

from .events import record_clock_keeps_running, record_event


def match_locked(match_id: int) -> Match:
    """The match row, locked (``select_for_update``).

    :raises NotFound."""
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound(_("There is no such game.")) from None


def _tell_the_away(match: Match, seats: Sequence[Seat], now: dt.datetime) -> None:
    """At the start of a game that allows no vacation, tell each player who
    is on vacation now that its clock runs all the same."""
    if match.vacation_allowed:
        return
    away = Vacation.objects.filter(
        user_id__in=[s.user_id for s in seats if s.user_id], starts_at__lte=now, ends_at__gt=now
    )
    for vacation in away:
        seat = next(s for s in seats if s.user_id == vacation.user_id)
        record_clock_keeps_running(match, seat, vacation, now=now)


def _take_seat(match: Match, seat: Seat, user, now: dt.datetime) -> None:
    if match.seats.filter(user=user).exists():
        raise Conflict(_("You already have a seat in this game."), code="already_seated")
    seat.user = user
    seat.joined_at = now
    seat.invitation_token = None
    seat.save(update_fields=["user", "joined_at", "invitation_token"])
    record_event(
        match, "joined", gettext_noop("%(player)s joined the game."), params={"player": user}, user=user, now=now
    )
    if not match.seats.filter(user__isnull=True).exists():
        match_start(match, now)


def match_join(*, match_id: int, user, now: dt.datetime) -> Match:
    """Take an open seat; the game starts when the last seat is taken.

    :raises NotFound, Conflict: no such game; not open, no free seat, or
        already seated.
    """
    with transaction.atomic():
        match = match_locked(match_id)
        _refuse_unless_open(match, _("This game is no longer open."))
        invited = match.seats.filter(invited_user=user, user__isnull=True).first()
        seat = invited or match.seats.filter(user__isnull=True, invited_user__isnull=True, invited_email="").first()
        if seat is None and match.seats.filter(user=user).exists():  # said before "full": it is the reason
            raise Conflict(_("You already have a seat in this game."), code="already_seated")
        if seat is None:
            raise Conflict(_("There is no free seat left in this game."), code="full")
        _take_seat(match, seat, user, now)
    match.refresh_from_db()
    return match


def _refuse_unless_open(match: Match, started: str) -> None:
    """Refuse an action on a game that is not open any more, saying why:
    ``started`` while it is played, else that it was cancelled or has ended.

    :raises Conflict: code ``not_open``."""
    if match.is_open:
        return
    if match.status == Match.Status.CANCELLED:
        raise Conflict(_("This game was cancelled."), code="not_open")
    if match.status == Match.Status.FINISHED:
        raise Conflict(_("This game has ended."), code="not_open")
    raise Conflict(started, code="not_open")


def match_leave(*, match_id: int, user, now: dt.datetime) -> Match:
    """Give a seat back before the game starts (the creator cancels instead).

    :raises NotFound, Conflict, NotAllowed.
    """
    with transaction.atomic():
        match = match_locked(match_id)
        _refuse_unless_open(match, _("The game has started; resign instead."))
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed(_("You have no seat in this game."), code="not_a_player")
        if match.created_by_id == user.pk:
            raise NotAllowed(_("You created this game: cancel it instead."), code="creator_cannot_leave")
        seat.user = None
        seat.joined_at = None
        seat.save(update_fields=["user", "joined_at"])
        # An invitee who took their seat and leaves gives it back to
        # everyone: kept for them, nobody else could fill the game.
        seat.invitation_drop()
        record_event(
            match, "left", gettext_noop("%(player)s left the game."), params={"player": user}, user=user, now=now
        )
    return match


def _locked_invitation(token: str) -> tuple[Match, Seat]:
    seat = Seat.objects.filter(invitation_token=token).select_related("match").first()
    if seat is None:
        raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
    match = match_locked(seat.match_id)
    seat = Seat.objects.select_for_update().get(pk=seat.pk)
    if seat.invitation_token != token or not match.is_open:
        raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
    return match, seat


def invitation_accept(*, token: str, user, now: dt.datetime) -> Match:
    """Take the seat an invitation reserves.  An invitation by display name is
    only for that user; an invitation by email is for whoever holds the link.

    :raises NotFound, NotAllowed, Conflict.
    """
    with transaction.atomic():
        match, seat = _locked_invitation(token)
        if seat.invited_user_id and seat.invited_user_id != user.pk:
            raise NotAllowed(_("This invitation is for another player."), code="not_invited")
        seat.invited_user = user
        _take_seat(match, seat, user, now)
    match.refresh_from_db()
    return match


def invitation_decline(*, token: str, user, now: dt.datetime) -> Match:
    """Decline an invitation: the seat becomes open for anyone to join."""
    with transaction.atomic():
        match, seat = _locked_invitation(token)
        if seat.invited_user_id and seat.invited_user_id != user.pk:
            raise NotAllowed(_("This invitation is for another player."), code="not_invited")
        invitee = seat.invited_user or seat.invited_email
        seat.invitation_drop()
        record_event(
            match,
            "declined",
            gettext_noop("%(player)s declined the invitation."),
            params={"player": invitee},
            user=user,
            now=now,
            invitee=str(invitee),
        )
    return match


def match_cancel(*, match_id: int, user, now: dt.datetime) -> Match:
    """The creator cancels a game that has not started.

    :raises NotFound, NotAllowed, Conflict.
    """
    with transaction.atomic():
        match = match_locked(match_id)
        if match.created_by_id != user.pk:
            raise NotAllowed(_("Only the creator can cancel this game."), code="not_creator")
        _refuse_unless_open(match, _("A game that has started cannot be cancelled."))
        match.status = Match.Status.CANCELLED
        match.finished_at = now
        match.save(update_fields=["status", "finished_at"])
        match.seats.filter(user__isnull=True).update(invitation_token=None)
        record_event(
            match,
            "cancelled",
            gettext_noop("%(player)s cancelled the game."),
            params={"player": user},
            user=user,
            now=now,
        )
    return match


def match_cancel_unplayed(*, match_id: int, now: dt.datetime, message: str, params: dict | None = None) -> Match:
    """Cancel a game that started but has no move yet (``ply`` 0), for the
    system (a tournament paired its round again): it ends unfinished and
    unrated, its clocks stop, and ``message`` (an English msgid with
    ``params``) is its last log line.  The seed stays secret, as for any
    game that did not finish.  Its own notices are the caller's.

    :raises NotFound; Conflict (``has_moves``: a move was made; ``not_active``).
    """
    with transaction.atomic():
        match = match_locked(match_id)
        if match.status != Match.Status.ACTIVE:
            raise Conflict(_("This game is not in play."), code="not_active")
        if match.ply:
            raise Conflict(_("This game has a move already."), code="has_moves")
        match.status = Match.Status.CANCELLED
        match.finished_at = now
        match.rated = False
        match.save(update_fields=["status", "finished_at", "rated"])
        match.seats.update(
            deadline_at=None,
            reminder_at=None,
            turn_started_at=None,
            turn_seconds=None,
            reminded_for=None,
            reminded_hours=None,
        )
        record_event(match, "cancelled", message, params=params, now=now)
    return match


def match_start(match: Match, now: dt.datetime, draw_seats: bool = True) -> None:
    """Draw the seed and the seat order, set the game up, start the clocks.

    Expects the match lock.  The seat order comes from the seed, and the
    commitment to the seed is published now, so the seed and salt
    (published at the end) let anyone verify the draw and the deal
    (``games.audit``); without ``draw_seats`` the seats keep the order they
    were made in (a tournament decided it) and ``Match.seats_drawn`` says so.
    The engine starts with the first seat, so the draw is the start player's.
    """
    rules = get_rules(match.game)
    match.seed = secrets.randbits(62)
    match.seed_salt = secrets.token_hex(16)
    match.seed_commitment = commitment(match.seed, match.seed_salt)
    seats = list(match.seats.order_by("pk"))
    match.seats_drawn = draw_seats
    order = seat_order(match.seed, len(seats)) if draw_seats else list(range(len(seats)))
    for seat, index in zip(seats, order, strict=True):
        seat.index = index
        seat.save(update_fields=["index"])
    state = rules.setup(match.players, match.seed, match.options or None)
    match.state = rules.dump(state)
    match.engine_version = rules.engine_version
    match.status = Match.Status.ACTIVE
    match.started_at = now
    match.ply = 0
    match.save(
        update_fields=[
            "seed",
            "seed_salt",
            "seed_commitment",
            "seats_drawn",
            "state",
            "engine_version",
            "status",
            "started_at",
            "ply",
        ]
    )
    deadlines_update(match=match, seats=seats, to_move=rules.to_move(state), now=now)
    order_text = ", ".join(str(s.user) for s in sorted(seats, key=lambda s: s.drawn_index))
    record_event(
        match,
        "started",
        gettext_noop("The game started. Seat order: %(order)s."),
        params={"order": order_text},
        now=now,
    )
    _tell_the_away(match, seats, now)
