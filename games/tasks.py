"""Celery tasks of the games app: thin wrappers that read
the clock and call one service.  Beat runs both sweeps every minute
(``CELERY_BEAT_SCHEDULE``); running two at once is safe, since every due
row is claimed by a compare-and-set before it is acted on.

Callers import them with a ``_task`` suffix, e.g.
``from games.tasks import deadlines_sweep as deadlines_sweep_task``.
"""

from __future__ import annotations

from celery import shared_task


@shared_task
def deadlines_sweep(helper: bool = False) -> dict[str, int]:
    """Beat: enforce the deadlines that have passed; announce ended vacations.

    When a full batch is due at once, beat's sweep queues
    ``DEADLINE_SWEEPERS - 1`` helper sweeps, so that idle worker processes
    share the backlog (helpers queue none themselves)."""
    from django.conf import settings
    from django.utils import timezone

    from games.deadlines.sweeps import deadlines_sweep as service

    def call_helpers() -> None:
        for _ in range(settings.DEADLINE_SWEEPERS - 1):
            deadlines_sweep.apply_async(kwargs={"helper": True}, expires=55)

    return dict(service(now=timezone.now(), on_backlog=None if helper else call_helpers))


@shared_task
def reminders_sweep() -> int:
    """Beat: record the deadline reminders that are due."""
    from django.utils import timezone

    from games.deadlines.reminders import reminders_sweep as service

    return service(now=timezone.now())
