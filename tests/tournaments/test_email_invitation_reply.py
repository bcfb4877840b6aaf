"""An invitation an organiser mails to an email address is accepted by a
reply as well as by its link: "register" (``inschrijven``) to a
tournament's, "join" (``meedoen``) to a club's, on the first line, from
the address it went to.  That address's account is entered; an address
without one gets an email-only account, as a game invitation by mail
gives.  A reply from another address, or to an invitation taken back,
changes nothing and says why."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone

from mail.models import OutgoingEmail
from tests.conftest import living_in
from tests.mail.intake import ingest, message
from tournaments.models import ClubMembership, Participant, TournamentEmailInvitation
from tournaments.services import (
    club_invite,
    participant_add_late,
    participant_replace,
    tournament_email_invitation_take_back,
    tournament_invite,
)

from .conftest import make_tournament, new_players, register, started

pytestmark = pytest.mark.django_db


def _text(body: str) -> str:
    return " ".join(body.split())


def _mailed(to: str, capture, invite) -> str:
    """Run ``invite`` and return the Reply-To of the invitation it mails
    to ``to``, whose text says both ways to accept."""
    with capture(execute=True):
        invite()
    [sent] = OutgoingEmail.objects.filter(to__iexact=to)
    said = _text(sent.text)
    assert "on the first line, or follow this link" in said or "op de eerste regel, of volg je deze link" in said
    mail.outbox.clear()
    return sent.headers["Reply-To"]


def _reply(address: str, body: str, sender: str, capture):
    """Send ``body`` from ``sender`` to ``address``: the stored record and
    the text of the one answer (the games a replacement takes over mail
    on their own)."""
    sent = message(address, body, sender=sender)
    record = ingest(bytes(sent), capture)
    [answer] = [m for m in mail.outbox if m.extra_headers.get("In-Reply-To") == sent["Message-ID"]]
    assert answer.to == [sender.lower()]
    mail.outbox.clear()
    return record, _text(answer.body)


def _invited_to_tournament(alice, club, to: str, capture, **settings):
    now = timezone.now()  # the intake reads the clock: registration is open now
    t = make_tournament(alice, club, now=now, name="Club Cup", rounds=3, **settings)
    invite = lambda: tournament_invite(tournament_id=t.pk, display_name=to, by=alice, now=now)  # noqa: E731
    return t, _mailed(to, capture, invite)


def test_the_account_holder_registers_by_replying_register(alice, bob, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(alice, club, bob.email.upper(), django_capture_on_commit_callbacks)
    assert address.startswith("entry+")
    record, said = _reply(address, "Register", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert "You are registered for Club Cup. Your games come by email when they start" in said
    assert "An account was made" not in said
    assert t.participants.filter(user=bob, status=Participant.Status.REGISTERED).exists()
    assert TournamentEmailInvitation.objects.get(tournament=t).accepted_at is not None

    # Used up: the same refusal as its link gives.
    record, said = _reply(address, "register", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "This invitation is no longer valid." in said
    assert t.participants.filter(user=bob).count() == 1


def test_a_stranger_registers_by_reply_and_gets_an_email_only_account(alice, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(
        alice, club, "friend@example.org", django_capture_on_commit_callbacks, registration="invited"
    )
    record, said = _reply(address, "maybe later", "Friend@Example.org", django_capture_on_commit_callbacks)
    assert 'To register for Club Cup, reply with "register" on the first line.' in said
    assert not t.participants.exists()

    record, said = _reply(address, "yes please", "Friend@Example.org", django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    [entered] = t.participants.select_related("user")
    newcomer = entered.user
    assert newcomer.email == "friend@example.org" and not newcomer.has_usable_password()
    assert newcomer.display_name.startswith("Guest-")
    assert "You are registered for Club Cup." in said
    assert "An account was made for this address, without a password" in said
    assert f"Your opponent sees you as {newcomer.display_name}. To choose another name" in said
    assert "sign in once with this link" in said  # the one-time sign-in link


def test_a_dutch_reader_is_answered_in_dutch(alice, club, django_capture_on_commit_callbacks):
    living_in("nl", "Europe/Amsterdam", alice)  # a stranger reads the inviter's language
    t, address = _invited_to_tournament(alice, club, "vriend@example.org", django_capture_on_commit_callbacks)
    record, said = _reply(address, "Inschrijven", "vriend@example.org", django_capture_on_commit_callbacks)
    newcomer = t.participants.get().user
    assert newcomer.display_name.startswith("Gast-") and newcomer.language == "nl"
    assert "Je bent ingeschreven voor Club Cup." in said
    assert f"Je tegenstander ziet je als {newcomer.display_name}." in said


def test_a_reply_from_another_address_changes_nothing(alice, bob, carol, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(alice, club, bob.email, django_capture_on_commit_callbacks)
    for sender in (carol.email, "someone@example.org"):
        record, said = _reply(address, "register", sender, django_capture_on_commit_callbacks)
        assert record.outcome == "rejected"
        assert (
            "Your reply changed nothing: this invitation is accepted by a reply from the address it was sent to, "
            "or by following its link." in said
        )
        assert bob.email not in said and str(bob) not in said
    assert not t.participants.exists()
    assert not OutgoingEmail.objects.filter(to="someone@example.org").exclude(kind="notice").exists()
    assert TournamentEmailInvitation.objects.get(tournament=t).accepted_at is None


def test_a_taken_back_invitation_is_refused(alice, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(alice, club, "frend@example.org", django_capture_on_commit_callbacks)
    invitation = TournamentEmailInvitation.objects.get(tournament=t)
    tournament_email_invitation_take_back(tournament_id=t.pk, invitation_id=invitation.pk, by=alice, now=timezone.now())
    record, said = _reply(address, "register", "frend@example.org", django_capture_on_commit_callbacks)
    assert record.outcome == "rejected"
    assert "You were not registered. This invitation is no longer valid." in said
    assert not t.participants.exists()


def test_a_replacement_takes_the_place_by_reply(alice, club, django_capture_on_commit_callbacks):
    now = timezone.now()
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    place = t.participants.get(user=players[0])
    address = _mailed(
        "sub@example.org",
        django_capture_on_commit_callbacks,
        lambda: participant_replace(
            tournament_id=t.pk, participant_id=place.pk, display_name="sub@example.org", by=alice, now=now
        ),
    )
    record, said = _reply(address, "register", "sub@example.org", django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert f"You take over the place of {players[0]} in Winter cup. Your games come by email" in said
    assert "registered" not in said
    place.refresh_from_db()
    assert place.user.email == "sub@example.org"


def test_a_late_entry_by_reply_is_told_it_plays_from_the_next_round(alice, club, django_capture_on_commit_callbacks):
    now = timezone.now()
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    address = _mailed(
        "laat@example.org",
        django_capture_on_commit_callbacks,
        lambda: participant_add_late(tournament_id=t.pk, display_name="laat@example.org", by=alice, now=now),
    )
    record, said = _reply(address, "ja", "laat@example.org", django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert "Je speelt mee in Winter cup vanaf de volgende ronde." in said
    assert "ingeschreven" not in said
    assert t.participants.filter(user__email="laat@example.org").exists()


def test_a_club_is_joined_by_replying_join(alice, bob, club, django_capture_on_commit_callbacks):
    now = timezone.now()
    stranger = "club.friend@example.org"
    address = _mailed(
        stranger,
        django_capture_on_commit_callbacks,
        lambda: club_invite(club_id=club.pk, display_name=stranger, by=alice, now=now),
    )
    assert address.startswith("member+")
    record, said = _reply(address, "join", bob.email, django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and not ClubMembership.objects.filter(club=club, user=bob).exists()

    record, said = _reply(address, "Join!", stranger, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted"
    assert f"You are a member of {club}." in said and "An account was made for this address" in said
    member = ClubMembership.objects.get(club=club, user__email=stranger)
    assert member.status == ClubMembership.Status.ACTIVE


def test_an_account_holder_joins_a_club_by_reply(alice, carol, club, django_capture_on_commit_callbacks):
    now = timezone.now()
    address = _mailed(
        carol.email,
        django_capture_on_commit_callbacks,
        lambda: club_invite(club_id=club.pk, display_name=carol.email, by=alice, now=now),
    )
    record, said = _reply(address, "ja", carol.email, django_capture_on_commit_callbacks)
    assert record.outcome == "accepted" and "An account was made" not in said
    assert ClubMembership.objects.get(club=club, user=carol).status == ClubMembership.Status.ACTIVE
    assert not type(carol).objects.filter(email__iexact=carol.email).exclude(pk=carol.pk).exists()


def test_a_reply_delivered_twice_is_acted_on_and_answered_once(alice, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(alice, club, "twice@example.org", django_capture_on_commit_callbacks)
    sent = bytes(message(address, "register", sender="twice@example.org"))
    assert ingest(sent, django_capture_on_commit_callbacks).outcome == "accepted"
    mail.outbox.clear()
    assert ingest(sent, django_capture_on_commit_callbacks).outcome == "duplicate"
    assert mail.outbox == [] and t.participants.count() == 1


def test_a_full_tournament_refuses_the_reply_as_its_link_would(alice, club, django_capture_on_commit_callbacks):
    t, address = _invited_to_tournament(alice, club, "slow@example.org", django_capture_on_commit_callbacks, capacity=2)
    register(t, new_players(2), timezone.now())
    record, said = _reply(address, "register", "slow@example.org", django_capture_on_commit_callbacks)
    assert record.outcome == "rejected" and "You were not registered. The tournament is full." in said
    # Nothing made for the address, and the invitation stays open.
    assert not type(alice).objects.filter(email="slow@example.org").exists()
    assert TournamentEmailInvitation.objects.get(tournament=t).accepted_at is None
