"""The match's log of lifecycle events (``MatchEvent``): every write that
is not a move records one here, at the match's current ply, and announces
it once its transaction commits (mails, tournaments)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from games.event_lines import line_record
from games.models import Match, MatchEvent, Seat, Vacation

from .announcements import Announcements, announce
from .writes import Writes


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
