"""A whole game of Alta played by email alone, over real SMTP.

Replies go with ``smtplib`` to the mail gateway (aiosmtpd) on a free local
port; what the site sends is read from the outbox.  From the invitation to
the final result nobody opens a page.
"""

import logging
import logging.config
import smtplib
from email.message import EmailMessage

import pytest
from django.core import mail

from games.models import Match
from games.services import match_create
from mail.models import InboundEmail

pytestmark = pytest.mark.django_db(transaction=True)


def send(port: int, *, sender: str, to: str, body: str, subject="Re: Alta") -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Message-ID"] = f"<{len(mail.outbox)}.{InboundEmail.objects.count()}@client.example>"
    message.set_content(f"{body}\n\nOn Mon, Alta <{to}> wrote:\n> quoted text\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.send_message(message)


def latest_with_reply(address: str):
    return [m for m in mail.outbox if m.to == [address] and m.reply_to][-1]


def test_a_whole_game_by_email(gateway, alice, bob, now):
    match = match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    invitation = latest_with_reply(bob.email)
    assert "invites you" in invitation.subject and invitation.reply_to[0].startswith("join+")
    send(gateway, sender=bob.email, to=invitation.reply_to[0], body="accept")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE

    emails = {alice.email: alice, bob.email: bob}
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        mover = match.seats.get(deadline_at__isnull=False).user
        turn = latest_with_reply(mover.email)
        assert "HOW TO REPLY" in turn.body
        send(gateway, sender=mover.email, to=turn.reply_to[0], body="1")
        assert InboundEmail.objects.order_by("-pk").first().outcome == "accepted"
    assert match.status == Match.Status.FINISHED
    over = [m for m in mail.outbox if "the game is over" in m.subject]
    assert {m.to[0] for m in over} == set(emails)
    assert "Final result:" in over[0].body


def test_the_gateway_refuses_other_domains_and_oversize_mail(gateway):
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client, pytest.raises(smtplib.SMTPRecipientsRefused):
        client.sendmail("a@example.com", ["someone@elsewhere.example"], b"Subject: x\r\n\r\nhi")
    big = b"Subject: big\r\n\r\n" + b"x" * (3 * 1024 * 1024)
    with smtplib.SMTP("127.0.0.1", gateway, timeout=60) as client, pytest.raises(smtplib.SMTPException):
        client.sendmail("a@example.com", ["play+00@localhost"], big)


@pytest.fixture
def deployed_logging():
    """The site's LOGGING, as deployed (the test settings leave logging alone)."""
    from alta_site import settings as deployed

    root, smtp = logging.getLogger(), logging.getLogger("mail.log")
    saved = root.level, list(root.handlers), smtp.level
    logging.config.dictConfig(deployed.LOGGING)
    yield
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    smtp.setLevel(saved[2])


def test_the_gateway_logs_neither_reply_tokens_nor_addresses(gateway, alice, bob, now, caplog, deployed_logging):
    match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    invitation = latest_with_reply(bob.email)
    token = invitation.reply_to[0].split("+")[1].split("@")[0]
    with caplog.at_level(logging.INFO):
        send(gateway, sender=bob.email, to=invitation.reply_to[0], body="accept")
    assert InboundEmail.objects.get(sender=bob.email).outcome == "accepted"
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "inbound mail: accepted" in logged
    assert token not in logged and bob.email not in logged


def test_a_move_the_database_drops_is_a_451_and_the_senders_retry_plays_it_once(gateway, alice, bob, now, monkeypatch):
    """The sending server keeps the mail and tries again (SMTP 451): nothing
    of the first try is stored or sent, the retry is played once."""
    from django.db import OperationalError

    from mail.models import OutgoingEmail

    match = match_create(creator=alice, game="alta", players=2, now=now, invite=["Bob"])
    send(gateway, sender=bob.email, to=latest_with_reply(bob.email).reply_to[0], body="accept")
    match.refresh_from_db()
    mover = match.seats.get(deadline_at__isnull=False).user
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = mover.email, latest_with_reply(mover.email).reply_to[0], "Re"
    message["Message-ID"] = "<dropped@client.example>"
    message.set_content("1\n")
    mails = OutgoingEmail.objects.count()

    def connection_lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("games.services.moves.deadlines_update", connection_lost)
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client, pytest.raises(smtplib.SMTPDataError) as refused:
        client.send_message(message)
    assert refused.value.smtp_code == 451
    assert not match.moves.exists() and OutgoingEmail.objects.count() == mails

    monkeypatch.undo()
    with smtplib.SMTP("127.0.0.1", gateway, timeout=30) as client:
        client.send_message(message)
    assert match.moves.count() == 1
    assert OutgoingEmail.objects.filter(to=mover.email, subject__contains="was played").count() == 1
