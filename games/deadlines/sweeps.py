"""Enforcing deadlines and sending reminders.

Beat runs ``deadlines_sweep`` and ``reminders_sweep`` (``reminders``)
every minute (``games.tasks``).  Each selects due seats through its index
(``Seat.deadline_at``, ``Seat.reminder_at``) in small batches, oldest first.

Claiming a deadline.  The sweeper *claims* a batch of due seats with one
compare-and-set update in its own short transaction: each seat's
``deadline_at`` goes from a value still due to a lease (about ``now +
LEASE``), and the sweeper goes on only with the seats that now hold its
lease.  ``deadline_enforce`` then locks the match (before any seat,
like every write) and acts only if the seat's deadline is still that lease.
So two sweepers never enforce one deadline twice, and a late move that gets
the match lock first wins: the move write path stops the seat's clock
(``deadlines_update``), the deadline is no longer the lease, and the sweeper
does nothing.  If the sweeper gets the lock first, the late move answers a
position that no longer exists and is refused.  The compare-and-set works
on SQLite and PostgreSQL alike.  A claim whose worker dies is retried when
its lease runs out; an enforcement that raises is logged and pushed back by
``RETRY_AFTER`` without holding up the rest of the batch.

What a timeout does depends on ``Match.timeout_policy``:

* ``auto``: the engine's ``default_move`` is played for the seat (a whole
  turn) through the write path (``move_play``, under the enforcement's
  lock) with source ``system``; after ``DROP_AFTER`` such turns in a row
  the seat is dropped with ``match_resign(reason=TIMEOUT)``: ranked last,
  auto-played to the end.
* ``forfeit``: the seat loses at once (``match_resign(reason=TIMEOUT)``).

Before either, a player who opted in spends a day of vacation instead
(``vacation_take_auto``).

Events recorded (``MatchEvent.kind``; the mail app turns them into emails;
``user`` is the player concerned, ``data`` always has ``seat_id``):

``reminder``
    A deadline is near.  data: ``deadline_at`` (ISO 8601), ``threshold_hours``.
``timeout_auto``
    A default turn was played for the seat.  data: ``moves`` (notation),
    ``auto_moves`` (turns auto-played in a row).
``timeout_dropped``
    Dropped after ``DROP_AFTER`` auto-played turns in a row.
``timeout_forfeit``
    The seat lost on time.
``auto_vacation``
    A day of vacation was spent instead of a timeout.  data:
    ``vacation_id``, ``until`` (ISO 8601), ``days_left``.
``vacation_started`` / ``vacation_ended``
    Recorded on each running game of the player whose clock it stops or
    restarts.  data: ``vacation_id``, ``until``; ``auto`` (started),
    ``early`` (ended by the player before its end).
``vacation_forbidden``
    The player went on vacation but this game forbids vacations: the clock
    keeps running.  data: ``vacation_id``, ``until``.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from django.db import DatabaseError, transaction
from django.utils.translation import gettext_noop

from core.errors import NotFound
from games.engine import Rules, Termination, get_rules
from games.models import Match, MoveRecord, Seat, TimeoutPolicy
from games.services.announcements import GATHER_MAX, Announcements, after_commit
from games.services.events import record_event
from games.services.moves import match_lock, match_resign, matches_lock, move_play
from games.services.writes import Writes, WritesFailed
from games.timing.clock import reminder_hours, reminder_next, seat_deadline, seat_settings

from .vacation import vacation_apply, vacation_take_auto, vacations_close

logger = logging.getLogger(__name__)

#: How long a claim holds a seat before another sweep may retry it.
LEASE = dt.timedelta(hours=1)
#: How far a seat whose enforcement raised is pushed back.
RETRY_AFTER = dt.timedelta(hours=1)
#: A seat whose default turn still cannot be played this long after its
#: deadline (retried every ``RETRY_AFTER`` meanwhile) loses on time instead.
GIVE_UP_AFTER = 6 * RETRY_AFTER
#: Auto-played turns in a row after which the seat is dropped.
DROP_AFTER = 3
#: A turn longer than this many moves is not auto-played in one go.
MAX_TURN_MOVES = 50
BATCH_SIZE = 100
#: Claimed seats enforced in one transaction (their matches locked by one
#: query); small, so that a player's move never waits long for the lock.
GROUP_SIZE = 20
#: Sweeps stop after this many seconds (beat starts another within a minute).
MAX_SWEEP_SECONDS = 40.0

STALE = "stale"
MOVED = "moved"
AUTO = "auto"
DROPPED = "dropped"
FORFEIT = "forfeit"
AUTO_VACATION = "auto_vacation"


def _default_turn(rules: Rules[Any, Any], state, index: int) -> str:
    """The notation of the default moves that complete ``index``'s current
    turn: up to the turn's end, not into a next turn of the same seat
    (``Rules.turn_number``), which gets a clock of its own."""
    texts: list[str] = []
    turn = rules.turn_number(state, index)
    while index in rules.to_move(state) and rules.turn_number(state, index) == turn and len(texts) < MAX_TURN_MOVES:
        move = rules.default_move(state, index)
        texts.append(rules.format_move(state, index, move))
        state = rules.apply(state, index, move).state
    return "; ".join(texts)


def deadline_enforce(
    *,
    match_id: int,
    seat_id: int,
    claimed: dt.datetime,
    now: dt.datetime,
    announcements: Announcements | None = None,
    locked: tuple[Match, list[Seat]] | None = None,
    deferred: list[Callable[[], None]] | None = None,
    writes: Writes | None = None,
) -> str:
    """Enforce the deadline of a seat the caller has claimed (its
    ``deadline_at`` set to ``claimed``).

    1. Lock the match, then re-read the seat.  If its deadline is no longer
       ``claimed`` a move (or a vacation) got there first: ``STALE``.
    2. Recompute the deadline from the turn and the current pauses; if it
       lies ahead (a vacation started meanwhile), store it: ``MOVED``.
    3. Auto-vacation, if the player opted in and has a day left:
       ``AUTO_VACATION`` (their other games are paused after commit).
    4. Otherwise apply the match's timeout policy: ``AUTO``, ``DROPPED`` or
       ``FORFEIT``.

    Runs in its own transaction; raises whatever the write path raises
    (nothing is then changed).  Its moves and events go to the sweep's
    ``announcements``, or are announced after commit.  Returns the outcome.

    A sweep enforcing a group of seats in one transaction passes the match
    it already ``locked`` (``matches_lock``; then this runs in a savepoint)
    and a ``deferred`` list, which gets the work to do once the group has
    committed (pausing the player's other games after an auto-vacation),
    and the group's ``writes``: an auto-played turn's move, clocks and
    event are then written by the group's flush (``games.services.writes``).
    """
    vacation = None
    with transaction.atomic():
        announcements = after_commit(announcements)
        # One query locks the match row (only it: "match before seats")
        # and reads its seats with their players and settings.
        if locked is not None:
            match, seats = locked
        else:
            try:
                match, seats = match_lock(match_id)
            except NotFound:
                return STALE
        seat = next((s for s in seats if s.pk == seat_id), None)
        if seat is None or seat.deadline_at != claimed:
            return STALE
        if not match.is_active or seat.departed or seat.user_id is None:
            Seat.objects.filter(pk=seat.pk).update(deadline_at=None, reminder_at=None)
            return STALE
        prefs = seat_settings(seat)
        deadline = None
        if seat.turn_started_at is not None:
            deadline = seat_deadline(match, seat, prefs)
            if deadline > now:
                at = reminder_next(deadline=deadline, hours=reminder_hours(prefs), now=now)
                Seat.objects.filter(pk=seat.pk).update(deadline_at=deadline, reminder_at=at)
                return MOVED
        if prefs is not None and prefs.auto_vacation:
            vacation = vacation_take_auto(match=match, seat=seat, now=now, announcements=announcements)
        if vacation is not None:
            outcome = AUTO_VACATION
        elif match.timeout_policy == TimeoutPolicy.FORFEIT:
            outcome = _forfeit(match, seat, now, announcements)
        elif deadline is not None and now - deadline >= GIVE_UP_AFTER:
            outcome = _auto_play_or_forfeit(match, seats, seat, now, announcements, writes)
        else:
            outcome = _auto_play(match, seats, seat, now, announcements, writes)
    if vacation is not None:
        user, taken = seat.user, vacation

        def pause_other_games() -> None:
            vacation_apply(user=user, vacation=taken, now=now, skip_match_ids=[match_id])

        if deferred is None:
            pause_other_games()
        else:
            deferred.append(pause_other_games)
    return outcome


def _forfeit(match: Match, seat: Seat, now: dt.datetime, announcements: Announcements) -> str:
    result = match_resign(
        match_id=match.pk,
        user=None,
        seat_index=seat.index,
        reason=Termination.TIMEOUT,
        source=MoveRecord.Source.SYSTEM,
        now=now,
        announcements=announcements,
    )
    # Recorded after the write so that whoever renders the event (the
    # mail app) sees the position it produced.
    record_event(
        result.match,
        "timeout_forfeit",
        gettext_noop("%(player)s ran out of time and loses the game."),
        params={"player": seat.user},
        user=seat.user,
        now=now,
        announcements=announcements,
        seat_id=seat.pk,
    )
    return FORFEIT


def _auto_play_or_forfeit(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    now: dt.datetime,
    announcements: Announcements,
    writes: Writes | None,
) -> str:
    """The last try of a default turn that failed for ``GIVE_UP_AFTER``:
    if it fails again the seat forfeits (logged), so that no deadline is
    retried forever."""
    try:
        with transaction.atomic():
            return _auto_play(match, seats, seat, now, announcements, writes)
    except Exception:
        logger.exception(
            "The default turn of seat %s (match %s) failed since its deadline; it forfeits",
            seat.pk,
            match.pk,
        )
    if writes is not None:
        writes.discard()
        writes.begin()
    # match_resign re-reads the match and its seats (the failed turn may
    # have changed these instances before it was rolled back).
    return _forfeit(match, seat, now, announcements)


#: ``(match, seat, now)`` callables other apps register (in ``ready``):
#: called in the enforcement's transaction once a seat is dropped for
#: missing deadlines (tournaments tell their organisers).
_on_dropped: list[Callable[[Match, Seat, dt.datetime], None]] = []


def dropped_register(hook: Callable[[Match, Seat, dt.datetime], None]) -> None:
    """Register ``hook`` (once per callable)."""
    if hook not in _on_dropped:
        _on_dropped.append(hook)


def _auto_play(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    now: dt.datetime,
    announcements: Announcements,
    writes: Writes | None = None,
) -> str:
    rules = get_rules(match.game)
    text = _default_turn(rules, rules.load(match.started_state), seat.drawn_index)
    in_a_row = seat.auto_moves + 1
    if in_a_row >= DROP_AFTER:
        writes = None  # match_resign re-reads the match: write at once
    # Through the write path, under the lock this enforcement holds.
    result = move_play(
        match,
        seats,
        user=seat.user,
        ply=match.ply,
        text=text,
        source=MoveRecord.Source.SYSTEM,
        now=now,
        announcements=announcements,
        auto_played=(seat.pk, in_a_row),
        writes=writes,
    )
    record_event(
        result.match,
        "timeout_auto",
        gettext_noop("%(player)s ran out of time; the default move was played: %(moves)s."),
        params={"player": seat.user, "moves": text},
        notation=["moves"],
        user=seat.user,
        now=now,
        announcements=announcements,
        writes=writes,
        seat_id=seat.pk,
        moves=text,
        auto_moves=in_a_row,
    )
    if not result.match.is_active or in_a_row < DROP_AFTER:
        return AUTO
    result = match_resign(
        match_id=match.pk,
        user=None,
        seat_index=seat.index,
        reason=Termination.TIMEOUT,
        source=MoveRecord.Source.SYSTEM,
        now=now,
        announcements=announcements,
    )
    record_event(
        result.match,
        "timeout_dropped",
        gettext_noop(
            "%(player)s ran out of time %(count)s turns in a row and is dropped: "
            "ranked last, their turns are played automatically."
        ),
        params={"player": seat.user, "count": in_a_row},
        user=seat.user,
        now=now,
        announcements=announcements,
        seat_id=seat.pk,
    )
    for hook in _on_dropped:
        hook(result.match, seat, now)
    return DROPPED


def _claim(rows: list[tuple[int, int, dt.datetime]], now: dt.datetime) -> tuple[dt.datetime, list[tuple[int, int]]]:
    """Claim due seats ``(seat id, match id, deadline read)`` in one
    compare-and-set update: each of these seats whose deadline is still due
    at ``now`` gets this claim's lease.  Returns the lease and the rows won,
    in order.

    "Still due" is the comparison (not "still the deadline read"): a claim
    by another sweeper (a lease, later than ``now``) or a move (a deadline
    ahead, or none) makes a seat not due, and one ``IN`` costs far less to
    build than a hundred ``(id, deadline)`` pairs.  A seat whose deadline
    changed to another one already past is due all the same.

    The lease carries random microseconds so that concurrent sweepers
    almost never share one; if two did, ``deadline_enforce``'s check under
    the match lock would still let only the first act.
    """
    lease = now + LEASE + dt.timedelta(microseconds=secrets.randbelow(10**6))
    pks = [pk for pk, _, _ in rows]
    if not Seat.objects.filter(pk__in=pks, deadline_at__lte=now).update(deadline_at=lease, reminder_at=None):
        return lease, []
    won = set(Seat.objects.filter(pk__in=pks, deadline_at=lease).values_list("pk", flat=True))
    return lease, [(pk, match_id) for pk, match_id, _ in rows if pk in won]


def deadlines_sweep(
    *,
    now: dt.datetime,
    batch_size: int = BATCH_SIZE,
    max_seconds: float = MAX_SWEEP_SECONDS,
    on_backlog: Callable[[], None] | None = None,
) -> Counter:
    """Enforce every deadline due at ``now`` (oldest first), claiming them a
    batch at a time and enforcing each in its own transaction, then announce
    vacations that ran out.  Safe to run in several processes at once: when
    the first batch is full, ``on_backlog`` is called (once, after that batch
    is claimed) so that the caller can start more sweeps.
    Returns a count per outcome (plus ``lost``: claimed by someone else,
    ``failed``: raised and pushed back).

    The enforcements' moves and events are announced ``GATHER_MAX`` at a
    time (one mail task for many deadlines), each batch once its
    transactions committed."""
    gathered = Announcements()
    try:
        report = _sweep(
            now=now, batch_size=batch_size, max_seconds=max_seconds, on_backlog=on_backlog, gathered=gathered
        )
    finally:
        # At once, unless a caller runs the sweep inside a transaction of its own.
        transaction.on_commit(gathered.send)
    closed = vacations_close(now=now)
    if closed:
        report["vacations_closed"] += closed
    return report


def _sweep(
    *,
    now: dt.datetime,
    batch_size: int,
    max_seconds: float,
    on_backlog: Callable[[], None] | None,
    gathered: Announcements,
) -> Counter:
    report: Counter = Counter()
    started = time.monotonic()
    due = Seat.objects.filter(deadline_at__lte=now).order_by("deadline_at")
    while time.monotonic() - started < max_seconds:
        # deadline_at__lte leaves out the seats without a deadline.
        rows = cast(
            list[tuple[int, int, dt.datetime]], list(due.values_list("pk", "match_id", "deadline_at")[:batch_size])
        )
        if not rows:
            break
        try:
            lease, won = _claim(rows, now)
        except DatabaseError:
            # A deadlock with a move touching two of these seats (rare;
            # PostgreSQL aborts one side): leave the batch to the next sweep.
            logger.warning(
                "Claiming %s due seats failed; the next sweep retries",
                len(rows),
                exc_info=True,
            )
            report["failed_claims"] += 1
            break
        report["lost"] += len(rows) - len(won)
        if on_backlog is not None and len(rows) == batch_size:
            on_backlog()
            on_backlog = None
        for first in range(0, len(won), GROUP_SIZE):
            report.update(_enforce_group(won[first : first + GROUP_SIZE], lease=lease, now=now, gathered=gathered))
            if len(gathered) >= GATHER_MAX:
                transaction.on_commit(gathered.send)
    if not report["lost"]:
        del report["lost"]
    return report


def _enforce_group(
    group: list[tuple[int, int]], *, lease: dt.datetime, now: dt.datetime, gathered: Announcements
) -> Counter:
    """Enforce claimed seats ``(seat id, match id)`` in one transaction:
    one query locks all their matches, and each enforcement runs in a
    savepoint, so that one that raises is rolled back alone, logged and
    pushed back by ``RETRY_AFTER``.  The auto-played turns' rows are
    written together at the end (``Writes``); if that fails, the group is
    rolled back and enforced again without batching.  The group's rows go
    to ``gathered`` once it has committed.  Returns a count per outcome."""
    try:
        return _enforce_group_once(group, lease=lease, now=now, gathered=gathered, writes=Writes())
    except WritesFailed:
        logger.warning("Writing %s enforcements together failed; enforcing them one by one", len(group), exc_info=True)
        return _enforce_group_once(group, lease=lease, now=now, gathered=gathered, writes=None)


def _enforce_group_once(
    group: list[tuple[int, int]],
    *,
    lease: dt.datetime,
    now: dt.datetime,
    gathered: Announcements,
    writes: Writes | None,
) -> Counter:
    report: Counter = Counter()
    deferred: list[Callable[[], None]] = []
    stored = Announcements()
    with transaction.atomic():
        locked = matches_lock(sorted({match_id for _, match_id in group}))
        for pk, match_id in group:
            if writes is not None:
                if match_id in writes.match_ids:
                    # A second seat of a match re-reads it: write its rows first.
                    writes.flush(stored)
                writes.begin()
            try:
                outcome = deadline_enforce(
                    match_id=match_id,
                    seat_id=pk,
                    claimed=lease,
                    now=now,
                    announcements=stored,
                    # Once: the writes changed these instances, and a
                    # rolled-back savepoint leaves them wrong; a second seat
                    # of the same match re-reads it (already locked).
                    locked=locked.pop(match_id, None),
                    deferred=deferred,
                    writes=writes,
                )
            except Exception:
                # One poisoned game must not block the sweep: retry it later.
                logger.exception("Enforcing the deadline of seat %s (match %s) failed", pk, match_id)
                if writes is not None:
                    writes.discard()
                Seat.objects.filter(pk=pk, deadline_at=lease).update(deadline_at=now + RETRY_AFTER)
                report["failed"] += 1
            else:
                report[outcome] += 1
        if writes is not None:
            writes.flush(stored)
    gathered.extend(stored)
    for work in deferred:
        try:
            work()
        except Exception:
            logger.exception("Pausing the other games after an auto-vacation failed")
    return report
