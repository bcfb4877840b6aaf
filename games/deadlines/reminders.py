"""Reminders before a deadline (``reminders_sweep``, run by beat every
minute through ``games.tasks``): each due seat (``Seat.reminder_at``)
gets at most one ``reminder`` event per threshold and deadline, by
compare-and-set under the match lock, so two sweepers or a move that
changed the deadline never remind twice (``reminder_send``)."""

from __future__ import annotations

import datetime as dt
import logging
import time

from django.db import transaction
from django.utils.translation import gettext_noop

from games.models import Match, Seat
from games.services.events import record_event
from games.timing.clock import reminder_hours, reminder_next, seat_settings

from .sweeps import BATCH_SIZE, MAX_SWEEP_SECONDS, RETRY_AFTER

logger = logging.getLogger(__name__)


def reminder_send(*, seat: Seat, now: dt.datetime) -> bool:
    """Send the reminder due for ``seat`` (read with its match, user and
    settings) and schedule the next one.  At most one ``reminder`` event per
    threshold and deadline: the seat is updated by compare-and-set on its
    ``reminder_at`` and ``deadline_at`` under the match lock, so a second
    sweeper or a move that changed the deadline makes this a no-op.
    Returns whether a reminder was recorded."""
    deadline = seat.deadline_at
    prefs = seat_settings(seat)
    hours = reminder_hours(prefs)
    below = seat.reminded_hours if seat.reminded_for == deadline else None
    threshold = nxt = None
    if deadline is not None and deadline > now and seat.match.is_active:
        due = [h for h in hours if (below is None or h < below) and deadline - dt.timedelta(hours=h) <= now]
        threshold = min(due) if due else None
        nxt = reminder_next(deadline=deadline, hours=hours, now=now, below=threshold or below)
    changes: dict[str, object] = {"reminder_at": nxt}
    if threshold is not None:
        changes.update(reminded_for=deadline, reminded_hours=threshold)
    with transaction.atomic():
        match = Match.objects.select_for_update(no_key=True).get(pk=seat.match_id)
        won = Seat.objects.filter(pk=seat.pk, reminder_at=seat.reminder_at, deadline_at=deadline).update(**changes)
        if not won or threshold is None or deadline is None:
            return False
        record_event(
            match,
            "reminder",
            gettext_noop("%(player)s: %(count)s hour left to move (deadline %(deadline)s).")
            if threshold == 1
            else gettext_noop("%(player)s: %(count)s hours left to move (deadline %(deadline)s)."),
            params={"player": seat.user, "count": threshold, "deadline": deadline},
            times=["deadline"],
            user=seat.user,
            now=now,
            seat_id=seat.pk,
            deadline_at=deadline.isoformat(),
            threshold_hours=threshold,
        )
    return True


def reminders_sweep(
    *,
    now: dt.datetime,
    batch_size: int = BATCH_SIZE,
    max_seconds: float = MAX_SWEEP_SECONDS,
) -> int:
    """Send every reminder due at ``now``.  Safe to run in several processes
    at once.  Returns the number of reminders recorded."""
    sent = 0
    started = time.monotonic()
    due = (
        Seat.objects.filter(reminder_at__lte=now)
        .select_related("match", "user__deadline_settings")
        .order_by("reminder_at")
    )
    while time.monotonic() - started < max_seconds:
        seats = list(due[:batch_size])
        if not seats:
            break
        for seat in seats:
            try:
                sent += reminder_send(seat=seat, now=now)
            except Exception:
                logger.exception("Reminding seat %s (match %s) failed", seat.pk, seat.match_id)
                Seat.objects.filter(pk=seat.pk, reminder_at=seat.reminder_at).update(reminder_at=now + RETRY_AFTER)
    return sent
