"""Celery tasks of the mail app (thin: they call the services)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import announce, chat_now, digest, sending
from .delivery import BATCH_EXTRA, emails_send

__all__ = ["BATCH_EXTRA", "chat_deliver", "digests_send", "emails_send", "notifications_write", "outbox_sweep"]


@shared_task(acks_late=True)
def notifications_write(move_ids: list[int], event_ids: list[int]) -> int:
    """Write the emails of committed moves and events (``announce``).  Safe
    to run twice: each row is claimed and marked."""
    return announce.notifications_write(move_ids=move_ids, event_ids=event_ids, now=timezone.now())


@shared_task
def outbox_sweep() -> int:
    """Write the emails of moves and events whose task went missing, then
    send what the after-commit tasks missed and what is due for a retry."""
    moves, events = announce.notifications_due(now=timezone.now())
    if moves or events:
        announce.notifications_write(move_ids=moves, event_ids=events, now=timezone.now())
    ids = sending.outbox_due(now=timezone.now())
    if ids:
        sending.emails_send(email_ids=ids, now=timezone.now())
    return len(ids)


@shared_task
def digests_send() -> int:
    """Queue the daily digests whose morning has come."""
    return digest.digests_send(now=timezone.now())


@shared_task(acks_late=True)
def chat_deliver(chat_id: int) -> int:
    """Mail a chat message at once to the players who asked for that
    (``chat_now``); the others get it with their next game mail."""
    return chat_now.chat_deliver(chat_id=chat_id, now=timezone.now())
