"""Reads about clocks, deadlines and vacations, for pages, the API, emails
and other apps (reads live in selectors).

* ``time_control_summary(match)``: one line such as "3 days per move · no
  clock at weekends", in the reader's language, for pages and emails
  (``{{ match|time_control }}``, or ``games/_time_control.html``).
* ``seat_clocks(match, seats, now=...)``: per seat, its deadline, its
  Fischer bank and whether the player is "on vacation until …"; render one
  with ``games/_seat_clock.html`` (needs ``clock``).
* ``user_is_away(user, now=...)``: for matchmaking (nobody away is paired).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, ngettext_lazy

from games.models import DeadlineSettings, Match, Seat, Vacation
from games.timing.clock import loaded_settings

# Literals in calls ``makemessages`` reads (a helper's parameters hid them
# from it); each picks its plural by the ``days`` it is formatted with.
_FISCHER_BANK = ngettext_lazy("Fischer bank: %(days)s day", "Fischer bank: %(days)s days", "days")
_INCREMENT = ngettext_lazy("+%(days)s day per move", "+%(days)s days per move", "days")
_CAP = ngettext_lazy("at most %(days)s day", "at most %(days)s days", "days")
_PER_MOVE = ngettext_lazy("%(days)s day per move", "%(days)s days per move", "days")


def time_control_summary(holder) -> str:
    """The time control of a match, or of a tournament's games (the same
    fields), in words in the active language, e.g. "Fischer bank: 7 days,
    +1 day per move, at most 14 days · no clock at weekends · no
    vacations"; templates write it as ``holder|time_control``."""
    if holder.bank_initial_days:
        increment, cap = holder.bank_increment_days or 0, holder.bank_cap_days or 0
        parts = [
            ", ".join(
                (
                    _FISCHER_BANK % {"days": holder.bank_initial_days},
                    _INCREMENT % {"days": increment},
                    _CAP % {"days": cap},
                )
            )
        ]
    else:
        parts = [_PER_MOVE % {"days": holder.days_per_move}]
    if holder.weekends_off:
        parts.append(gettext("no clock at weekends"))
    if not holder.vacation_allowed:
        parts.append(gettext("no vacations"))
    return " · ".join(parts)


def duration_text(seconds: int) -> str:
    """A length of time in whole days and hours, in the active language
    ("2 days 6 hours", "0 days")."""
    days, rest = divmod(max(0, seconds), 86400)
    hours = rest // 3600
    text = ngettext("%(count)s day", "%(count)s days", days) % {"count": days}
    if hours:
        text += " " + ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
    return text


def away_until(
    user_ids: Iterable[int | None], *, now: dt.datetime, seats: Iterable[Seat] = ()
) -> dict[int, dt.datetime]:
    """End of the running vacation of each of those users who is away.
    Reads nothing when ``seats`` carry the users' settings (``loaded_settings``)."""
    ids = {pk for pk in user_ids if pk is not None}
    loaded = loaded_settings(seats, ids)
    if loaded is not None:
        return {
            pk: prefs.away_until for pk, prefs in loaded.items() if prefs.is_away(now) and prefs.away_until is not None
        }
    rows = DeadlineSettings.objects.filter(user_id__in=ids, away_from__lte=now, away_until__gt=now).values_list(
        "user_id", "away_until"
    )
    return {pk: until for pk, until in rows if until is not None}


def players_away(matches: Iterable[Match], *, now: dt.datetime) -> dict[int, dt.datetime]:
    """``away_until`` for every player of the running ``matches`` (their
    seats prefetched): one query for a whole list of games."""
    return away_until({s.user_id for m in matches if m.is_active for s in m.seats.all()}, now=now)


def user_is_away(user, *, now: dt.datetime) -> bool:
    """Whether ``user`` is on vacation at ``now``."""
    return bool(away_until([user.pk], now=now))


@dataclass(frozen=True)
class SeatClock:
    seat: Seat
    #: When the seat must have moved (``None``: not to move).
    deadline_at: dt.datetime | None
    #: End of the player's vacation if they are away and this game lets
    #: the clock stop; ``None`` otherwise.
    away_until: dt.datetime | None
    #: Away, but this game forbids vacations (the clock keeps running).
    away_clock_running: bool
    #: Fischer bank the seat's next turn starts with (``None`` without a bank).
    bank: dt.timedelta | None
    #: A turn stopped while the match's clocks are on hold (a paused
    #: tournament): the time it keeps, and runs on with when they restart.
    stopped_left: dt.timedelta | None = None

    @property
    def stopped_left_text(self) -> str:
        """The stopped turn's time left in days and hours ("" when none)."""
        if self.stopped_left is None:
            return ""
        return duration_text(int(self.stopped_left.total_seconds()))

    @property
    def bank_text(self) -> str:
        """The bank in days and hours, e.g. "2 days 6 hours" ("" without a bank)."""
        if self.bank is None:
            return ""
        return duration_text(int(self.bank.total_seconds()))


def seat_clocks(
    match: Match, seats: Sequence[Seat], *, now: dt.datetime, stopped: Mapping[int, dt.timedelta] | None = None
) -> list[SeatClock]:
    """Clock facts for each of ``seats`` (in that order); one query.
    ``stopped``: seat id -> the time its stopped turn keeps
    (``clock.stopped_times_left``, which reads the clocks)."""
    away = away_until((s.user_id for s in seats if s.user_id), now=now)
    stopped = stopped or {}
    clocks = []
    for seat in seats:
        until = away.get(seat.user_id) if seat.user_id is not None else None
        bank = None
        if match.bank_initial_days is not None:
            seconds = seat.bank_seconds if seat.bank_seconds is not None else match.bank_initial_days * 86400
            bank = dt.timedelta(seconds=seconds)
        clocks.append(
            SeatClock(
                seat=seat,
                deadline_at=seat.deadline_at,
                away_until=until if match.vacation_allowed else None,
                away_clock_running=bool(until) and not match.vacation_allowed,
                bank=bank,
                stopped_left=stopped.get(seat.pk),
            )
        )
    return clocks


def deadlines_of(user) -> list[Seat]:
    """The user's seats that must move, with their matches, soonest first."""
    return list(
        Seat.objects.filter(user=user, deadline_at__isnull=False, match__status=Match.Status.ACTIVE)
        .select_related("match")
        .order_by("deadline_at")
    )


def vacations_of(user, *, limit: int = 10) -> list[Vacation]:
    """The user's latest vacations, newest first."""
    return list(Vacation.objects.filter(user=user).order_by("-starts_at")[:limit])


def running_games_of(user) -> list[Match]:
    """The user's running games (for "which clocks a vacation stops")."""
    return list(Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user, seats__departed="").order_by("pk"))
