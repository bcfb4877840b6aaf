"""Sent mail carries a signed bounce address as its envelope sender
(VERP), so a bounce names the row it answers; the From header stays the
site's."""

import email
from email.policy import default

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mail.addresses import bounce_address, bounce_id_of
from mail.models import OutgoingEmail
from mail.sending import emails_send
from tests.services.smtp_sink import smtp_backend

from .test_sending import queue

pytestmark = pytest.mark.django_db


class Recorder:
    """An SMTP server that keeps each message's MAIL FROM and From header."""

    def __init__(self) -> None:
        self.received: list[tuple[str, str, str]] = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=default)
        self.received.append((envelope.mail_from, str(message["From"]), str(message["Message-ID"])))
        return "250 Message accepted"


def test_each_mail_goes_out_from_its_own_signed_bounce_address(now, settings):
    settings.MAIL_DOMAIN = "mail.alta.test"
    settings.DEFAULT_FROM_EMAIL = "Alta <noreply@alta.test>"
    recorder = Recorder()
    with smtp_backend(settings, recorder):
        ids = queue(2, now)
        assert emails_send(email_ids=ids, now=now) == {"sent": 2, "failed": 0, "skipped": 0}
    rows = {row.message_id: row for row in OutgoingEmail.objects.all()}
    assert len(recorder.received) == 2
    for mail_from, from_header, message_id in recorder.received:
        row = rows[message_id]
        assert mail_from == f"bounce+{mail_from.split('+')[1].split('@')[0]}@mail.alta.test"
        assert mail_from == bounce_address(row.pk)
        assert bounce_id_of(mail_from) == row.pk
        assert from_header == "Alta <noreply@alta.test>"


def test_a_bounce_address_cannot_be_forged_for_another_mail(settings):
    settings.MAIL_DOMAIN = "mail.alta.test"
    genuine = bounce_address(7)
    local = genuine.split("@")[0]
    forged = local[:-1] + ("0" if local[-1] != "0" else "1") + "@mail.alta.test"
    other_row = "bounce+00000008" + local[len("bounce+00000007") :] + "@mail.alta.test"
    assert bounce_id_of(genuine) == 7
    assert bounce_id_of(genuine.upper()) == 7  # a relay may change the case
    assert bounce_id_of(forged) is None
    assert bounce_id_of(other_row) is None
    assert bounce_id_of(local + "@elsewhere.test") is None
    assert bounce_id_of("play+" + local.split("+")[1] + "@mail.alta.test") is None


def test_the_envelope_sender_adds_no_query_to_sending(now, settings):
    """Claiming and sending three rows takes the queries it took before
    the envelope sender was set (the row's id is all it needs)."""
    ids = queue(3, now)
    with CaptureQueriesContext(connection) as queries:
        emails_send(email_ids=ids, now=now)
    assert len(queries) == SEND_QUERIES


#: Queries of ``emails_send`` for three rows, measured before bounce
#: addresses.
SEND_QUERIES = 7  # savepoint, lock, mark, release; three "sent"
