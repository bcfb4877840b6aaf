"""What the site keeps, and for how long: the retention the privacy page
promises (``INBOUND_MAIL_RETENTION_DAYS``) is enforced here, and the bodies
of sent mail are dropped after ``SENT_MAIL_BODY_RETENTION_DAYS``."""

from __future__ import annotations

import datetime as dt

from django.conf import settings

from mail.models import InboundEmail, OutgoingEmail


def inbound_mail_prune(*, now: dt.datetime) -> int:
    """Blank the subject, text, raw message, error detail and message to the
    other players of inbound mail older than
    ``INBOUND_MAIL_RETENTION_DAYS``; the row (when, from whom,
    outcome, game, Message-ID) stays for rate limits and duplicate
    detection.  Returns how many were pruned."""
    cutoff = now - dt.timedelta(days=settings.INBOUND_MAIL_RETENTION_DAYS)
    blank = {"body": "", "raw": "", "subject": "", "detail": "", "message_to_players": ""}
    return InboundEmail.objects.filter(received_at__lt=cutoff).exclude(**blank).update(**blank)


def sent_mail_bodies_prune(*, now: dt.datetime) -> int:
    """Blank the text and HTML of mail sent more than
    ``SENT_MAIL_BODY_RETENTION_DAYS`` ago (most of what a finished game
    leaves behind); the row (to whom, subject, Message-ID, when) stays, as
    threading replies and the outbox's dedupe keys need it.  Mail not sent
    (queued, failed) keeps its body; mail that was sent and bounced or was
    marked as spam later is sent mail.  Returns how many were pruned."""
    cutoff = now - dt.timedelta(days=settings.SENT_MAIL_BODY_RETENTION_DAYS)
    sent = (OutgoingEmail.Status.SENT, OutgoingEmail.Status.BOUNCED, OutgoingEmail.Status.COMPLAINED)
    old = OutgoingEmail.objects.filter(status__in=sent, sent_at__lt=cutoff)
    return old.exclude(text="", html="").update(text="", html="")
