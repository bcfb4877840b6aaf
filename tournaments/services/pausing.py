"""Pausing a running tournament and resuming it.  Pause stops the clocks
of the tournament's games the way a vacation does (``games.deadlines``): a
stopped turn keeps its start and its budget, and on resume it runs on from
then with the clock time it had left when paused, so the deadline is
recomputed (``seat_deadline_refresh``) with exactly the time that was
left.  While paused no new round is paired and round deadlines wait; the
games app asks here whether a new turn starts stopped."""

from __future__ import annotations

import datetime as dt
import math

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.models import Match, Seat
from games.services import Conflict
from games.timing.clock import seat_deadline_refresh, seat_time_left, settings_for

from ..models import Tournament, TournamentGame
from ..selectors import seats_to_move
from .common import locked_tournament, log, require_manager, require_running
from .pause_mail import pause_mail_send, resume_mail_send
from .running import advance_locked


# -------------------------------------------------------- pause, resume
def _stop_clocks(tournament: Tournament) -> int:
    """Stop every running turn of the tournament's games not stopped yet,
    keeping its start in ``paused_seats``.  Expects the tournament lock;
    the caller saves ``paused_seats``.  Returns the number stopped."""
    stopped = 0
    matches = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
    for match_id in matches.values_list("match_id", flat=True):
        Match.objects.select_for_update(no_key=True).get(pk=match_id)
        for seat in Seat.objects.filter(match_id=match_id, deadline_at__isnull=False, departed=""):
            assert seat.turn_started_at is not None  # a deadline belongs to a turn
            tournament.paused_seats[str(seat.pk)] = seat.turn_started_at.isoformat()
            Seat.objects.filter(pk=seat.pk).update(deadline_at=None, reminder_at=None)
            stopped += 1
    return stopped


def tournament_pause(*, tournament_id: int, by, now: dt.datetime, reason: str = "") -> Tournament:
    """Stop the clocks of every game of the tournament and pair nothing
    until :func:`tournament_resume`.  The players of its games in play are
    mailed the time left on their turns (``pause_mail``), after commit.

    :raises NotAllowed, Conflict.
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        require_running(tournament)
        if tournament.paused_at is not None:
            raise Conflict(_("The tournament is already paused."), code="paused")
        tournament.paused_at = now
        tournament.paused_seats = {}
        stopped = _stop_clocks(tournament)
        tournament.save(update_fields=["paused_at", "paused_seats"])
        event = log(
            tournament,
            "paused",
            gettext_noop("%(by)s paused the tournament: the clocks of its games are stopped."),
            params={"by": by},
            user=by,
            now=now,
            reason=reason.strip(),
            stopped=stopped,
        )
        pause_mail_send(tournament, event_id=event.pk, reason=reason.strip(), now=now)
    return tournament


def paused_clock_held(match: Match) -> bool:
    """Whether ``match`` is a game of a paused tournament: then a turn that
    begins in it starts with its clock stopped (``games.timing.clock``
    asks, through ``clock_hold_register``).  A casual match draws its seats,
    a tournament's never does, so casual moves cost no query."""
    if match.seats_drawn:
        return False
    return TournamentGame.objects.filter(match_id=match.pk, tournament__paused_at__isnull=False).exists()


def paused_clock_since(match: Match) -> dt.datetime | None:
    """When the tournament of ``match`` was paused, while it is: a turn
    that ends during the pause used no clock time since (``games`` asks,
    through ``clock_hold_since_register``)."""
    if match.seats_drawn:
        return None
    return (
        Tournament.objects.filter(games__match_id=match.pk, paused_at__isnull=False)
        .values_list("paused_at", flat=True)
        .first()
    )


def paused_clocks_stop(*, tournament_id: int) -> int:
    """Stop the turns that began in a paused tournament's games since the
    pause (a move is still allowed while paused).  For the beat sweep."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.paused_at is None:
            return 0
        stopped = _stop_clocks(tournament)
        if stopped:
            tournament.save(update_fields=["paused_seats"])
    return stopped


def tournament_resume(*, tournament_id: int, by, now: dt.datetime) -> Tournament:
    """Run the clocks again: every stopped turn still being played gets
    the time it had left when stopped, round deadlines move on by the
    length of the pause, and the tournament pairs on.  The players of its
    games in play are mailed their new deadlines (``pause_mail``), after
    commit.

    :raises NotAllowed, Conflict (not running, or not paused).
    """
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        require_manager(by, tournament)
        # A pause set before the start (staff, in the admin) holds until
        # the start, which starts the tournament paused (``tournament_start``).
        require_running(tournament)
        if tournament.paused_at is None:
            raise Conflict(_("The tournament is not paused."), code="not_paused")
        pause_end_locked(tournament, now)
        event = log(
            tournament,
            "resumed",
            gettext_noop("%(by)s resumed the tournament: the clocks run again."),
            params={"by": by},
            user=by,
            now=now,
        )
        # Before the next round is paired: its new games are mailed as they start.
        resume_mail_send(tournament, event_id=event.pk, now=now)
        advance_locked(tournament, now)
    return tournament


def pause_end_locked(tournament: Tournament, now: dt.datetime) -> None:
    """End the pause of a paused tournament (resumed, or cancelled: its
    games then go on as ordinary games, with running clocks): stopped
    turns get back the time they had left, round deadlines (and the day's
    grace after a late round's notice) move on by the length of the pause.
    Expects the tournament lock."""
    assert tournament.paused_at is not None
    paused_for = now - tournament.paused_at
    _restart_clocks(tournament, now)
    for round_ in tournament.round_set.filter(completed_at__isnull=True, deadline_at__isnull=False):
        assert round_.deadline_at is not None
        round_.deadline_at = max(round_.deadline_at, tournament.paused_at) + paused_for
        if round_.deadline_notified_at is not None and round_.autoplay_started_at is None:
            # The organisers were told the games are played out a day after
            # the notice: the pause stopped that day too.
            round_.deadline_notified_at += paused_for
        round_.save(update_fields=["deadline_at", "deadline_notified_at"])
    tournament.paused_at = None
    tournament.paused_seats = {}
    tournament.save(update_fields=["paused_at", "paused_seats"])


def _restart_clocks(tournament: Tournament, now: dt.datetime) -> None:
    """Give each stopped turn still on the board its clock back, running
    from ``now``: a turn from before the pause with the clock time it had
    left then, one that began during it (it started stopped:
    ``paused_clock_held``) with its whole budget.  Expects the tournament
    lock."""
    assert tournament.paused_at is not None
    starts = {int(pk): dt.datetime.fromisoformat(at) for pk, at in tournament.paused_seats.items()}
    active = tournament.games.filter(ranking__isnull=True, match__status=Match.Status.ACTIVE)
    stopped = Seat.objects.filter(
        match_id__in=active.values("match_id"), departed="", deadline_at__isnull=True, turn_started_at__isnull=False
    )
    seats = Seat.objects.filter(
        Q(pk__in=starts) | Q(pk__in=stopped.values("pk")), match__status=Match.Status.ACTIVE
    ).select_related("match", "user")
    prefs = settings_for([s.user_id for s in seats], seats)
    for seat in seats.order_by("match_id", "pk"):
        match = Match.objects.select_for_update(no_key=True).get(pk=seat.match_id)
        seat.refresh_from_db()
        if seat.turn_started_at is None or seat.deadline_at is not None or seat.departed:
            continue  # its clock runs already, or the seat is gone
        if seat.index not in seats_to_move(match):
            # The player moved while paused: the turn ended with its clock
            # stopped, so there is nothing to run again.
            Seat.objects.filter(pk=seat.pk).update(turn_started_at=None, turn_seconds=None)
            continue
        started, mine = seat.turn_started_at, prefs.get(seat.user_id or 0)
        if starts.get(seat.pk) == started and started <= tournament.paused_at:
            # The turn runs on from now with the clock time it had left when
            # paused (not re-dated by the pause's length: the weekends and
            # vacations before the pause count as they fell).
            left = seat_time_left(match, seat, mine, now=tournament.paused_at)
            seat.turn_seconds = max(0, math.ceil(left.total_seconds()))
        seat.turn_started_at = now
        Seat.objects.filter(pk=seat.pk).update(turn_started_at=now, turn_seconds=seat.turn_seconds)
        seat_deadline_refresh(match=match, seat=seat, prefs=mine, now=now)
