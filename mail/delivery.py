"""The send task, and handing outbox rows to it once they committed.

It sits below the outbox (which only needs to publish it) and above
``sending`` (what it runs), so no service imports the task module.
"""

from __future__ import annotations

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from . import sending

#: Other queued mails one send task takes along on its SMTP connection.
BATCH_EXTRA = 50


@shared_task(acks_late=True, name="mail.tasks.emails_send")
def emails_send(email_ids: list[int]) -> dict[str, int]:
    """Send outbox rows.  Safe to run twice: each row is claimed first."""
    return sending.emails_send(email_ids=email_ids, now=timezone.now(), extra=BATCH_EXTRA)


def send_after_commit(email_ids: list[int]) -> None:
    """Queue one send task for ``email_ids`` once the current transaction
    commits (at once outside one).  A broker that refuses the task is
    logged (``robust``): the rows stay queued and the outbox sweep sends
    them."""
    if email_ids:
        transaction.on_commit(lambda: emails_send.delay(email_ids), robust=True)
