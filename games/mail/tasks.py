"""Celery tasks of the mail app (thin: they call the services)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

#: Other queued mails one send task takes along on its SMTP connection.
BATCH_EXTRA = 50


@shared_task(acks_late=True)
def emails_send(email_ids: list[int]) -> dict[str, int]:
    """Send outbox rows.  Safe to run twice: each row is claimed first."""
    from .sending import emails_send as send

    return send(email_ids=email_ids, now=timezone.now(), extra=BATCH_EXTRA)


@shared_task(acks_late=True)
def notifications_write(move_ids: list[int], event_ids: list[int]) -> int:
    """Write the emails of committed moves and events (``announce``).  Safe
    to run twice: each row is claimed and marked."""
    from .announce import notifications_write as write

    return write(move_ids=move_ids, event_ids=event_ids, now=timezone.now())


@shared_task
def outbox_sweep() -> int:
    """Write the emails of moves and events whose task went missing, then
    send what the after-commit tasks missed and what is due for a retry."""
    from .announce import notifications_due
    from .announce import notifications_write as write
    from .sending import emails_send as send
    from .sending import outbox_due

    moves, events = notifications_due(now=timezone.now())
    if moves or events:
        write(move_ids=moves, event_ids=events, now=timezone.now())
    ids = outbox_due(now=timezone.now())
    if ids:
        send(email_ids=ids, now=timezone.now())
    return len(ids)


@shared_task
def digests_send() -> int:
    """Queue the daily digests whose morning has come."""
    from .digest import digests_send as send

    return send(now=timezone.now())
