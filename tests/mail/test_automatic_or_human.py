"""Automatic mail is never answered (RFC 3834), and human mail always is:
a null envelope sender marks an auto-response even without headers, while
a subject a person may write ("Afwezig", "Out of office next week") or
``Auto-Submitted: no`` with a comment does not make a mail automatic."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest
from django.core import mail

from games.models import Vacation
from mail.models import InboundEmail, OutgoingEmail

from .conftest import mails_to, mover_of
from .intake import ingest, message


def _away_notice(sender: str) -> bytes:
    notice = EmailMessage()
    notice["From"], notice["To"], notice["Subject"] = sender, "commands@localhost", "Re: Your command"
    notice["Message-ID"] = "<away@client.example>"
    notice.set_content("I am away until Monday and will read your mail then.")
    return bytes(notice)


@pytest.mark.django_db(transaction=True)
def test_mail_from_a_null_sender_is_never_answered(gateway, bob):
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client:
        client.sendmail("", ["commands@localhost"], _away_notice(bob.email))  # MAIL FROM:<>
    record = InboundEmail.objects.get()
    assert record.outcome == "auto_reply" and record.detail == "null envelope sender"
    assert not OutgoingEmail.objects.exists()
    # The same words from Bob's own address are a person's: answered.
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client:
        client.sendmail(bob.email, ["commands@localhost"], _away_notice(bob.email).replace(b"<away@", b"<away2@"))
    assert list(OutgoingEmail.objects.values_list("to", flat=True)) == [bob.email]


@pytest.mark.django_db
@pytest.mark.parametrize("subject", ["Out of office next week", "Afwezig", "Returned mail"])
def test_a_command_under_a_subject_an_auto_reply_might_have_is_answered(
    subject, game, alice, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    raw = bytes(message("commands@localhost", "vacation 5", sender=alice.email, subject=subject, quote=False))
    record = ingest(raw, django_capture_on_commit_callbacks)
    assert record.outcome == "command", record.detail
    [answer] = mails_to(alice.email)
    assert "Your vacation runs until" in answer.body and Vacation.objects.filter(user=alice).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("headers", [{"Auto_Submitted": "no (sent by a human)"}, {"subject": "Afwezig tot maandag"}])
def test_a_players_command_in_a_game_mail_is_answered(headers, game, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "vacation 5", sender=seat.user.email, **headers)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "command", record.detail
    [answer] = mails_to(seat.user.email)
    assert "Your vacation runs until" in answer.body


@pytest.mark.django_db
@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied (vacation)"},
        {"Auto_Submitted": "(by a program) auto-generated"},
        {"subject": "Automatic reply: Alta #1", "X_Auto_Response_Suppress": "All"},
    ],
)
def test_auto_replies_stay_unanswered(headers, game, django_capture_on_commit_callbacks):
    seat = mover_of(game)
    address = [m for m in mails_to(seat.user.email) if m.reply_to][-1].reply_to[0]
    mail.outbox.clear()
    record = ingest(
        bytes(message(address, "I am away.", sender=seat.user.email, **headers)), django_capture_on_commit_callbacks
    )
    assert record.outcome == "auto_reply" and mail.outbox == []
