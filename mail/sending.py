"""Sending the outbox: claim rows, send them over one SMTP connection, and
sort failures into retries and permanent failures.

Rows are claimed in one transaction (queued/retrying -> sending, skipping
rows another worker has locked), so two workers, or a task delivered twice,
never send one row twice.  A task also takes other queued mail along on its
connection, so a burst of notifications shares SMTP connections.  A
worker killed mid-send leaves its row in ``sending``; the sweeper hands it
out again after the lease expires.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import smtplib
import threading
import time
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import Q

from core.prepared_writes import update
from games.services.prepared import prepared

from .addresses import bounce_address
from .mime import OutboxMessage
from .models import OutgoingEmail

logger = logging.getLogger(__name__)

#: Seconds to wait before each retry of a transient failure; then give up.
#: Quick at first (a relay restarting), then every six hours for about three
#: days in all, as mail servers keep a queued message: a relay down overnight
#: must not cost a player the mail that says it is their turn.
RETRY_DELAYS = (60, 300, 1800, 7200, *(6 * 3600,) * 11)
BATCH_SIZE = 100
#: Backends whose connections are worth keeping between batches.
_KEPT_BACKENDS = ("django.core.mail.backends.smtp.EmailBackend",)
_kept = threading.local()


def _lease() -> dt.timedelta:
    return dt.timedelta(seconds=getattr(settings, "MAIL_SEND_LEASE_SECONDS", 300))


def _claim(email_ids: list[int], now: dt.datetime, *, extra: int) -> list[OutgoingEmail]:
    """Claim the ready rows among ``email_ids``, plus up to ``extra`` other
    queued rows, by moving them to ``sending`` in one transaction.

    Rows another worker holds are skipped (SKIP LOCKED on PostgreSQL; SQLite
    serialises write transactions), so no row is claimed twice.
    """
    ready = Q(status=OutgoingEmail.Status.QUEUED) | Q(status=OutgoingEmail.Status.RETRYING, next_attempt_at__lte=now)
    with transaction.atomic():
        rows = list(_locked("mail.claim.own").filter(ready, pk__in=email_ids))
        _mark_sending(rows, now)
        if extra:
            # Other mail waiting to go rides along on this connection.  Its
            # own rows are no longer queued for this transaction, so the lock
            # query need not name them (one shape, compiled once) and locks
            # only what it claims: a row locked and left would be skipped by
            # the task that was to send it.
            waiting = list(_locked(f"mail.claim.waiting.{extra}").filter(status=OutgoingEmail.Status.QUEUED)[:extra])
            _mark_sending(waiting, now)
            rows += waiting
    return rows


def _mark_sending(rows: list[OutgoingEmail], now: dt.datetime) -> None:
    if rows:
        OutgoingEmail.objects.filter(pk__in=[row.pk for row in rows]).update(
            status=OutgoingEmail.Status.SENDING, claimed_at=now
        )


def _locked(name: str):
    """Outbox rows, locked as they are read, skipping those another
    transaction holds, oldest first; compiled once per connection under
    ``name`` (a claim reads the whole row, whose select list costs more to
    compile than the claim's statements to run).  The SQL is reused when
    only the filter's values differ, so a different LIMIT needs its own
    name."""
    return prepared(OutgoingEmail, name).select_for_update(skip_locked=True).order_by("pk")


#: What sending one mail can raise: the server's or the connection's
#: trouble, or (``ValueError``) the mail's own, an address no SMTP server
#: takes (``"@example.com"``; Django's ``sanitize_address`` refuses it).
_SEND_FAILURES = (TimeoutError, smtplib.SMTPException, OSError, ValueError)


def _is_permanent(error: Exception) -> bool:
    """SMTP 5xx (and refused recipients with 5xx codes) are permanent, and
    so is a mail that cannot be written out (``ValueError``); connection
    trouble and 4xx are worth retrying."""
    if isinstance(error, ValueError):
        return True
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500
    return False


def _message(email: OutgoingEmail, connection) -> OutboxMessage:
    """The row as a message.  Django's SMTP backend sends ``from_email``
    as the envelope sender and writes a "From" of ``headers`` as the
    header: the envelope is the row's own bounce address (VERP:
    ``bounce_address``, so a bounce names the row), the From header the
    site's sender, as readers see and answer it."""
    headers = {key: value for key, value in email.headers.items() if key != "Reply-To"}
    headers["Message-ID"] = email.message_id
    headers["From"] = settings.DEFAULT_FROM_EMAIL
    reply_to = [email.headers["Reply-To"]] if "Reply-To" in email.headers else None
    message = OutboxMessage(
        email.subject,
        email.text,
        bounce_address(email.pk),
        [email.to],
        headers=headers,
        reply_to=reply_to,
        connection=connection,
    )
    message.attach_alternative(email.html, "text/html")
    return message


def _record_failure(email: OutgoingEmail, error: Exception, now: dt.datetime) -> None:
    attempts = email.attempts + 1
    reason = f"{type(error).__name__}: {error}"[:2000]
    if _is_permanent(error) or attempts > len(RETRY_DELAYS):
        OutgoingEmail.objects.filter(pk=email.pk).update(
            status=OutgoingEmail.Status.FAILED, attempts=attempts, last_error=reason
        )
        logger.warning("mail %s failed permanently: %s", email.pk, reason)
    else:
        OutgoingEmail.objects.filter(pk=email.pk).update(
            status=OutgoingEmail.Status.RETRYING,
            attempts=attempts,
            last_error=reason,
            next_attempt_at=now + dt.timedelta(seconds=RETRY_DELAYS[attempts - 1]),
        )
        logger.info("mail %s will be retried: %s", email.pk, reason)


def _settings_key() -> tuple:
    """What a kept connection was opened with (a change, or a forked
    process, opens a new one)."""
    names = ("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_USE_TLS", "EMAIL_USE_SSL")
    return (os.getpid(), *(getattr(settings, name, None) for name in names))


def kept_connection() -> tuple[object, bool]:
    """``(connection, reused)``: this thread's open SMTP connection if it
    was used within ``MAIL_SMTP_KEEP_SECONDS`` with the same settings, else
    a newly opened one (kept for the next batch when it is SMTP)."""
    key = _settings_key()
    keep = getattr(settings, "MAIL_SMTP_KEEP_SECONDS", 30)
    held = getattr(_kept, "held", None)
    if held is not None:
        connection, held_key, used = held
        if held_key == key and time.monotonic() - used < keep:
            return connection, True
        drop_kept()
    connection = get_connection()
    connection.open()
    if keep > 0 and settings.EMAIL_BACKEND in _KEPT_BACKENDS:
        _kept.held = (connection, key, time.monotonic())
    return connection, False


def _is_kept(connection) -> bool:
    """Is ``connection`` this thread's kept one?"""
    held = getattr(_kept, "held", None)
    return held is not None and held[0] is connection


def _release(connection) -> None:
    """After a batch: a kept connection stays open (its idle time starts
    now), any other one is closed."""
    if _is_kept(connection):
        _kept.held = (connection, _kept.held[1], time.monotonic())
    else:
        _close(connection)


def _discard(connection) -> None:
    """Close a connection that may be broken (dropping it if it is kept)."""
    if _is_kept(connection):
        drop_kept()
    else:
        _close(connection)


def drop_kept() -> None:
    """Close this thread's kept connection (a broken one, or at exit)."""
    held = getattr(_kept, "held", None)
    _kept.held = None
    if held is not None:
        _close(held[0])


def _dropped(error: Exception) -> bool:
    """Does ``error`` say the connection is gone (not that the mail was
    refused)?  421 is a server closing an idle connection."""
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code == 421
    return isinstance(error, (smtplib.SMTPServerDisconnected, ConnectionError, TimeoutError))


def _send_one(email: OutgoingEmail, connection, reused: bool):
    """Send ``email``; returns the connection to go on with.  A reused
    connection that fails is replaced by a fresh one, and the mail tried
    once more on it (a kept connection the server has closed)."""
    try:
        _message(email, connection).send()
        return connection
    except (TimeoutError, smtplib.SMTPException, OSError) as error:
        if not (reused and _dropped(error)):
            raise
        logger.info("kept mail connection was dropped; sending mail %s on a new one", email.pk)
    drop_kept()
    connection, _ = kept_connection()
    try:
        _message(email, connection).send()
    except Exception:
        drop_kept()
        raise
    return connection


def emails_send(*, email_ids: Iterable[int], now: dt.datetime, extra: int = 0) -> dict[str, int]:
    """Send the given rows that are ready (and up to ``extra`` other queued
    rows) over one connection (this worker's kept one when it has one).

    Returns counts: ``sent``, ``failed`` (including retries), ``skipped``
    (not ready or claimed by someone else).
    """
    email_ids = list(email_ids)
    rows = _claim(email_ids, now, extra=extra)
    claimed = {row.pk for row in rows}
    counts = {"sent": 0, "failed": 0, "skipped": len([i for i in email_ids if i not in claimed])}
    _deliver(rows, now, counts)
    return counts


def send_claimed(*, email_ids: list[int], now: dt.datetime) -> dict[str, int]:
    """Send rows this worker claimed at ``now`` as it wrote them
    (``outbox.email_queue``'s ``claimed_at``) and that no sweep has handed
    out since, over one connection."""
    claimed = prepared(OutgoingEmail, "mail.send.claimed").order_by("pk")
    rows = list(claimed.filter(pk__in=email_ids, status=OutgoingEmail.Status.SENDING, claimed_at=now))
    counts = {"sent": 0, "failed": 0, "skipped": len(email_ids) - len(rows)}
    _deliver(rows, now, counts)
    return counts


def _deliver(rows: list[OutgoingEmail], now: dt.datetime, counts: dict[str, int]) -> None:
    """Send claimed ``rows`` over one connection, marking each sent, to
    be retried or failed; adds to ``counts``."""
    connection = None
    reused = False
    try:
        for email in rows:
            try:
                if connection is None:
                    connection, reused = kept_connection()
                connection = _send_one(email, connection, reused)
                reused = False  # it answered: later failures are the mail's
            except _SEND_FAILURES as error:
                # One mail's failure, recorded: the rest of the batch goes
                # on, and the mail is not handed out again and again.
                _record_failure(email, error, now)
                counts["failed"] += 1
                if connection is not None and not _is_permanent(error):
                    # The connection may be broken; open a fresh one for the rest.
                    _discard(connection)
                    connection = None
                continue
            # Marked row by row: a worker killed mid-batch leaves only the
            # row it was sending in "sending" (handed out again by the sweeper).
            update(
                OutgoingEmail,
                email.pk,
                status=OutgoingEmail.Status.SENT,
                sent_at=now,
                attempts=email.attempts + 1,
                last_error="",
            )
            counts["sent"] += 1
    finally:
        if connection is not None:
            _release(connection)


def _close(connection) -> None:
    try:
        connection.close()
    except Exception:  # closing a dead connection must not hide the real result
        logger.debug("closing the mail connection failed", exc_info=True)


def outbox_due(*, now: dt.datetime, limit: int = BATCH_SIZE) -> list[int]:
    """Rows that should be sent now: queued ones the after-commit task missed
    (older than a minute), retries that are due, and ``sending`` rows whose
    worker died (lease expired; handed out again)."""
    stale = now - _lease()
    OutgoingEmail.objects.filter(status=OutgoingEmail.Status.SENDING, claimed_at__lt=stale).update(
        status=OutgoingEmail.Status.RETRYING, next_attempt_at=now
    )
    due = OutgoingEmail.objects.filter(
        Q(status=OutgoingEmail.Status.QUEUED, created_at__lte=now - dt.timedelta(minutes=1))
        | Q(status=OutgoingEmail.Status.RETRYING, next_attempt_at__lte=now)
    ).order_by("created_at", "pk")
    return list(due.values_list("pk", flat=True)[:limit])
