"""A player who only uses mail registers for the tournament they are
invited to by replying "register" (``aanmelden``) to the invitation."""

import pytest
from django.core import mail
from django.utils import timezone

from mail.models import OutgoingEmail
from tests.mail.intake import ingest, message
from tournaments.models import Participant
from tournaments.services import tournament_invite

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _invited(alice, club, bob, now, capture):
    now = timezone.now()  # the intake reads the clock: registration is open now
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3, registration="invited")
    with capture(execute=True):
        tournament_invite(tournament_id=t.pk, display_name="Bob", by=alice, now=now)
    invitation = OutgoingEmail.objects.get(to=bob.email)
    said = " ".join(invitation.text.split())
    assert 'reply to this email with "register"' in said or 'mail met "inschrijven"' in said
    return t, invitation.headers["Reply-To"]


def test_replying_register_to_the_invitation_registers(alice, club, bob, now, django_capture_on_commit_callbacks):
    bob.language = "nl"
    bob.save()
    t, address = _invited(alice, club, bob, now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    record = ingest(bytes(message(address, "Inschrijven!", sender=bob.email)), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("accepted", "tournament: registered")
    assert Participant.objects.filter(tournament=t, user=bob).exists()
    [answer] = mail.outbox
    assert answer.to == [bob.email] and "Je bent ingeschreven voor" in answer.body

    # Again: refused with the reason, nothing changes.
    mail.outbox.clear()
    record = ingest(bytes(message(address, "register", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "al ingeschreven" in mail.outbox[0].body
    assert Participant.objects.filter(tournament=t, user=bob).count() == 1


def test_no_or_another_word_registers_nobody(alice, club, bob, now, django_capture_on_commit_callbacks):
    t, address = _invited(alice, club, bob, now, django_capture_on_commit_callbacks)
    for body, said in [("no thanks", "you are not registered"), ("maybe later", 'reply with "register"')]:
        mail.outbox.clear()
        ingest(bytes(message(address, body, sender=bob.email)), django_capture_on_commit_callbacks)
        assert said in " ".join(mail.outbox[0].body.split())
    assert not Participant.objects.filter(tournament=t).exists()


def test_only_the_invited_player_registers_with_the_address(
    alice, club, bob, carol, now, django_capture_on_commit_callbacks
):
    t, address = _invited(alice, club, bob, now, django_capture_on_commit_callbacks)
    forged = address.replace(address.split("+")[1][:8], "00000000")
    for to, sender in [(address, carol.email), (forged, bob.email)]:
        mail.outbox.clear()
        record = ingest(bytes(message(to, "register", sender=sender)), django_capture_on_commit_callbacks)
        assert record.outcome != "accepted" and mail.outbox  # answered, nothing done
    assert not Participant.objects.filter(tournament=t).exists()
