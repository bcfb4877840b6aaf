"""A club's or tournament's invitation mailed to a mistyped address
bounces: the organiser who sent it is told once, in their language, and
the organiser's list marks it, so that they take it back and invite the
right address.  One taken back or used before the bounce tells nothing."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone

from mail.addresses import bounce_address
from mail.models import OutgoingEmail
from mail.services import inbound_email_process
from tests.conftest import living_in
from tests.mail.bounce_reports import dsn
from tournaments.services import (
    club_email_invitation_accept,
    club_email_invitation_take_back,
    club_invite,
    tournament_invite,
)

from .conftest import make_tournament

pytestmark = pytest.mark.django_db

TYPO = "frend@example.org"


def _text(body: str) -> str:
    return " ".join(body.split())


def bounced(invitation, now, capture) -> None:
    """A mail server's report that the invitation's mail failed for good."""
    sent = OutgoingEmail.objects.get(dedupe_key=invitation.mail_key)
    mail.outbox.clear()
    address = bounce_address(sent.pk)
    with capture(execute=True):
        inbound_email_process(
            raw=dsn(to=address, final_recipient=sent.to), source="smtp", now=now, envelope_recipients=[address]
        )


def notices_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_the_club_organiser_is_told_once_and_the_club_page_marks_it(
    client, alice, club, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invitation = club_invite(club_id=club.pk, display_name=TYPO, by=alice, now=now)
    bounced(invitation, now, django_capture_on_commit_callbacks)

    [notice] = notices_to(alice)
    assert f"Your invitation to {TYPO} could not be delivered" in notice.subject
    body = _text(notice.body)
    assert f"Our mail inviting {TYPO} to Harbour club could not be delivered" in body
    assert "Take the invitation back on this page and invite the right address:" in body
    assert club.get_absolute_url() in body
    invitation.refresh_from_db()
    assert invitation.bounced_at == now
    client.force_login(alice)
    page = _text(client.get(club.get_absolute_url()).content.decode())
    assert TYPO in page and "our mail to this address could not be delivered" in page

    bounced(invitation, now, django_capture_on_commit_callbacks)  # the same report again
    assert notices_to(alice) == []


def test_the_tournament_organiser_reads_it_in_dutch_and_the_organiser_list_marks_it(
    client, alice, club, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    now = timezone.now()
    t = make_tournament(alice, club, now=now, name="Club Cup", registration="invited", rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        invitation = tournament_invite(tournament_id=t.pk, display_name=TYPO, by=alice, now=now)
    bounced(invitation, now, django_capture_on_commit_callbacks)

    [notice] = notices_to(alice)
    assert f"Je uitnodiging aan {TYPO} kon niet worden bezorgd" in notice.subject
    body = _text(notice.body)
    assert "Misschien is het adres verkeerd getypt." in body and t.get_absolute_url() in body
    assert "Club Cup" in notice.alternatives[0][0]
    client.force_login(alice)
    page = _text(client.get(t.get_absolute_url()).content.decode())
    assert TYPO in page and "onze mail aan dit adres kon niet worden bezorgd" in page


def test_an_invitation_taken_back_or_used_before_the_bounce_tells_nothing(
    alice, bob, club, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        taken_back = club_invite(club_id=club.pk, display_name=TYPO, by=alice, now=now)
        used = club_invite(club_id=club.pk, display_name="right@example.org", by=alice, now=now)
    club_email_invitation_take_back(club_id=club.pk, invitation_id=taken_back.pk, by=alice, now=now)
    club_email_invitation_accept(token=used.token, user=bob, now=now)

    bounced(taken_back, now, django_capture_on_commit_callbacks)
    bounced(used, now, django_capture_on_commit_callbacks)
    assert notices_to(alice) == []
    taken_back.refresh_from_db()
    used.refresh_from_db()
    assert (taken_back.bounced_at, used.bounced_at) == (None, None)
