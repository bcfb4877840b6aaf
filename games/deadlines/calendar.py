"""A player's deadlines as an iCalendar feed (RFC 5545), built with the
``icalendar`` package.  The feed lives at a secret URL
(``/calendar/<token>.ics``, token in ``DeadlineSettings.calendar_token``) so
calendar apps can subscribe without logging in; resetting the token
revokes the old URL.

One event per game where the player must move, at the deadline.  Its UID
names the seat and the turn, so a calendar app replaces the event when the
deadline moves (a vacation) and shows a new one for the next turn.

Other apps add their own deadlines (a tournament's round deadlines) through
:func:`calendar_source_register`, called from their ``AppConfig.ready``:
games never imports them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from games.models import Seat


@dataclass(frozen=True)
class CalendarEntry:
    """One more deadline for the feed; ``uid`` is unique and stable (a
    calendar app replaces the event when the same uid comes back)."""

    uid: str
    at: dt.datetime
    summary: str
    description: str
    url: str


CalendarSource = Callable[..., Iterable[CalendarEntry]]
_sources: list[CalendarSource] = []


def calendar_source_register(source: CalendarSource) -> None:
    """Add ``source(user=..., now=...)`` to every player's feed (once)."""
    if source not in _sources:
        _sources.append(source)


def calendar_entries(*, user, now: dt.datetime) -> list[CalendarEntry]:
    """Every registered source's entries for ``user``."""
    return [entry for source in _sources for entry in source(user=user, now=now)]


def deadlines_calendar(
    *, seats: Sequence[Seat], owner: str, now: dt.datetime, entries: Sequence[CalendarEntry] = ()
) -> bytes:
    """The iCalendar document for ``seats`` (each with its ``match``) and
    the other apps' ``entries``, its words in the active language (the
    caller activates the owner's: a calendar app fetches it without one)."""
    calendar = Calendar()
    calendar.add("prodid", f"-//{settings.SITE_NAME}//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", _("%(site)s deadlines of %(owner)s") % {"site": settings.SITE_NAME, "owner": owner})
    # Calendar apps poll at most this often.
    calendar.add("refresh-interval", dt.timedelta(hours=1), parameters={"VALUE": "DURATION"})
    for seat in seats:
        match = seat.match
        url = f"{settings.SITE_URL}{match.get_absolute_url()}"
        started = seat.turn_started_at or seat.deadline_at
        event = Event()
        event.add("uid", f"deadline-{seat.pk}-{started:%Y%m%dT%H%M%S}@{settings.MAIL_DOMAIN}")
        event.add("dtstamp", now)
        # No DTEND: the event is the instant of the deadline (RFC 5545 3.6.1).
        event.add("dtstart", seat.deadline_at)
        event.add("summary", _("Deadline: your move in %(game)s") % {"game": match})
        event.add("description", _("Your move in %(game)s is due. Play it at %(url)s") % {"game": match, "url": url})
        event.add("url", url)
        event.add("transp", "TRANSPARENT")
        calendar.add_component(event)
    for entry in entries:
        event = Event()
        event.add("uid", f"{entry.uid}@{settings.MAIL_DOMAIN}")
        event.add("dtstamp", now)
        event.add("dtstart", entry.at)
        event.add("summary", entry.summary)
        event.add("description", entry.description)
        event.add("url", entry.url)
        event.add("transp", "TRANSPARENT")
        calendar.add_component(event)
    return calendar.to_ical()
