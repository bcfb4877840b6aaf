"""A bounce reaching the SMTP gateway (``MAIL FROM:<>``) at the bounce
address our mail went out from marks that mail and its player."""

import smtplib

import pytest

from mail.addresses import bounce_address
from mail.models import InboundEmail, OutgoingEmail

from .bounce_reports import dsn

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_bounce_over_smtp_marks_the_mail_and_the_player(gateway, game, bob):
    sent = OutgoingEmail.objects.filter(to=bob.email).order_by("pk").last()
    address = bounce_address(sent.pk)
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client:
        client.sendmail("", [address], dsn(to=address, final_recipient=bob.email, status="5.2.2"))
    sent.refresh_from_db()
    bob.refresh_from_db()
    assert InboundEmail.objects.get().outcome == InboundEmail.Outcome.BOUNCE
    assert sent.status == OutgoingEmail.Status.BOUNCED
    assert bob.mail_bouncing and bob.email_bounce_reason.startswith("5.2.2")
