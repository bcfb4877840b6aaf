"""Thin Celery tasks: ids in, one service call, no logic.

Callers import them with a ``_task`` suffix, e.g.
``from ratings.tasks import rating_apply as rating_apply_task``.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


# acks_late is safe: the service locks the pool row and returns early when
# the match's changes already exist.  OperationalError covers lock timeouts
# and deadlocks, which a later attempt resolves.
@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def rating_apply(match_id: int) -> str:
    """Apply a finished match to its players' ratings (idempotent)."""
    from django.utils import timezone

    from ratings.services import rating_apply as service

    return service(match_id=match_id, now=timezone.now()).value


@shared_task
def ratings_sweep() -> dict:
    """Beat: rate finished games whose ``rating_apply`` never ran."""
    from django.utils import timezone

    from ratings.services import ratings_sweep as service

    return service(now=timezone.now())


@shared_task
def ladders_matchmake() -> dict:
    """Beat: one matchmaking round in every active ladder."""
    from django.utils import timezone

    from ratings.services import ladders_matchmake as service

    return {str(k): v for k, v in service(now=timezone.now()).items()}


@shared_task
def challenges_expire() -> int:
    """Beat: expire open ladder challenges older than 7 days."""
    from django.utils import timezone

    from ratings.services import challenges_expire as service

    return service(now=timezone.now())
