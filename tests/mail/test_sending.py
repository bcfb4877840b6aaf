"""The outbox sender: claim, send over one connection, retry or fail."""

import datetime as dt
import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend

from mail.models import OutgoingEmail
from mail.outbox import email_queue
from mail.sending import RETRY_DELAYS, emails_send, outbox_due

pytestmark = pytest.mark.django_db
OPENED = []


class CountingBackend(EmailBackend):
    def open(self):
        OPENED.append(self)
        return True


class FailingBackend(EmailBackend):
    error: Exception = smtplib.SMTPServerDisconnected("connection lost")

    def send_messages(self, messages):
        raise type(self).error


def queue(n, now, **kwargs):
    return [
        email_queue(
            kind="notice",
            to=f"p{i}@example.com",
            subject=f"Mail {i}",
            text="t",
            html="<p>h</p>",
            dedupe_key=f"test:{i}",
            now=now,
            **kwargs,
        ).pk
        for i in range(n)
    ]


def test_a_batch_is_sent_over_one_connection(now, settings):
    settings.EMAIL_BACKEND = "tests.mail.test_sending.CountingBackend"
    OPENED.clear()
    ids = queue(5, now)
    mail.outbox.clear()
    assert emails_send(email_ids=ids, now=now) == {"sent": 5, "failed": 0, "skipped": 0}
    assert len(OPENED) == 1
    assert len(mail.outbox) == 5
    assert all(e.status == "sent" and e.sent_at == now for e in OutgoingEmail.objects.all())


def test_a_row_is_never_sent_twice(now):
    ids = queue(1, now)
    mail.outbox.clear()
    emails_send(email_ids=ids, now=now)
    assert emails_send(email_ids=ids, now=now) == {"sent": 0, "failed": 0, "skipped": 1}
    assert len(mail.outbox) == 1


def test_transient_errors_are_retried_on_a_schedule(now, settings):
    settings.EMAIL_BACKEND = "tests.mail.test_sending.FailingBackend"
    FailingBackend.error = smtplib.SMTPServerDisconnected("connection lost")
    ids = queue(1, now)
    emails_send(email_ids=ids, now=now)
    email = OutgoingEmail.objects.get()
    assert email.status == "retrying" and email.attempts == 1
    assert email.next_attempt_at == now + dt.timedelta(seconds=RETRY_DELAYS[0])
    assert "connection lost" in email.last_error
    assert outbox_due(now=now) == []
    assert outbox_due(now=email.next_attempt_at) == ids
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox.clear()
    emails_send(email_ids=ids, now=email.next_attempt_at)
    assert OutgoingEmail.objects.get().status == "sent" and len(mail.outbox) == 1


def test_permanent_errors_fail_the_row_with_a_reason(now, settings):
    settings.EMAIL_BACKEND = "tests.mail.test_sending.FailingBackend"
    FailingBackend.error = smtplib.SMTPRecipientsRefused({"p0@example.com": (550, b"no such user")})
    emails_send(email_ids=queue(1, now), now=now)
    email = OutgoingEmail.objects.get()
    assert email.status == "failed" and "no such user" in email.last_error


def test_retries_stop_after_the_last_delay(now, settings):
    settings.EMAIL_BACKEND = "tests.mail.test_sending.FailingBackend"
    FailingBackend.error = smtplib.SMTPResponseException(451, b"try later")
    ids = queue(1, now)
    at = now
    for _ in range(len(RETRY_DELAYS) + 1):
        emails_send(email_ids=ids, now=at)
        at += dt.timedelta(days=1)
    email = OutgoingEmail.objects.get()
    assert email.status == "failed" and email.attempts == len(RETRY_DELAYS) + 1


def test_a_row_left_sending_by_a_dead_worker_is_sent_again(now, settings):
    ids = queue(1, now)
    OutgoingEmail.objects.update(status="sending", claimed_at=now)
    assert outbox_due(now=now + dt.timedelta(seconds=10)) == []
    later = now + dt.timedelta(seconds=settings.MAIL_SEND_LEASE_SECONDS + 1)
    assert outbox_due(now=later) == ids
    mail.outbox.clear()
    emails_send(email_ids=ids, now=later)
    assert len(mail.outbox) == 1


def test_the_sent_message_carries_the_stored_headers(now):
    email = email_queue(
        kind="notice",
        to="p@example.com",
        subject="S",
        text="plain",
        html="<p>rich</p>",
        dedupe_key="h",
        now=now,
        headers={"Reply-To": "play+ab@localhost", "X-Test": "1"},
    )
    mail.outbox.clear()
    emails_send(email_ids=[email.pk], now=now)
    message = mail.outbox[0].message()
    assert message["Message-ID"] == email.message_id
    assert message["Reply-To"] == "play+ab@localhost" and message["X-Test"] == "1"
    assert mail.outbox[0].alternatives[0][0] == "<p>rich</p>"
