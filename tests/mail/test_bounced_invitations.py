"""A game's invitation mailed to a mistyped address bounces: the creator
is told once, in their language, with the invitation's link to pass on
another way, and the game page marks the seat for them.  Nothing is told
when the seat is no longer offered to that address, for a delay, or for an
invitation by display name (the creator learns nothing of an invitee's
mailbox)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from games import services
from games.models import Seat
from mail.addresses import bounce_address
from mail.models import InboundEmail, OutgoingEmail
from mail.services import inbound_email_process
from tests.conftest import living_in

from .bounce_reports import dsn
from .intake import ingest, message

pytestmark = pytest.mark.django_db

TYPO = "frend@example.org"


def invited(creator, invite: str, now, capture):
    """A 2-player Alta game of ``creator`` inviting ``invite``, its
    invitation mail sent; returns the game and that mail's row."""
    with capture(execute=True):
        match = services.match_create(creator=creator, game="alta", players=2, now=now, invite=[invite])
    sent = OutgoingEmail.objects.get(dedupe_key__startswith="invited:", match=match)
    assert sent.status == OutgoingEmail.Status.SENT
    return match, sent


def bounced(sent: OutgoingEmail, now, capture, *, action: str = "failed", status: str = "5.1.1") -> InboundEmail:
    """A mail server's report that ``sent`` failed, through the intake."""
    mail.outbox.clear()
    address = bounce_address(sent.pk)
    raw = dsn(to=address, final_recipient=sent.to, action=action, status=status)
    with capture(execute=True):
        return inbound_email_process(raw=raw, source="smtp", now=now, envelope_recipients=[address])


def notices_to(user):
    return [m for m in mail.outbox if m.to == [user.email] and "could not be delivered" in m.subject]


def test_the_creator_is_told_once_with_the_link_to_pass_on(alice, now, django_capture_on_commit_callbacks):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    later = now + dt.timedelta(minutes=5)
    record = bounced(sent, later, django_capture_on_commit_callbacks)

    assert record.outcome == InboundEmail.Outcome.BOUNCE
    [notice] = notices_to(alice)
    seat = match.seats.get(invited_email=TYPO)
    body = " ".join(notice.body.split())
    assert f"#{match.pk}" in notice.subject
    assert f"Our mail inviting {TYPO} to" in body and "Perhaps the address is mistyped." in body
    assert f"/invitations/{seat.invitation_token}/" in body
    assert f"/games/{match.pk}/" in body
    html = notice.alternatives[0][0]
    assert f"/invitations/{seat.invitation_token}/" in html and TYPO in html
    assert seat.invitation_bounced_at == later

    # The same report again (a retried delivery): nothing more.
    bounced(sent, later, django_capture_on_commit_callbacks)
    assert notices_to(alice) == []
    assert OutgoingEmail.objects.filter(to=alice.email, dedupe_key__startswith="invitation-bounced:").count() == 1


def test_the_game_page_marks_the_seat_for_the_creator_only(client, alice, bob, now, django_capture_on_commit_callbacks):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    client.force_login(alice)
    assert "could not be delivered" not in client.get(f"/games/{match.pk}/").content.decode()
    bounced(sent, now, django_capture_on_commit_callbacks)

    page = client.get(f"/games/{match.pk}/").content.decode()
    assert TYPO in page and "our mail to this address could not be delivered" in page
    client.force_login(bob)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert TYPO not in page and "could not be delivered" not in page


def test_a_dutch_creator_reads_it_in_dutch(alice, now, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", alice)
    _, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    bounced(sent, now, django_capture_on_commit_callbacks)
    [notice] = [m for m in mail.outbox if m.to == [alice.email]]
    assert "kon niet worden bezorgd" in notice.subject
    body = " ".join(notice.body.split())
    assert "Misschien is het adres verkeerd getypt." in body and "Pass it on" not in body


def test_a_delay_tells_nothing(alice, now, django_capture_on_commit_callbacks):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    bounced(sent, now, django_capture_on_commit_callbacks, action="delayed", status="4.4.1")
    assert notices_to(alice) == []
    assert match.seats.get(invited_email=TYPO).invitation_bounced_at is None


def test_a_seat_taken_by_the_link_before_the_bounce_tells_nothing(
    alice, carol, now, django_capture_on_commit_callbacks
):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    token = match.seats.get(invited_email=TYPO).invitation_token
    with django_capture_on_commit_callbacks(execute=True):
        services.invitation_accept(token=token, user=carol, now=now)
    bounced(sent, now, django_capture_on_commit_callbacks)
    assert notices_to(alice) == []
    assert not Seat.objects.filter(match=match, invitation_bounced_at__isnull=False).exists()


def test_a_cancelled_game_tells_nothing(alice, now, django_capture_on_commit_callbacks):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.match_cancel(match_id=match.pk, user=alice, now=now)
    bounced(sent, now, django_capture_on_commit_callbacks)
    assert notices_to(alice) == []


def test_an_invitation_by_name_never_tells_the_creator_of_the_invitee_s_mailbox(
    alice, bob, now, django_capture_on_commit_callbacks
):
    _, sent = invited(alice, bob.display_name, now, django_capture_on_commit_callbacks)
    assert sent.to == bob.email
    bounced(sent, now, django_capture_on_commit_callbacks)
    bob.refresh_from_db()
    assert bob.mail_bouncing  # what a bounce always does
    assert [m for m in mail.outbox if m.to == [alice.email]] == []


def test_a_creator_who_wants_no_mail_still_sees_it_on_the_page(client, alice, now, django_capture_on_commit_callbacks):
    alice.notifications = alice.Notifications.NONE
    alice.save(update_fields=["notifications"])
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    bounced(sent, now, django_capture_on_commit_callbacks)
    assert notices_to(alice) == []
    client.force_login(alice)
    assert "could not be delivered" in client.get(f"/games/{match.pk}/").content.decode()


def test_the_creator_takes_it_back_and_invites_the_right_address(
    client, alice, now, settings, django_capture_on_commit_callbacks
):
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    bounced(sent, now, django_capture_on_commit_callbacks)
    [notice] = notices_to(alice)
    assert "Or take the invitation back on the game page and invite the right address:" in " ".join(notice.body.split())
    # ... or by mail, with the commands filled in.
    assert (
        f'Or by email: reply "take back {match.pk} {TYPO}" (or send it to commands@{settings.MAIL_DOMAIN}), '
        f'then "invite {match.pk} <display name or email address>".'
    ) in " ".join(notice.body.split())
    seat = match.seats.get(invited_email=TYPO)
    client.force_login(alice)
    client.post(f"/games/{match.pk}/invitations/{seat.pk}/take-back/")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{match.pk}/invite/", {"invitee": "friend@example.org"})

    seat.refresh_from_db()
    assert (seat.invited_email, seat.invitation_bounced_at) == ("friend@example.org", None)
    assert [m.to for m in mail.outbox] == [["friend@example.org"]]
    assert "could not be delivered" not in client.get(f"/games/{match.pk}/").content.decode()


def test_the_creator_answers_the_notice_by_mail(alice, now, django_capture_on_commit_callbacks):
    """A reply to the notice, "take back N <address>", is read as a command
    (the notice's From is no command address: the reply names the notice)."""
    match, sent = invited(alice, TYPO, now, django_capture_on_commit_callbacks)
    bounced(sent, now, django_capture_on_commit_callbacks)
    [notice] = notices_to(alice)
    mail.outbox.clear()
    reply = message(
        notice.extra_headers["From"],
        f"take back {match.pk} {TYPO}",
        sender=alice.email,
        subject=f"Re: {notice.subject}",
        References=notice.extra_headers["Message-ID"],
    )
    record = ingest(bytes(reply), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("command", "take back: 1 of 1")
    assert match.seats.filter(invited_email=TYPO).count() == 0
