"""Thin Celery tasks: ids in, one service call, no logic.

Callers import them with a ``_task`` suffix, e.g.
``from tournaments.tasks import tournament_game_finished as game_finished_task``.
Every service behind them locks the tournament row and checks what is
already done, so a repeated or duplicated task changes nothing.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


# acks_late is safe: the service locks the tournament row and records,
# pairs and publishes only what is not there yet.  OperationalError covers
# lock timeouts and deadlocks, which a later attempt resolves.
@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def tournament_game_finished(match_id: int) -> dict | None:
    """A match finished: record it in its tournament and pair on."""
    from django.utils import timezone

    from tournaments.services import tournament_game_finished as service

    report = service(match_id=match_id, now=timezone.now())
    return None if report is None else report.as_dict()


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def tournament_advance(tournament_id: int) -> dict:
    """Record finished games, create due games, publish when over."""
    from django.utils import timezone

    from tournaments.services import tournament_advance as service

    return service(tournament_id=tournament_id, now=timezone.now()).as_dict()


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=3)
def tournament_match_autoplay(match_id: int) -> int:
    """Finish a match past its round's deadline with default moves."""
    from django.utils import timezone

    from tournaments.services import match_autoplay as service

    return service(match_id=match_id, now=timezone.now())


@shared_task
def tournaments_start_due() -> list[int]:
    """Beat: start tournaments whose registration has closed."""
    from django.utils import timezone

    from tournaments.services import tournaments_start_due as service

    return service(now=timezone.now())


@shared_task
def round_deadlines_sweep() -> dict:
    """Beat: tell organisers about passed round deadlines; autoplay later."""
    from django.utils import timezone

    from tournaments.services import round_deadlines_sweep as service

    return service(now=timezone.now())


@shared_task
def tournaments_sweep() -> list[int]:
    """Beat: advance tournaments whose finished games were not recorded."""
    from django.utils import timezone

    from tournaments.services import tournaments_sweep as service

    return service(now=timezone.now())
