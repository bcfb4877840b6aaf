"""Deadlines of seats: who must move by when, and the clock arithmetic.

A turn has a budget of *clock time* (``Seat.turn_seconds``) that starts
running at ``Seat.turn_started_at``.  The clock stops during pauses: the
weekend (Saturday 00:00 to Monday 00:00 in the player's own time zone) when
the match has ``weekends_off``, and the player's vacations when the match
allows them.  ``Seat.deadline_at`` is the moment the budget runs out.  It is
stored (indexed) for the sweeper, and it is always *derived* from the turn's
start, its budget and the pauses, so recomputing it after a vacation starts
or ends is idempotent.

Budgets: without a bank every turn gets ``days_per_move``.  With a Fischer
bank (``Match.bank_initial_days`` set) a seat's first turn gets the initial
bank; after each turn what is left plus ``bank_increment_days`` becomes its
bank (``Seat.bank_seconds``), never more than ``bank_cap_days``.

The database is the source of truth for deadlines (no long Celery
countdowns); the sweeper in ``games.deadlines.sweeps`` enforces them.
"""

from __future__ import annotations

import datetime as dt
import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from core.errors import GameActionError
from core.prepared_writes import update
from games.models import DeadlineSettings, Match, Seat, Vacation

from .limits import MAX_BANK_DAYS, MAX_DAYS_PER_MOVE

Interval = tuple[dt.datetime, dt.datetime]

DAY = dt.timedelta(days=1)
DEFAULT_REMINDER_HOURS = (24, 2)
#: Seat fields a turn's clock lives in (saved together).
CLOCK_FIELDS = [
    "deadline_at",
    "reminder_at",
    "turn_started_at",
    "turn_seconds",
    "bank_seconds",
    "auto_moves",
    "reminded_for",
    "reminded_hours",
]


# ------------------------------------------------------------ pure clock
def weekends(zone: dt.tzinfo, since: dt.datetime) -> Iterator[Interval]:
    """Every weekend (local Saturday 00:00 to Monday 00:00 in ``zone``, as
    UTC) from the one around ``since`` on, without end."""
    local = since.astimezone(zone).date()
    saturday = local - dt.timedelta(days=(local.weekday() - 5) % 7)
    while True:
        start = dt.datetime.combine(saturday, dt.time(), tzinfo=zone)
        end = dt.datetime.combine(saturday + dt.timedelta(days=2), dt.time(), tzinfo=zone)
        yield start.astimezone(dt.UTC), end.astimezone(dt.UTC)
        saturday += dt.timedelta(days=7)


@dataclass(frozen=True)
class Clock:
    """When one player's clock runs in one match: not at weekends in
    ``zone`` if ``weekends_off``, and not during the ``away`` intervals.
    Pure: no database, no ``now``."""

    zone: dt.tzinfo = dt.UTC
    weekends_off: bool = False
    away: tuple[Interval, ...] = field(default=())

    def pauses(self, since: dt.datetime) -> Iterator[Interval]:
        """Pauses sorted by start (they may overlap), from around ``since``."""
        away = sorted((a, b) for a, b in self.away if b > a)
        if not self.weekends_off:
            return iter(away)
        return heapq.merge(weekends(self.zone, since), away)

    def deadline(self, start: dt.datetime, budget: dt.timedelta) -> dt.datetime:
        """The moment ``budget`` of running time counted from ``start`` is
        used up.  A budget that runs out exactly when a pause begins runs
        out when the pause ends (the clock is at zero, not below, until it
        runs again)."""
        t, left = start, budget
        for a, b in self.pauses(start):
            if b <= t:
                continue
            if a > t:
                if a - t > left:
                    return t + left
                left -= a - t
            t = b
        return t + left

    def used(self, start: dt.datetime, end: dt.datetime) -> dt.timedelta:
        """Running time between ``start`` and ``end`` (zero if ``end`` is
        not later)."""
        total = dt.timedelta(0)
        t = start
        if end <= start:
            return total
        for a, b in self.pauses(start):
            if a >= end:
                break
            if b <= t:
                continue
            if a > t:
                total += a - t
            t = b
            if t >= end:
                return total
        return total + (end - t)


def reminder_next(
    *,
    deadline: dt.datetime,
    hours: Iterable[int],
    now: dt.datetime,
    below: int | None = None,
) -> dt.datetime | None:
    """When to remind next about ``deadline``: at the largest threshold
    (smaller than ``below``, the threshold last reminded at) whose moment is
    still ahead of ``now``; ``None`` if there is none."""
    for threshold in sorted(set(hours), reverse=True):
        if below is not None and threshold >= below:
            continue
        at = deadline - dt.timedelta(hours=threshold)
        if at > now:
            return at
    return None


def seat_settings(seat: Seat) -> DeadlineSettings | None:
    """The deadline settings of a taken seat's player (``None``: the defaults),
    read with the seat (``select_related("user__deadline_settings")``) or
    by one query."""
    assert seat.user is not None, "only a taken seat has a clock"
    try:
        return seat.user.deadline_settings
    except DeadlineSettings.DoesNotExist:
        return None


def reminder_hours(prefs: DeadlineSettings | None) -> tuple[int, ...]:
    return DEFAULT_REMINDER_HOURS if prefs is None else tuple(prefs.reminder_hours or ())


# ---------------------------------------------------------- time control
def time_control_clean(
    *,
    days_per_move: int,
    bank_initial_days: int | None = None,
    bank_increment_days: int = 0,
    bank_cap_days: int | None = None,
    weekends_off: bool = False,
    vacation_allowed: bool = True,
) -> dict:
    """Check a time control chosen at creation and return the ``Match``
    field values for it (pass them to ``Match.objects.create``).

    ``bank_cap_days`` defaults to the larger of the initial bank and the
    increment.  With a bank, ``days_per_move`` is not used by the clock.

    :raises GameActionError: code ``invalid_time_control``, naming the problem.
    """

    def invalid(message: str) -> GameActionError:
        return GameActionError(message, code="invalid_time_control")

    if not 1 <= days_per_move <= MAX_DAYS_PER_MOVE:
        raise invalid(_("Days per move must be between 1 and %(max)s.") % {"max": MAX_DAYS_PER_MOVE})
    fields = {
        "days_per_move": days_per_move,
        "bank_initial_days": None,
        "bank_increment_days": 0,
        "bank_cap_days": None,
        "weekends_off": bool(weekends_off),
        "vacation_allowed": bool(vacation_allowed),
    }
    if bank_initial_days is None:
        return fields
    if not 1 <= bank_initial_days <= MAX_DAYS_PER_MOVE:
        raise invalid(_("The initial bank must be between 1 and %(max)s days.") % {"max": MAX_DAYS_PER_MOVE})
    if not 0 <= bank_increment_days <= MAX_DAYS_PER_MOVE:
        raise invalid(_("The days added per move must be between 0 and %(max)s.") % {"max": MAX_DAYS_PER_MOVE})
    cap = max(bank_initial_days, bank_increment_days) if bank_cap_days is None else bank_cap_days
    if not max(bank_initial_days, bank_increment_days, 1) <= cap <= MAX_BANK_DAYS:
        raise invalid(
            _("The bank's cap must be at least the initial bank and the days added per move, and at most %(max)s days.")
            % {"max": MAX_BANK_DAYS}
        )
    fields.update(
        bank_initial_days=bank_initial_days,
        bank_increment_days=bank_increment_days,
        bank_cap_days=cap,
    )
    return fields


def turn_budget(match: Match, seat: Seat) -> int:
    """Seconds of clock time the seat's next turn gets."""
    if match.bank_initial_days is None:
        return match.days_per_move * 86400
    if seat.bank_seconds is not None:
        return seat.bank_seconds
    return match.bank_initial_days * 86400


def bank_after_turn(match: Match, left: dt.timedelta) -> int:
    """The bank after a turn that ended with ``left`` clock time unused."""
    cap = match.bank_cap_days or max(match.bank_initial_days or 0, match.bank_increment_days)
    kept = max(0, int(left.total_seconds()))
    return min(cap * 86400, kept + match.bank_increment_days * 86400)


# ---------------------------------------------------- seats and database
#: ``(match) -> bool`` callables other apps register: while one answers
#: True the match's clocks are on hold, so a turn that begins starts with
#: its clock stopped (start and budget kept, no deadline, no reminder).
#: Whoever holds it runs it again with ``seat_deadline_refresh`` (a paused
#: tournament does, on resume).  Games never imports those apps.
_clock_holds: list[Callable[[Match], bool]] = []


def clock_hold_register(held: Callable[[Match], bool]) -> None:
    """Register ``held(match)`` (once per callable; apps call it in
    ``ready``).  It is asked when a turn begins, so it must be cheap."""
    if held not in _clock_holds:
        _clock_holds.append(held)


#: ``(match) -> datetime | None`` callables other apps register: when the
#: match's clocks were put on hold, while they are (``None`` otherwise).  A
#: turn that ends while on hold is settled as if it had ended then.
_hold_starts: list[Callable[[Match], dt.datetime | None]] = []


def clock_hold_since_register(since: Callable[[Match], dt.datetime | None]) -> None:
    """Register ``since(match)`` (once per callable; apps call it in
    ``ready``).  It is asked only when a stopped turn ends."""
    if since not in _hold_starts:
        _hold_starts.append(since)


def _held(match: Match) -> bool:
    return any(held(match) for held in _clock_holds)


def _held_since(match: Match) -> dt.datetime | None:
    starts = [at for at in (since(match) for since in _hold_starts) if at is not None]
    return min(starts) if starts else None


def _prefs_of(seat: Seat, prefs: dict[int, DeadlineSettings]) -> DeadlineSettings | None:
    return prefs.get(seat.user_id) if seat.user_id is not None else None


def loaded_settings(seats: Iterable[Seat], user_ids: set[int]) -> dict[int, DeadlineSettings] | None:
    """The deadline settings of ``user_ids`` (those that have a row) as read
    along with ``seats`` (``select_related("user__deadline_settings")``), or
    ``None`` when some of them were not read that way."""
    loaded = {
        s.user_id: s.user
        for s in seats
        if s.user_id in user_ids
        and Seat.user.is_cached(s)
        and s.user is not None
        and type(s.user).deadline_settings.is_cached(s.user)
    }
    if loaded.keys() != user_ids:
        return None
    return {pk: prefs for pk, user in loaded.items() if (prefs := getattr(user, "deadline_settings", None)) is not None}


def settings_for(user_ids: Iterable[int | None], seats: Iterable[Seat] = ()) -> dict[int, DeadlineSettings]:
    """Deadline settings of those users that have a row (others: defaults).
    Reads nothing when ``seats`` of all these users were read with
    ``select_related("user__deadline_settings")``."""
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return {}
    loaded = loaded_settings(seats, ids)
    if loaded is not None:
        return loaded
    return {p.user_id: p for p in DeadlineSettings.objects.filter(user_id__in=ids)}


def away_intervals(*, user_id: int, prefs: DeadlineSettings | None, since: dt.datetime) -> tuple[Interval, ...]:
    """The player's vacations that end after ``since``.

    Only the latest vacation (copied into ``prefs``) can matter unless
    ``since`` is older than its start; only then is the table read.
    """
    if prefs is None or prefs.away_from is None or prefs.away_until is None or prefs.away_until <= since:
        return ()
    if prefs.away_from <= since:
        return ((prefs.away_from, prefs.away_until),)
    rows = Vacation.objects.filter(user_id=user_id, ends_at__gt=since).order_by("starts_at")
    return tuple(rows.values_list("starts_at", "ends_at"))


def seat_clock(match: Match, seat: Seat, prefs: DeadlineSettings | None, *, since: dt.datetime) -> Clock:
    """The clock of ``seat`` for a turn that started at ``since``."""
    zone = seat.user.zone if match.weekends_off and seat.user else dt.UTC
    away: tuple[Interval, ...] = ()
    if match.vacation_allowed and seat.user_id:
        away = away_intervals(user_id=seat.user_id, prefs=prefs, since=since)
    return Clock(zone=zone, weekends_off=match.weekends_off, away=away)


def seat_time_left(match: Match, seat: Seat, prefs: DeadlineSettings | None, *, now: dt.datetime) -> dt.timedelta:
    """Clock time the seat's current turn has left at ``now`` (negative
    once the deadline has passed)."""
    started, seconds = _turn(seat)
    clock = seat_clock(match, seat, prefs, since=started)
    return dt.timedelta(seconds=seconds) - clock.used(started, now)


def stopped_time_left(match: Match, seat: Seat, prefs: DeadlineSettings | None) -> dt.timedelta | None:
    """The clock time a stopped turn keeps while its match's clocks are on
    hold (``clock_hold_since_register``): what it had left when the hold
    began, or its whole budget if it began during the hold.  That is the
    time it runs on with when its holder restarts it (a paused tournament
    on resume).  None for a turn that is not stopped, or not on hold."""
    if seat.turn_started_at is None or seat.turn_seconds is None or seat.deadline_at is not None:
        return None
    since = _held_since(match)
    if since is None:
        return None
    at = max(seat.turn_started_at, since)
    return max(dt.timedelta(0), seat_time_left(match, seat, prefs, now=at))


def stopped_times_left(match: Match, seats: Iterable[Seat]) -> dict[int, dt.timedelta]:
    """Seat id -> the time its stopped turn keeps (:func:`stopped_time_left`),
    for the pages (``selectors.seat_clocks``).  Reads nothing unless a
    turn of an active match is stopped."""
    stopped = [s for s in seats if s.turn_started_at is not None and s.deadline_at is None and not s.departed]
    if not match.is_active or not stopped:
        return {}
    prefs = settings_for([s.user_id for s in stopped])
    left = {s.pk: stopped_time_left(match, s, _prefs_of(s, prefs)) for s in stopped}
    return {pk: time for pk, time in left.items() if time is not None}


def seat_deadline(match: Match, seat: Seat, prefs: DeadlineSettings | None) -> dt.datetime:
    """The deadline of the seat's current turn under the current pauses."""
    started, seconds = _turn(seat)
    clock = seat_clock(match, seat, prefs, since=started)
    return clock.deadline(started, dt.timedelta(seconds=seconds))


def _turn(seat: Seat) -> tuple[dt.datetime, int]:
    """Start and clock seconds of the turn of a seat that is to move."""
    assert seat.turn_started_at is not None and seat.turn_seconds is not None, "seat not on turn"
    return seat.turn_started_at, seat.turn_seconds


def _start_turn(match: Match, seat: Seat, prefs: DeadlineSettings | None, now: dt.datetime, *, held: bool) -> None:
    seat.turn_started_at = now
    seat.turn_seconds = turn_budget(match, seat)
    seat.reminded_for = None
    seat.reminded_hours = None
    if held:
        seat.deadline_at = seat.reminder_at = None
        return
    seat.deadline_at = seat_deadline(match, seat, prefs)
    seat.reminder_at = reminder_next(deadline=seat.deadline_at, hours=reminder_hours(prefs), now=now)


class SeatWrites(Protocol):
    """Where a sweep batching its writes takes the seats' rows
    (``games.services.writes.Writes``; a protocol so that the clock, below
    the services, imports nothing of them)."""

    def update(self, instance: Seat, fields: list[str]) -> None: ...


#: ``(seat id, turns auto-played in a row)``: the sweeper is playing this
#: turn for a seat that timed out (``deadlines_update``'s ``auto_played``).
AutoPlayed = tuple[int, int]


def _end_turn(
    match: Match,
    seat: Seat,
    prefs: DeadlineSettings | None,
    now: dt.datetime,
    auto_played: AutoPlayed | None,
    stopped_at: dt.datetime | None = None,
) -> None:
    """End the seat's running turn at ``now``; a turn whose clock was
    stopped at ``stopped_at`` (its clocks on hold) used no time since."""
    if match.bank_initial_days is not None and seat.turn_started_at and seat.turn_seconds is not None:
        end = now if stopped_at is None else max(seat.turn_started_at, min(now, stopped_at))
        seat.bank_seconds = bank_after_turn(match, seat_time_left(match, seat, prefs, now=end))
    seat.deadline_at = seat.reminder_at = seat.turn_started_at = seat.turn_seconds = None
    seat.reminded_for = seat.reminded_hours = None
    seat.auto_moves = auto_played[1] if auto_played is not None and auto_played[0] == seat.pk else 0


def deadlines_update(
    *,
    match: Match,
    seats: Iterable[Seat],
    to_move: frozenset[int],
    now: dt.datetime,
    auto_played: AutoPlayed | None = None,
    writes: SeatWrites | None = None,
    new_turns: frozenset[int] = frozenset(),
) -> None:
    """Start the clock of every seat that must now move, and stop the
    others' (banking their unused time under a Fischer control).

    A seat whose turn ends counts its turns auto-played in a row: the
    ``auto_played`` count for the seat it names, zero for any other (its
    player moved).  A turn runs from ``turn_started_at``, stopped or not:
    one that ends while its clock is stopped (``clock_hold_since_register``)
    is settled as of the moment it stopped.

    A seat that was already to move keeps its deadline (a turn made of
    several submissions is one turn on the clock), unless it is in
    ``new_turns``: its turn ended and its next one began with this move
    (the others passed; ``Rules.turn_number``), so that turn is settled and
    the next one starts afresh.  A turn that begins
    while the match's clocks are on hold (``clock_hold_register``) starts
    stopped.  Expects the caller to
    hold the match lock; saves changed seats.  Reads the deadline settings
    of the players concerned (one query) when a clock starts or a bank is
    settled.  With ``writes`` (a sweep batching its writes) the changed
    seats are added to them instead.
    """
    seats = list(seats)
    # A turn runs from ``turn_started_at``; its deadline is empty while
    # its clock is stopped (a paused tournament), and it ends all the same.
    running = [s for s in seats if s.turn_started_at is not None or s.deadline_at is not None]
    starting = [s for s in seats if s.index in to_move and (s not in running or s.index in new_turns)]
    ending = [s for s in running if s.index not in to_move or s.index in new_turns]
    if not starting and not ending:
        return
    wanted = {s.user_id for s in starting}
    if match.bank_initial_days is not None and match.vacation_allowed:
        # Settling a bank subtracts the vacations the turn spanned.
        wanted |= {s.user_id for s in ending}
    prefs = settings_for(wanted, seats)
    stopped = [s for s in ending if s.deadline_at is None]
    stopped_at = _held_since(match) if stopped and match.bank_initial_days is not None else None
    for seat in ending:
        at = stopped_at if seat.deadline_at is None else None
        _end_turn(match, seat, _prefs_of(seat, prefs), now, auto_played, stopped_at=at)
    held = bool(starting) and _held(match)
    for seat in starting:
        _start_turn(match, seat, _prefs_of(seat, prefs), now, held=held)
    # One plain UPDATE per seat: for the two or three seats a move touches
    # this is far cheaper than ``bulk_update``'s CASE expressions.  A
    # queryset UPDATE, not ``save(update_fields=...)``: no model signals are
    # connected to Seat, and save's machinery around the same statement
    # costs about 85 Python calls per seat; compiled once per connection
    # (``core.prepared_writes``).
    for seat in starting + ending:
        if writes is not None:
            writes.update(seat, CLOCK_FIELDS)
        elif not update(Seat, seat.pk, **{name: getattr(seat, name) for name in CLOCK_FIELDS}):
            raise DatabaseError("The seat's row was not updated.")  # as save() would


def seat_deadline_refresh(*, match: Match, seat: Seat, prefs: DeadlineSettings | None, now: dt.datetime) -> bool:
    """Recompute a running turn's deadline after its pauses changed (a
    vacation started or ended) and reschedule its reminder.  Returns
    whether the deadline moved.  Expects the match lock; saves the seat.
    """
    if seat.turn_started_at is None or seat.turn_seconds is None:
        return False
    deadline = seat_deadline(match, seat, prefs)
    if deadline == seat.deadline_at:
        return False
    seat.deadline_at = deadline
    below = seat.reminded_hours if seat.reminded_for == deadline else None
    seat.reminder_at = reminder_next(deadline=deadline, hours=reminder_hours(prefs), now=now, below=below)
    Seat.objects.filter(pk=seat.pk).update(deadline_at=seat.deadline_at, reminder_at=seat.reminder_at)
    return True


def deadlines_after_zone_change(*, user, now: dt.datetime) -> int:
    """Recompute the deadlines of ``user``'s running turns in games without
    a clock at weekends, whose weekends are the player's own: after a
    change of their time zone, the deadline shown and reminded is the one
    the sweeper enforces.  Each game in its own transaction under its match
    lock.  Returns how many deadlines moved."""
    turns = Seat.objects.filter(
        user=user,
        departed="",
        deadline_at__isnull=False,  # a stopped turn's resume reads the zone of then
        match__status=Match.Status.ACTIVE,
        match__weekends_off=True,
    )
    prefs = DeadlineSettings.objects.filter(pk=user.pk).first()
    moved = 0
    for match_id, seat_id in list(turns.order_by("match_id").values_list("match_id", "pk")):
        with transaction.atomic():
            match = Match.objects.select_for_update(no_key=True).get(pk=match_id)
            seat = Seat.objects.select_related("user").get(pk=seat_id)
            if match.is_active and seat.deadline_at is not None:
                moved += seat_deadline_refresh(match=match, seat=seat, prefs=prefs, now=now)
    return moved
