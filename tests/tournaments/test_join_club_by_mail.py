"""A player who only uses mail answers a club invitation by mail: "join"
(``meedoen``, ``ja``) on the first line makes them a member, "no"
(``nee``) declines.  Before, the invitation said to open the club page
while logged in, and a reply reached nobody."""

import pytest
from django.core import mail

from mail.models import OutgoingEmail
from tests.mail.intake import ingest, message
from tournaments.models import ClubMembership
from tournaments.services import club_invite

pytestmark = pytest.mark.django_db


def _invited(club, alice, bob, now, capture):
    with capture(execute=True):
        club_invite(club_id=club.pk, display_name="Bob", by=alice, now=now)
    invitation = OutgoingEmail.objects.get(to=bob.email)
    said = " ".join(invitation.text.split())
    assert 'reply to this email with "join"' in said or 'mail met "meedoen"' in said
    return invitation.headers["Reply-To"]


def _status(club, user):
    return ClubMembership.objects.filter(club=club, user=user).values_list("status", flat=True).first()


def test_replying_join_to_a_club_invitation_makes_a_member(alice, bob, club, now, django_capture_on_commit_callbacks):
    bob.language = "nl"
    bob.save()
    address = _invited(club, alice, bob, now, django_capture_on_commit_callbacks)
    assert address.startswith("club+")
    mail.outbox.clear()
    record = ingest(bytes(message(address, "Meedoen!", sender=bob.email)), django_capture_on_commit_callbacks)
    assert (record.outcome, record.detail) == ("accepted", "club: joined")
    assert _status(club, bob) == ClubMembership.Status.ACTIVE
    [answer] = mail.outbox
    assert answer.to == [bob.email] and "Je bent lid van Harbour club." in " ".join(answer.body.split())

    # Again: told they are a member already, nothing changes.
    mail.outbox.clear()
    record = ingest(bytes(message(address, "ja", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "al lid" in mail.outbox[0].body


def test_replying_no_declines_and_another_word_explains(alice, bob, club, now, django_capture_on_commit_callbacks):
    address = _invited(club, alice, bob, now, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    ingest(bytes(message(address, "maybe later", sender=bob.email)), django_capture_on_commit_callbacks)
    assert 'reply with "join" on the first line' in " ".join(mail.outbox[0].body.split())
    assert _status(club, bob) == ClubMembership.Status.INVITED
    mail.outbox.clear()
    ingest(bytes(message(address, "no thanks", sender=bob.email)), django_capture_on_commit_callbacks)
    assert "you did not join Harbour club" in mail.outbox[0].body
    assert _status(club, bob) is None


def test_only_the_invited_player_joins_with_the_address(
    alice, bob, carol, club, now, django_capture_on_commit_callbacks
):
    address = _invited(club, alice, bob, now, django_capture_on_commit_callbacks)
    forged = address.replace(address.split("+")[1][:8], "00000000")
    for to, sender in [(address, carol.email), (forged, bob.email)]:
        mail.outbox.clear()
        record = ingest(bytes(message(to, "join", sender=sender)), django_capture_on_commit_callbacks)
        assert record.outcome != "accepted" and mail.outbox  # answered, nothing done
    assert _status(club, bob) == ClubMembership.Status.INVITED
    assert _status(club, carol) is None
