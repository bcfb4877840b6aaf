"""Beat sweeps: start tournaments whose registration closed, advance
those with a finished game not recorded yet (a lost task), and stop the
clocks of turns begun in a paused tournament.  Each
tournament is handled in its own transaction; one failing does not stop
the others."""

from __future__ import annotations

import datetime as dt
import logging

from games.models import Match

from ..models import Tournament
from .pausing import paused_clocks_stop
from .running import tournament_advance, tournament_start

logger = logging.getLogger(__name__)


def tournaments_start_due(*, now: dt.datetime) -> list[int]:
    """Start every tournament whose registration has closed (each in its
    own transaction; one failing does not stop the others)."""
    due = (
        Tournament.objects.filter(status=Tournament.Status.REGISTRATION, registration_closes_at__lte=now)
        .order_by("registration_closes_at")
        .values_list("pk", flat=True)
    )
    started = []
    for pk in list(due[:100]):
        try:
            tournament_start(tournament_id=pk, now=now)
        except Exception:
            logger.exception("Could not start tournament %s", pk)
            continue
        started.append(pk)
    return started


def tournaments_sweep(*, now: dt.datetime) -> list[int]:
    """Advance running tournaments with a finished match not recorded yet
    (the safety net for a lost ``match_finished`` task)."""
    stale = (
        Tournament.objects.filter(
            status=Tournament.Status.RUNNING,
            games__ranking__isnull=True,
            games__match__status=Match.Status.FINISHED,
        )
        .distinct()
        .values_list("pk", flat=True)
    )
    paused = Tournament.objects.filter(status=Tournament.Status.RUNNING, paused_at__isnull=False)
    for pk in list(paused.values_list("pk", flat=True)[:100]):
        try:
            paused_clocks_stop(tournament_id=pk)
        except Exception:
            logger.exception("Could not stop the clocks of paused tournament %s", pk)
    advanced = []
    for pk in list(stale[:100]):
        try:
            tournament_advance(tournament_id=pk, now=now)
        except Exception:
            logger.exception("Could not advance tournament %s", pk)
            continue
        advanced.append(pk)
    return advanced
