"""Vacations and each player's deadline settings.

A vacation stops the clock of the player's running turns in every game that
allows vacations: their deadlines move by the time spent away (they are
recomputed from the turn's start and budget, see ``games.timing.clock``).
Games that forbid vacations keep their clocks running and record a
``vacation_forbidden`` event so the player is told.  Other players see
"on vacation until …" (``games.deadlines.selectors``).

Allowance: ``settings.VACATION_DAYS_PER_YEAR`` days per calendar year in the
player's time zone, charged to the year a vacation starts.  A vacation of
N days ends N days later at the same time on the player's clock (an hour
more or less than N times 24 hours across a change of summer time), and
costs its length in whole days on that clock, rounded up; one ended early
costs the days it lasted.  Vacations start when they are taken and never overlap.

Locks: a player's ``DeadlineSettings`` row serialises their vacations.  It is
locked either alone (``vacation_start``/``vacation_end``, which then update
each game in its own transaction under that match's lock) or after a match
lock (auto-vacation, inside the sweeper); never before a match lock, so the
two orders cannot deadlock.
"""

from __future__ import annotations

import datetime as dt
import math
import secrets
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from core.errors import Conflict, GameActionError
from core.moments import moment_for
from games.models import DeadlineSettings, Match, Seat, Vacation
from games.services.announcements import Announcements
from games.services.events import record_clock_keeps_running, record_event
from games.timing.clock import DAY, reminder_hours, reminder_next, seat_clock, seat_deadline_refresh

MAX_REMINDERS = 4
MAX_REMINDER_HOURS = 7 * 24


def _year_bounds(user, now: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    year = now.astimezone(user.zone).year
    start = dt.datetime(year, 1, 1, tzinfo=user.zone)
    return start, dt.datetime(year + 1, 1, 1, tzinfo=user.zone)


def _on_the_clock(moment: dt.datetime, zone: dt.tzinfo) -> dt.datetime:
    """``moment`` as the wall clock in ``zone`` reads it (naive)."""
    return moment.astimezone(zone).replace(tzinfo=None)


def vacation_ends(*, starts: dt.datetime, days: int, zone: dt.tzinfo) -> dt.datetime:
    """The end of a vacation of ``days`` days from ``starts``: the same time
    of day on the player's clock in ``zone``, ``days`` later (across a
    change of summer time that is an hour more or less than ``days`` times
    24 hours; a time the clocks skip or live twice is read as it was before
    the change)."""
    end = (_on_the_clock(starts, zone) + days * DAY).replace(tzinfo=zone)
    return end.astimezone(dt.UTC)


def vacation_charged_days(vacation: Vacation, zone: dt.tzinfo = dt.UTC) -> int:
    """The days a vacation costs: its length in whole days, rounded up,
    on the player's clock in ``zone`` (the night the clocks go back is not
    a day more), never more than in 24-hour days."""
    real = vacation.ends_at - vacation.starts_at
    on_the_clock = _on_the_clock(vacation.ends_at, zone) - _on_the_clock(vacation.starts_at, zone)
    return max(0, min(math.ceil(real / DAY), math.ceil(on_the_clock / DAY)))


def vacation_days_left(*, user, now: dt.datetime) -> int:
    """Vacation days ``user`` may still take in the current year."""
    start, end = _year_bounds(user, now)
    taken = Vacation.objects.filter(user=user, starts_at__gte=start, starts_at__lt=end)
    used = sum(vacation_charged_days(v, user.zone) for v in taken)
    return max(0, settings.VACATION_DAYS_PER_YEAR - used)


def deadline_settings_get(*, user) -> DeadlineSettings:
    """The user's settings row, created with the defaults if missing."""
    prefs, _created = DeadlineSettings.objects.get_or_create(user=user)
    return prefs


def _locked_settings(user) -> DeadlineSettings:
    deadline_settings_get(user=user)
    return DeadlineSettings.objects.select_for_update().get(pk=user.pk)


def _vacation_create(*, user, prefs: DeadlineSettings, days: int, now: dt.datetime, auto: bool) -> Vacation:
    """Store a vacation starting now.  Expects ``prefs`` locked.

    :raises Conflict: already on vacation.
    :raises GameActionError: ``days`` out of range or beyond the allowance.
    """
    if prefs.is_away(now) and prefs.away_until is not None:
        raise Conflict(
            _("You are already on vacation until %(when)s (%(zone)s time).") % moment_for(user, prefs.away_until),
            code="already_on_vacation",
        )
    left = vacation_days_left(user=user, now=now)
    if days < 1 or days > left:
        raise GameActionError(
            ngettext(
                "You have %(left)s vacation day left this year.",
                "You have %(left)s vacation days left this year.",
                left,
            )
            % {"left": left},
            code="vacation_allowance",
            days_left=left,
        )
    ends = vacation_ends(starts=now, days=days, zone=user.zone)
    vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=ends, auto=auto, created_at=now)
    prefs.away_from, prefs.away_until = vacation.starts_at, vacation.ends_at
    prefs.save(update_fields=["away_from", "away_until"])
    return vacation


def _running_seats(user) -> list[tuple[int, int]]:
    """(match id, seat id) of the user's seats in running games, by match."""
    rows = Seat.objects.filter(user=user, departed="", match__status=Match.Status.ACTIVE)
    return list(rows.order_by("match_id").values_list("match_id", "pk"))


def vacation_apply(
    *,
    user,
    vacation: Vacation,
    now: dt.datetime,
    ended: bool = False,
    early: bool = False,
    skip_match_ids: Iterable[int] = (),
) -> int:
    """Move the deadlines of the user's running turns to match their
    vacations, and record ``vacation_started``/``vacation_forbidden`` (or
    ``vacation_ended``) on each running game.  Each game is updated in its
    own transaction under its match lock.  Returns the number of games.
    """
    skip = set(skip_match_ids)
    prefs = DeadlineSettings.objects.filter(pk=user.pk).first()
    until = vacation.ends_at
    done = 0
    for match_id, seat_id in _running_seats(user):
        if match_id in skip:
            continue
        with transaction.atomic():
            match = Match.objects.select_for_update(no_key=True).get(pk=match_id)
            seat = Seat.objects.select_related("user").get(pk=seat_id)
            if not match.is_active or seat.departed:
                continue
            data: dict[str, Any] = {
                "seat_id": seat.pk,
                "vacation_id": vacation.pk,
                "until": until.isoformat(),
            }
            if not match.vacation_allowed:
                if not ended:
                    record_clock_keeps_running(match, seat, vacation, now=now)
                continue
            stopped = seat.turn_started_at is not None and seat.deadline_at is None
            if not stopped:  # a paused tournament's turn stays stopped: its resume counts the vacation
                seat_deadline_refresh(match=match, seat=seat, prefs=prefs, now=now)
            if ended:
                record_event(
                    match,
                    "vacation_ended",
                    gettext_noop("%(player)s is back from vacation."),
                    params={"player": user},
                    user=user,
                    now=now,
                    early=early,
                    **data,
                )
            else:
                record_event(
                    match,
                    "vacation_started",
                    gettext_noop("%(player)s is on vacation until %(until)s; their clock is stopped."),
                    params={"player": user, "until": until},
                    times=["until"],
                    user=user,
                    now=now,
                    auto=vacation.auto,
                    **data,
                )
            done += 1
    return done


def vacation_start(*, user, days: int, now: dt.datetime) -> Vacation:
    """Go on vacation for ``days`` days from ``now``: the clocks of the
    user's running games stop (where the game allows it).

    :raises Conflict: already on vacation.
    :raises GameActionError: ``days`` below 1 or beyond the allowance left.
    """
    with transaction.atomic():
        prefs = _locked_settings(user)
        vacation = _vacation_create(user=user, prefs=prefs, days=days, now=now, auto=False)
    vacation_apply(user=user, vacation=vacation, now=now)
    return vacation


def vacation_end(*, user, now: dt.datetime) -> Vacation:
    """Come back early: the running vacation ends at ``now`` (costing only
    the days it lasted) and the clocks run again.

    :raises Conflict: not on vacation.
    """
    with transaction.atomic():
        prefs = _locked_settings(user)
        vacation = (
            Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now).order_by("-starts_at").first()
        )
        if vacation is None:
            raise Conflict(_("You are not on vacation."), code="not_on_vacation")
        vacation.ends_at = now
        vacation.closed = True
        vacation.save(update_fields=["ends_at", "closed"])
        prefs.away_until = now
        prefs.save(update_fields=["away_until"])
    vacation_apply(user=user, vacation=vacation, now=now, ended=True, early=True)
    return vacation


def vacation_take_auto(
    *, match: Match, seat: Seat, now: dt.datetime, announcements: Announcements | None = None
) -> Vacation | None:
    """Spend a day of vacation instead of a timeout, if the player opted in
    and has a day left (one day for all the games whose time ran out in
    the same sweep: a later one is covered by the day an earlier one took).
    The turn's clock is topped up to ``now`` (the sweeper's delay is not
    held against the player) and then stopped for a day, so the new
    deadline is a day away; the player's other games are paused by
    ``vacation_apply`` once the caller commits.

    Expects the match lock and a seat whose deadline has passed; locks the
    player's settings.  Returns ``None`` (nothing changed) when no
    auto-vacation applies.
    """
    if not match.vacation_allowed or seat.turn_started_at is None:
        return None
    prefs = DeadlineSettings.objects.select_for_update().filter(pk=seat.user_id).first()
    if prefs is None or not prefs.auto_vacation:
        return None
    if prefs.is_away(now):
        # The day another game of this sweep just took (its clock ran out at
        # the same time) covers this one too; a vacation the player chose
        # after their time ran out does not.
        vacation = Vacation.objects.filter(user=seat.user, starts_at__lte=now, ends_at__gt=now, auto=True).first()
        if vacation is None:
            return None
        stopped_at = vacation.starts_at
    else:
        if vacation_days_left(user=seat.user, now=now) < 1:
            return None
        vacation, stopped_at = _vacation_create(user=seat.user, prefs=prefs, days=1, now=now, auto=True), now
    used = seat_clock(match, seat, prefs, since=seat.turn_started_at).used(seat.turn_started_at, stopped_at)
    seat.turn_seconds = max(seat.turn_seconds or 0, math.ceil(used.total_seconds()))
    Seat.objects.filter(pk=seat.pk).update(turn_seconds=seat.turn_seconds)
    seat_deadline_refresh(match=match, seat=seat, prefs=prefs, now=now)
    left = vacation_days_left(user=seat.user, now=now)
    record_event(
        match,
        "auto_vacation",
        gettext_noop("%(player)s's time ran out: a day of vacation was used instead (%(count)s left this year)."),
        params={"player": seat.user, "count": left},
        user=seat.user,
        now=now,
        announcements=announcements,
        seat_id=seat.pk,
        vacation_id=vacation.pk,
        until=vacation.ends_at.isoformat(),
        days_left=left,
    )
    return vacation


def vacations_close(*, now: dt.datetime, limit: int = 200) -> int:
    """Announce vacations that ran out (``vacation_ended`` on each running
    game).  Each is claimed by a compare-and-set on ``closed``, so two
    sweepers announce it once.  Returns how many were closed."""
    closed = 0
    due = Vacation.objects.filter(closed=False, ends_at__lte=now).select_related("user")
    for vacation in due.order_by("ends_at")[:limit]:
        if Vacation.objects.filter(pk=vacation.pk, closed=False).update(closed=True):
            vacation_apply(user=vacation.user, vacation=vacation, now=now, ended=True)
            closed += 1
    return closed


def deadline_settings_update(
    *, user, reminder_hours_list: Iterable[int], auto_vacation: bool, now: dt.datetime
) -> DeadlineSettings:
    """Change the reminder thresholds (hours before a deadline; empty: no
    reminders) and the auto-vacation choice.  Reminders of running turns
    are rescheduled; thresholds already reminded at are not repeated.

    :raises GameActionError: code ``invalid_reminders``.
    """
    hours = sorted({int(h) for h in reminder_hours_list}, reverse=True)
    if len(hours) > MAX_REMINDERS or any(not 1 <= h <= MAX_REMINDER_HOURS for h in hours):
        raise GameActionError(
            _("Give at most %(count)s reminders, each 1 to %(hours)s hours before the deadline.")
            % {"count": MAX_REMINDERS, "hours": MAX_REMINDER_HOURS},
            code="invalid_reminders",
        )
    with transaction.atomic():
        prefs = _locked_settings(user)
        prefs.reminder_hours = hours
        prefs.auto_vacation = bool(auto_vacation)
        prefs.save(update_fields=["reminder_hours", "auto_vacation"])
    seats = Seat.objects.filter(user=user, deadline_at__gt=now, turn_started_at__isnull=False)
    for seat in seats:
        assert seat.deadline_at is not None  # filtered above
        below = seat.reminded_hours if seat.reminded_for == seat.deadline_at else None
        at = reminder_next(deadline=seat.deadline_at, hours=reminder_hours(prefs), now=now, below=below)
        # Compare-and-set: a move that changed the deadline meanwhile wins.
        Seat.objects.filter(pk=seat.pk, deadline_at=seat.deadline_at).update(reminder_at=at)
    return prefs


def calendar_token_get(*, user, reset: bool = False) -> str:
    """The secret of the user's calendar feed URL (a new one with ``reset``,
    which makes the old URL stop working)."""
    with transaction.atomic():
        prefs = _locked_settings(user)
        if reset or not prefs.calendar_token:
            prefs.calendar_token = secrets.token_urlsafe(24)
            prefs.save(update_fields=["calendar_token"])
    return prefs.calendar_token
