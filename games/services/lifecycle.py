"""Creating, joining, leaving and starting matches.

Every function here locks the match row first (``select_for_update``), so two
people taking the last seat at once cannot both get it, and the game starts
exactly once.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from core.errors import Conflict, GameActionError, LimitReached, NotAllowed, NotFound
from games.audit import commitment, seat_order
from games.boards import playable_slugs
from games.deadlines.clock import deadlines_update, time_control_clean
from games.engine import get_rules
from games.event_lines import line_record
from games.models import Match, MatchEvent, Seat, TimeoutPolicy, Vacation

from .announcements import Announcements, announce
from .idempotency import created_once
from .writes import Writes


def _locked_match(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound(_("There is no such game.")) from None


def record_event(
    match: Match,
    kind: str,
    message: str,
    *,
    params: dict[str, Any] | None = None,
    times: Sequence[str] = (),
    notation: Sequence[str] = (),
    user=None,
    now: dt.datetime,
    announcements: Announcements | None = None,
    writes: Writes | None = None,
    **data,
) -> MatchEvent:
    """Store a lifecycle event (at the match's current ply) and announce it
    with ``announcements`` (by default: once the transaction commits), or,
    with ``writes`` (a sweep batching its writes), leave both to their flush.

    Its log line is ``message``, an English msgid (``gettext_noop``), with
    ``params``: names, lists of names, moments (named in ``times``) and
    moves (named in ``notation``), kept so that each reader reads the line
    in their own language and zone (``games.event_lines``)."""
    text, line = line_record(message, params, times=times, notation=notation)
    event = MatchEvent(
        match=match, kind=kind, text=text, user=user, data={**data, **line}, created_at=now, ply=match.ply
    )
    if writes is not None:
        writes.create(event)
        return event
    event.save(force_insert=True)
    announce(event, announcements)
    return event


def record_clock_keeps_running(match: Match, seat: Seat, vacation: Vacation, *, now: dt.datetime) -> MatchEvent:
    """Tell ``seat``'s player (event ``vacation_forbidden``, mailed) that
    this game, which allows no vacation, keeps their clock running during
    ``vacation``."""
    return record_event(
        match,
        "vacation_forbidden",
        gettext_noop(
            "%(player)s is on vacation until %(until)s, but this game does not allow vacations: "
            "their clock keeps running."
        ),
        params={"player": seat.user, "until": vacation.ends_at},
        times=["until"],
        user=seat.user,
        now=now,
        seat_id=seat.pk,
        vacation_id=vacation.pk,
        until=vacation.ends_at.isoformat(),
    )


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


def _resolve_invitee(name_or_email: str, creator):
    """An existing user by display name or email, else a valid email address."""
    User = get_user_model()
    text = name_or_email.strip()
    user = User.objects.filter(display_name__iexact=text).first() or User.objects.filter(email__iexact=text).first()
    if user is not None:
        if not user.is_active:
            # A closed (or suspended) account: its seat could never be taken.
            raise GameActionError(
                _("%(name)s cannot be invited: that account is closed.") % {"name": repr(text)},
                code="invalid_invitation",
            )
        if user.pk == creator.pk:
            raise GameActionError(_("You cannot invite yourself."), code="invalid_invitation")
        return user, ""
    try:
        validate_email(text)
    except ValidationError:
        raise GameActionError(
            _("There is no player called %(name)s, and it is not an email address.") % {"name": repr(text)},
            code="invalid_invitation",
        ) from None
    return None, text.lower()


def _strangers_check(creator, count: int, *, now: dt.datetime) -> None:
    """Each mail to an address without an account goes to someone who never
    asked for it: an account may send ``INVITATIONS_TO_STRANGERS_PER_DAY`` in
    any 24 hours.  Locks the creator's row, so concurrent creations count
    each other; call inside the transaction that records the invitations.

    :raises LimitReached: ``count`` more would pass the allowance.
    """
    if not count:
        return
    get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
    allowed = settings.INVITATIONS_TO_STRANGERS_PER_DAY
    sent = MatchEvent.objects.filter(
        kind="invited", user=creator, data__stranger=True, created_at__gt=now - dt.timedelta(days=1)
    ).count()
    if sent + count > allowed:
        raise LimitReached(
            _(
                "You can invite %(allowed)d people without an account per day, and have invited %(sent)d "
                "in the last 24 hours. Invite players by their display name, or try again tomorrow."
            )
            % {"allowed": allowed, "sent": sent},
            code="invitation_limit",
        )


def match_create(
    *,
    creator,
    game: str,
    players: int,
    now: dt.datetime,
    days_per_move: int = 3,
    rated: bool = False,
    timeout_policy: str = TimeoutPolicy.AUTO,
    invite: Sequence[str] = (),
    options: dict | None = None,
    bank_initial_days: int | None = None,
    bank_increment_days: int = 0,
    bank_cap_days: int | None = None,
    weekends_off: bool = False,
    vacation_allowed: bool = True,
    idempotency_key: str | None = None,
    idempotency_fingerprint: str = "",
) -> Match:
    """Create a match with the creator in the first seat, one reserved seat
    per invitation (display name or email address) and open seats for the rest.
    A repeated ``idempotency_key`` of the creator's returns the match it
    created, changing nothing, if the request's ``idempotency_fingerprint``
    is the first's (``games.services.idempotency``).

    The time control is ``days_per_move``, or a Fischer bank
    (``bank_initial_days`` plus ``bank_increment_days`` per move, capped at
    ``bank_cap_days``), optionally without clock at weekends; see
    ``games.deadlines.clock.time_control_clean``.

    :raises GameActionError: unknown game, bad player count, time control or
        invitation (the message names the problem).
    :raises LimitReached: too many invitations to addresses without an account.
    :raises KeyReused: the key was used for another request.
    """
    return created_once(
        Match.objects.filter(created_by=creator),
        idempotency_key,
        lambda: _match_new(
            creator=creator,
            game=game,
            players=players,
            now=now,
            rated=rated,
            timeout_policy=timeout_policy,
            invite=invite,
            options=options,
            time_control={
                "days_per_move": days_per_move,
                "bank_initial_days": bank_initial_days,
                "bank_increment_days": bank_increment_days,
                "bank_cap_days": bank_cap_days,
                "weekends_off": weekends_off,
                "vacation_allowed": vacation_allowed,
            },
            idempotency_key=idempotency_key,
            idempotency_fingerprint=idempotency_fingerprint,
        ),
        idempotency_fingerprint,
    )


def _match_new(
    *,
    creator,
    game: str,
    players: int,
    now: dt.datetime,
    rated: bool,
    timeout_policy: str,
    invite: Sequence[str],
    options: dict | None,
    time_control: dict[str, Any],
    idempotency_key: str | None,
    idempotency_fingerprint: str,
) -> Match:
    """``match_create`` without the look-up of an earlier key: checks, then
    writes the match in one transaction (a savepoint inside the caller's).

    :raises GameActionError, LimitReached: as ``match_create``."""
    if game not in playable_slugs():
        known = ", ".join(playable_slugs())
        raise GameActionError(
            _("Unknown game %(game)s; known games: %(known)s.") % {"game": repr(game), "known": known},
            code="unknown_game",
        )
    rules = get_rules(game)
    if not rules.min_players <= players <= rules.max_players:
        raise GameActionError(
            _("%(game)s is played by %(min)s to %(max)s players.")
            % {"game": rules.name, "min": rules.min_players, "max": rules.max_players},
            code="invalid_players",
        )
    time_control = time_control_clean(**time_control)
    if timeout_policy not in TimeoutPolicy.values:
        raise GameActionError(_("Unknown timeout policy."), code="invalid_timeout_policy")
    names = [n for n in (s.strip() for s in invite) if n]
    if len(names) > players - 1:
        raise GameActionError(
            ngettext(
                "A %(players)s-player game has room for %(room)s invitation.",
                "A %(players)s-player game has room for %(room)s invitations.",
                players - 1,
            )
            % {"players": players, "room": players - 1},
            code="invalid_invitation",
        )
    invitees = [_resolve_invitee(name, creator) for name in names]
    keys = [user.pk if user else email for user, email in invitees]
    if len(set(keys)) != len(keys):
        raise GameActionError(_("The same player is invited twice."), code="invalid_invitation")

    with transaction.atomic():
        _strangers_check(creator, sum(1 for user, _ in invitees if user is None), now=now)
        match = Match.objects.create(
            game=game,
            created_by=creator,
            created_at=now,
            players=players,
            rated=rated,
            timeout_policy=timeout_policy,
            options=options or {},
            idempotency_key=idempotency_key or None,
            idempotency_fingerprint=idempotency_fingerprint if idempotency_key else "",
            **time_control,
        )
        Seat.objects.create(match=match, user=creator, joined_at=now)
        record_event(
            match,
            "created",
            gettext_noop("%(player)s created the game."),
            params={"player": creator},
            user=creator,
            now=now,
        )
        for user, email in invitees:
            seat = Seat.objects.create(
                match=match,
                invited_user=user,
                invited_email=email,
                # Hex: it also travels in a reply address, whose case an MTA may fold.
                invitation_token=secrets.token_hex(20),
            )
            stranger: dict[str, Any] = {} if user else {"stranger": True}
            record_event(
                match,
                "invited",
                gettext_noop("%(player)s was invited."),
                params={"player": user or email},
                user=creator,
                now=now,
                seat_id=seat.pk,
                **stranger,
            )
        for _seat in range(players - 1 - len(invitees)):
            Seat.objects.create(match=match)
    return match


def match_create_seated(
    *,
    users: Sequence,
    game: str,
    now: dt.datetime,
    created_by=None,
    days_per_move: int = 3,
    rated: bool = False,
    timeout_policy: str = TimeoutPolicy.AUTO,
    options: dict | None = None,
    keep_seat_order: bool = False,
    organised_by: str = "",
    **time_control,
) -> Match:
    """Create and start a match whose players are already decided (ladder
    pairings, tournament rounds): every user is seated and the game starts
    at once.  The seat order is drawn from the seed, or with
    ``keep_seat_order`` is the order of ``users`` (a tournament decides who
    moves first; the first seat starts).  ``organised_by`` marks the match
    as an event's (``games.organised``) before it starts, so that its very
    first mail names the event.

    :raises GameActionError: unknown game, bad player count or time control,
        or the same user twice.
    """
    users = list(users)
    if len({u.pk for u in users}) != len(users):
        raise GameActionError(_("The same player is seated twice."), code="invalid_players")
    with transaction.atomic():
        match = match_create(
            creator=created_by or users[0],
            game=game,
            players=len(users),
            now=now,
            days_per_move=days_per_move,
            rated=rated,
            timeout_policy=timeout_policy,
            options=options,
            **time_control,
        )
        if organised_by:
            Match.objects.filter(pk=match.pk).update(organised_by=organised_by)
        match = _locked_match(match.pk)
        match.seats.all().delete()
        for user in users:
            Seat.objects.create(match=match, user=user, joined_at=now)
        _start(match, now, draw_seats=not keep_seat_order)
    match.refresh_from_db()
    return match


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
        _start(match, now)


def match_join(*, match_id: int, user, now: dt.datetime) -> Match:
    """Take an open seat; the game starts when the last seat is taken.

    :raises NotFound, Conflict: no such game; not open, no free seat, or
        already seated.
    """
    with transaction.atomic():
        match = _locked_match(match_id)
        if not match.is_open:
            raise Conflict(_("This game is no longer open."), code="not_open")
        invited = match.seats.filter(invited_user=user, user__isnull=True).first()
        seat = invited or match.seats.filter(user__isnull=True, invited_user__isnull=True, invited_email="").first()
        if seat is None and match.seats.filter(user=user).exists():  # said before "full": it is the reason
            raise Conflict(_("You already have a seat in this game."), code="already_seated")
        if seat is None:
            raise Conflict(_("There is no free seat left in this game."), code="full")
        _take_seat(match, seat, user, now)
    match.refresh_from_db()
    return match


def match_leave(*, match_id: int, user, now: dt.datetime) -> Match:
    """Give a seat back before the game starts (the creator cancels instead).

    :raises NotFound, Conflict, NotAllowed.
    """
    with transaction.atomic():
        match = _locked_match(match_id)
        if not match.is_open:
            raise Conflict(_("The game has started; resign instead."), code="not_open")
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed(_("You have no seat in this game."), code="not_a_player")
        if match.created_by_id == user.pk:
            raise NotAllowed(_("You created this game: cancel it instead."), code="creator_cannot_leave")
        seat.user = None
        seat.joined_at = None
        seat.save(update_fields=["user", "joined_at"])
        record_event(
            match, "left", gettext_noop("%(player)s left the game."), params={"player": user}, user=user, now=now
        )
    return match


def _locked_invitation(token: str) -> tuple[Match, Seat]:
    seat = Seat.objects.filter(invitation_token=token).select_related("match").first()
    if seat is None:
        raise NotFound(_("This invitation is no longer valid."), code="invalid_invitation")
    match = _locked_match(seat.match_id)
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
        seat.invited_user = None
        seat.invited_email = ""
        seat.invitation_token = None
        seat.save(update_fields=["invited_user", "invited_email", "invitation_token"])
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
        match = _locked_match(match_id)
        if match.created_by_id != user.pk:
            raise NotAllowed(_("Only the creator can cancel this game."), code="not_creator")
        if not match.is_open:
            raise Conflict(_("A game that has started cannot be cancelled."), code="not_open")
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
        match = _locked_match(match_id)
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


def _start(match: Match, now: dt.datetime, draw_seats: bool = True) -> None:
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
