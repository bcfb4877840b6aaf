"""An SMTP server that takes a message's DATA and drops the connection
before its answer (the send is ambiguous: the server may deliver it): the
row is not marked sent, nor failed; it is retried after the first delay,
under the same Message-ID (so mail clients fold the copies), and once the
server answers it is sent and never again."""

from __future__ import annotations

import datetime as dt
import email as email_lib

import pytest

from mail import sending
from mail.models import OutgoingEmail
from mail.sending import RETRY_DELAYS, emails_send, outbox_due
from tests.services.smtp_sink import smtp_backend

from .test_sending import queue

pytestmark = pytest.mark.django_db


class DroppingSink:
    """Keeps every message it took; drops the connection after the next
    ``drops`` DATA without answering them."""

    def __init__(self) -> None:
        self.drops = 0
        self.message_ids: list[str] = []

    async def handle_DATA(self, server, session, envelope):
        self.message_ids.append(str(email_lib.message_from_bytes(envelope.original_content)["Message-ID"]))
        if self.drops:
            self.drops -= 1
            server.transport.close()  # the answer never comes
        return "250 Message accepted"


@pytest.fixture
def dropping(settings):
    sink = DroppingSink()
    with smtp_backend(settings, sink):
        yield sink


@pytest.mark.parametrize("kept", [False, True], ids=["fresh connection", "kept connection"])
def test_a_connection_dropped_after_data_retries_the_mail_under_its_message_id_until_answered(now, dropping, kept):
    first, second = queue(2, now)
    assert emails_send(email_ids=[first], now=now)["sent"] == 1
    if not kept:  # else the worker sends on the connection it kept from the first mail
        sending.drop_kept()
    message_id = OutgoingEmail.objects.get(pk=second).message_id
    dropping.drops = 2 if kept else 1  # a kept connection's drop is tried once more at once, on a new one

    assert emails_send(email_ids=[second], now=now) == {"sent": 0, "failed": 1, "skipped": 0}
    email = OutgoingEmail.objects.get(pk=second)
    assert email.status == "retrying" and email.attempts == 1
    assert outbox_due(now=now) == []
    later = now + dt.timedelta(seconds=RETRY_DELAYS[0])
    assert outbox_due(now=later) == [second]
    assert emails_send(email_ids=outbox_due(now=later), now=later)["sent"] == 1
    assert OutgoingEmail.objects.get(pk=second).status == "sent"
    assert outbox_due(now=later + dt.timedelta(days=1)) == []
    assert set(dropping.message_ids) - {OutgoingEmail.objects.get(pk=first).message_id} == {message_id}
    assert dropping.message_ids.count(message_id) == (3 if kept else 2)
