"""Bounces: a hard bounce of one of our mails marks that mail and its
player's address; a delay, a forged or unmatched bounce change nothing;
no bounce is ever answered."""

import pytest
from django.core import mail

from mail.addresses import bounce_address
from mail.models import InboundEmail, OutgoingEmail
from mail.services import inbound_email_process

from .bounce_reports import dsn, plain_bounce
from .intake import message

pytestmark = pytest.mark.django_db


def last_mail_to(user) -> OutgoingEmail:
    row = OutgoingEmail.objects.filter(to=user.email).order_by("pk").last()
    assert row is not None and row.status == OutgoingEmail.Status.SENT
    return row


def deliver(raw: bytes, *, to: str, now, sender: str = "") -> InboundEmail:
    """Through the service every intake calls (SMTP gateway, pipe, webhook)."""
    mail.outbox.clear()
    written = OutgoingEmail.objects.count()
    record = inbound_email_process(raw=raw, source="smtp", now=now, envelope_recipients=[to], envelope_sender=sender)
    assert OutgoingEmail.objects.count() == written and mail.outbox == []  # never answered
    return record


def test_a_hard_bounce_to_the_envelope_sender_marks_the_mail_and_the_player(game, bob, now):
    sent = last_mail_to(bob)
    address = bounce_address(sent.pk)
    record = deliver(dsn(to=address, final_recipient=bob.email), to=address, now=now)

    sent.refresh_from_db()
    bob.refresh_from_db()
    assert record.outcome == InboundEmail.Outcome.BOUNCE
    assert record.user == bob and record.match_id == sent.match_id == game.pk
    assert sent.status == OutgoingEmail.Status.BOUNCED
    assert "5.1.1" in sent.last_error and "User unknown" in sent.last_error
    assert bob.email_bounced_address == bob.email
    assert bob.email_bounced_at == now
    assert bob.email_bounce_reason.startswith("5.1.1")
    assert "User unknown" in bob.email_bounce_reason
    assert bob.email_bounces == 1
    assert bob.mail_bouncing


def test_the_same_bounce_twice_counts_once(game, bob, now):
    sent = last_mail_to(bob)
    address = bounce_address(sent.pk)
    deliver(dsn(to=address, final_recipient=bob.email), to=address, now=now)
    deliver(dsn(to=address, final_recipient=bob.email), to=address, now=now)
    bob.refresh_from_db()
    assert bob.email_bounces == 1


def test_a_bounce_sent_to_the_reply_address_is_matched_by_the_quoted_message_id(game, now):
    """A server that bounces to the header's addresses, not the envelope's."""
    sent = OutgoingEmail.objects.filter(headers__has_key="Reply-To").order_by("pk").last()
    player = sent.user
    reply_address = sent.headers["Reply-To"]
    raw = dsn(to=reply_address, final_recipient=player.email, message_id=sent.message_id)
    record = deliver(raw, to=reply_address, now=now)
    sent.refresh_from_db()
    player.refresh_from_db()
    assert record.outcome == InboundEmail.Outcome.BOUNCE
    assert sent.status == OutgoingEmail.Status.BOUNCED
    assert player.mail_bouncing


def test_a_plain_text_bounce_quoting_the_headers_is_understood(game, bob, now, settings):
    sent = last_mail_to(bob)
    to = f"noreply@{settings.MAIL_DOMAIN}"
    raw = plain_bounce(to=to, final_recipient=bob.email, message_id=sent.message_id)
    record = deliver(raw, to=to, now=now)
    bob.refresh_from_db()
    assert record.outcome == InboundEmail.Outcome.BOUNCE
    assert bob.mail_bouncing and bob.email_bounce_reason.startswith("5.1.1")


def test_a_delay_changes_nothing(game, bob, now):
    sent = last_mail_to(bob)
    address = bounce_address(sent.pk)
    raw = dsn(
        to=address,
        final_recipient=bob.email,
        action="delayed",
        status="4.4.7",
        diagnostic="smtp; 452 4.2.2 Mailbox full, will retry",
    )
    record = deliver(raw, to=address, now=now)
    plain = deliver(
        plain_bounce(to=address, final_recipient=bob.email, message_id=sent.message_id, permanent=False),
        to=address,
        now=now,
    )
    sent.refresh_from_db()
    bob.refresh_from_db()
    assert record.outcome == plain.outcome == InboundEmail.Outcome.AUTO_REPLY
    assert "4.4.7" in record.detail
    assert sent.status == OutgoingEmail.Status.SENT
    assert not bob.mail_bouncing and bob.email_bounces == 0


def test_a_forged_bounce_address_changes_nothing(game, bob, now, settings):
    sent = last_mail_to(bob)
    genuine = bounce_address(sent.pk)
    local, domain = genuine.split("@")
    forged = f"{local[:-1]}{'0' if local[-1] != '0' else '1'}@{domain}"
    unsigned = f"bounce+{sent.pk:08x}@{settings.MAIL_DOMAIN}"
    for to in (forged, unsigned):
        record = deliver(dsn(to=to, final_recipient=bob.email), to=to, now=now)
        assert record.outcome == InboundEmail.Outcome.AUTO_REPLY
        assert "no mail of ours" in record.detail
    sent.refresh_from_db()
    bob.refresh_from_db()
    assert sent.status == OutgoingEmail.Status.SENT
    assert not bob.mail_bouncing


def test_a_bounce_naming_no_mail_of_ours_changes_nothing(game, bob, now, settings):
    to = f"noreply@{settings.MAIL_DOMAIN}"
    raw = dsn(to=to, final_recipient=bob.email, message_id="<made-up@elsewhere.example>")
    record = deliver(raw, to=to, now=now)
    bob.refresh_from_db()
    assert record.outcome == InboundEmail.Outcome.AUTO_REPLY
    assert not bob.mail_bouncing
    assert set(OutgoingEmail.objects.values_list("status", flat=True)) == {OutgoingEmail.Status.SENT}


def test_a_person_writing_to_a_bounce_address_is_not_answered(game, bob, now):
    sent = last_mail_to(bob)
    address = bounce_address(sent.pk)
    raw = bytes(message(address, "Why did I get this?", sender=bob.email, quote=False))
    record = deliver(raw, to=address, now=now, sender=bob.email)
    bob.refresh_from_db()
    assert record.outcome == InboundEmail.Outcome.AUTO_REPLY
    assert not bob.mail_bouncing


def test_a_move_copied_to_a_bounce_address_is_still_played(mover_turn, now, django_capture_on_commit_callbacks):
    """Only the address a mail was delivered to makes it a bounce, not a
    bounce address among its other recipients (copied from a Return-Path)."""
    seat, address, options = mover_turn
    sent = OutgoingEmail.objects.filter(to=seat.user.email).order_by("pk").last()
    raw = bytes(message(address, options[0], sender=seat.user.email, Cc=bounce_address(sent.pk)))
    with django_capture_on_commit_callbacks(execute=True):
        record = inbound_email_process(
            raw=raw, source="smtp", now=now, envelope_recipients=[address], envelope_sender=seat.user.email
        )
    assert record.outcome == InboundEmail.Outcome.ACCEPTED
