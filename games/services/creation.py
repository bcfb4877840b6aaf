"""Creating matches: an open table with invitations (``match_create``) or
a started game whose players are decided (``match_create_seated``:
ladder pairings, tournament rounds).  Invitations by email address are
limited per day (``address_allowance``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from core.errors import GameActionError
from games.boards import playable_slugs
from games.engine import get_rules
from games.models import Match, Seat, TimeoutPolicy
from games.timing.clock import time_control_clean

from .address_allowance import address_allowance_check
from .events import record_event
from .idempotency import created_once
from .lifecycle import match_locked, match_start


def invitee_resolve(name_or_email: str, creator):
    """``(user, "")`` for a display name, ``(None, address)`` for an email
    address.  An address is never looked up for the creator: whether an
    account uses it or not, it is invited as an address (its holder takes
    the seat by the mail's link or a reply from it), so typing one never
    tells whose it is, or that its account is closed."""
    text = name_or_email.strip()
    if "@" not in text:  # display names hold no "@"
        user = get_user_model().objects.filter(display_name__iexact=text).first()
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
        if text.lower().endswith(".invalid"):  # RFC 2606: can receive nothing (a closed account's, too)
            raise ValidationError(text)
    except ValidationError:
        raise GameActionError(
            _("There is no player called %(name)s, and it is not an email address.") % {"name": repr(text)},
            code="invalid_invitation",
        ) from None
    if text.lower() in _own_addresses(creator):
        raise GameActionError(_("You cannot invite yourself."), code="invalid_invitation")
    return None, text.lower()


def invitation_record(match: Match, seat: Seat, *, by, now: dt.datetime) -> None:
    """Record ``by``'s invitation that ``seat`` holds (event ``invited``):
    it is mailed once the transaction commits, and one to an address
    counts against ``by``'s day (``address_allowance``)."""
    stranger: dict[str, Any] = {} if seat.invited_user_id else {"stranger": True}
    record_event(
        match,
        "invited",
        gettext_noop("%(player)s was invited."),
        params={"player": seat.invited_user or seat.invited_email},
        user=by,
        now=now,
        seat_id=seat.pk,
        **stranger,
    )


def _own_addresses(user) -> set[str]:
    """Every address of ``user``'s account, lowered."""
    addresses = {user.email.lower()} if user.email else set()
    return addresses | {address.lower() for address in user.emailaddress_set.values_list("email", flat=True)}


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
    ``games.timing.clock.time_control_clean``.

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
    invitees = [invitee_resolve(name, creator) for name in names]
    keys = [user.pk if user else email for user, email in invitees]
    if len(set(keys)) != len(keys):
        raise GameActionError(_("The same player is invited twice."), code="invalid_invitation")

    with transaction.atomic():
        address_allowance_check(creator, sum(1 for user, _ in invitees if user is None), now=now)
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
            seat = Seat(match=match)
            seat.invitation_offer(user, email)
            invitation_record(match, seat, by=creator, now=now)
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
        match = match_locked(match.pk)
        match.seats.all().delete()
        for user in users:
            Seat.objects.create(match=match, user=user, joined_at=now)
        match_start(match, now, draw_seats=not keep_seat_order)
    match.refresh_from_db()
    return match
