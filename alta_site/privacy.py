"""What the site keeps, and for how long: the retention the privacy page
promises (``INBOUND_MAIL_RETENTION_DAYS``) is enforced here."""

from __future__ import annotations

import datetime as dt

from django.conf import settings

from mail.models import InboundEmail


def inbound_mail_prune(*, now: dt.datetime) -> int:
    """Blank the subject, text, raw message and error detail of inbound mail
    older than ``INBOUND_MAIL_RETENTION_DAYS``; the row (when, from whom,
    outcome, game, Message-ID) stays for rate limits and duplicate
    detection.  Returns how many were pruned."""
    cutoff = now - dt.timedelta(days=settings.INBOUND_MAIL_RETENTION_DAYS)
    old = InboundEmail.objects.filter(received_at__lt=cutoff).exclude(body="", raw="", subject="", detail="")
    return old.update(body="", raw="", subject="", detail="")
