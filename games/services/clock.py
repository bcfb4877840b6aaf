"""Deadlines of seats: who must move by when.

The database is the source of truth for deadlines (no long Celery
countdowns); a sweeper enforces them (see the deadlines services).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from games.models import Match, Seat


def deadlines_update(*, match: Match, seats: Iterable[Seat], to_move: frozenset[int], now: dt.datetime) -> None:
    """Give every seat that must move a deadline, and clear the others.

    A seat that was already to move keeps its deadline (a turn made of
    several submissions is one turn on the clock).  Expects the caller to hold
    the match lock; saves changed seats.
    """
    allowed = dt.timedelta(days=match.days_per_move)
    changed = []
    for seat in seats:
        if seat.index in to_move:
            if seat.deadline_at is None:
                seat.deadline_at = now + allowed
                changed.append(seat)
        elif seat.deadline_at is not None:
            seat.deadline_at = None
            seat.reminder_at = None
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["deadline_at", "reminder_at"])
