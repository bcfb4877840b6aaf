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


def test_a_send_takes_along_the_oldest_other_queued_mail_once(now):
    first, second, third, fourth, fifth = queue(5, now)
    mail.outbox.clear()
    assert emails_send(email_ids=[fourth], now=now, extra=2) == {"sent": 3, "failed": 0, "skipped": 0}
    assert sorted(m.to[0] for m in mail.outbox) == ["p0@example.com", "p1@example.com", "p3@example.com"]
    # Its own row the oldest queued one: still two others.
    assert emails_send(email_ids=[third], now=now, extra=2) == {"sent": 2, "failed": 0, "skipped": 0}
    assert emails_send(email_ids=[first, fifth], now=now, extra=2) == {"sent": 0, "failed": 0, "skipped": 2}
    assert sorted(m.to[0] for m in mail.outbox) == [f"p{i}@example.com" for i in range(5)]
    assert set(OutgoingEmail.objects.values_list("status", flat=True)) == {"sent"}


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


class CountingSink:
    """An SMTP sink that counts connections (EHLOs) and can answer the
    next MAIL FROM with 421, as a server closing an idle connection does."""

    def __init__(self) -> None:
        self.connections = 0
        self.refuse_next = False
        self.message_ids: list[str] = []

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.connections += 1
        session.host_name = hostname
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.refuse_next:
            self.refuse_next = False
            return "421 4.4.2 Idle for too long, closing"
        envelope.mail_from = address
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        import email as email_lib

        self.message_ids.append(str(email_lib.message_from_bytes(envelope.original_content)["Message-ID"]))
        return "250 Message accepted"


@pytest.fixture
def smtp(settings):
    from tests.services.smtp_sink import smtp_backend

    sink = CountingSink()
    with smtp_backend(settings, sink):
        yield sink


def _message_ids(ids):
    return sorted(OutgoingEmail.objects.filter(pk__in=ids).values_list("message_id", flat=True))


def test_batches_of_one_worker_share_its_smtp_connection(now, smtp):
    first, second = queue(2, now)
    assert emails_send(email_ids=[first], now=now)["sent"] == 1
    assert emails_send(email_ids=[second], now=now)["sent"] == 1
    assert smtp.connections == 1
    assert sorted(smtp.message_ids) == _message_ids([first, second])


def test_an_idle_kept_connection_is_not_used_again(now, smtp, settings):
    settings.MAIL_SMTP_KEEP_SECONDS = 0
    first, second = queue(2, now)
    emails_send(email_ids=[first], now=now)
    emails_send(email_ids=[second], now=now)
    assert smtp.connections == 2
    assert sorted(smtp.message_ids) == _message_ids([first, second])


def test_a_kept_connection_the_server_closed_is_replaced_and_the_mail_sent_once(now, smtp):
    first, second = queue(2, now)
    emails_send(email_ids=[first], now=now)
    smtp.refuse_next = True  # the server has given up on the idle connection
    assert emails_send(email_ids=[second], now=now) == {"sent": 1, "failed": 0, "skipped": 0}
    assert smtp.connections == 2
    assert sorted(smtp.message_ids) == _message_ids([first, second])
    assert OutgoingEmail.objects.get(pk=second).status == "sent"


def test_a_fresh_connection_that_refuses_counts_as_a_failure(now, smtp):
    (only,) = queue(1, now)
    smtp.refuse_next = True
    assert emails_send(email_ids=[only], now=now) == {"sent": 0, "failed": 1, "skipped": 0}
    assert OutgoingEmail.objects.get(pk=only).status == "retrying"
    assert smtp.message_ids == []


def test_a_mail_to_an_address_no_server_takes_fails_alone_and_the_batch_goes_on(now, smtp):
    """An address SMTP cannot carry ("@example.com") fails that mail for
    good, reason kept; the mails after it in the batch are sent, and the
    sweep does not hand it out again."""
    bad = email_queue(kind="notice", to="@example.com", subject="S", text="t", html="", dedupe_key="bad", now=now)
    first, second = queue(2, now)
    assert emails_send(email_ids=[bad.pk, first, second], now=now) == {"sent": 2, "failed": 1, "skipped": 0}
    bad.refresh_from_db()
    assert bad.status == "failed" and "Invalid address" in bad.last_error
    assert sorted(smtp.message_ids) == _message_ids([first, second])
    assert outbox_due(now=now + dt.timedelta(days=1)) == []


def test_a_relay_down_overnight_still_delivers_the_mail_the_next_day(now, settings):
    """Mail servers keep a message queued for days; a relay that refuses
    with 4xx for a whole night (12 hours) must not cost a player their turn
    mail: it goes out once the relay takes it again."""
    settings.EMAIL_BACKEND = "tests.mail.test_sending.FailingBackend"
    FailingBackend.error = smtplib.SMTPResponseException(451, b"try later")
    ids = queue(1, now)
    at = now
    while at < now + dt.timedelta(hours=12):
        emails_send(email_ids=ids, now=at)
        email = OutgoingEmail.objects.get()
        assert email.status == "retrying"
        at = email.next_attempt_at
    assert sum(RETRY_DELAYS) >= 2.5 * 24 * 3600  # about three days in all, as an MTA keeps a message
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    emails_send(email_ids=ids, now=at)
    assert OutgoingEmail.objects.get().status == "sent"
