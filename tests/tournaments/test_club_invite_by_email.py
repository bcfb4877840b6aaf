"""A club organiser invites by email address as well as by display name:
any address (an account's or not: the organiser is not told which) gets
a mail whose link leads to signing in or up and then joins the club with
one button; an address without an account reads it in the organiser's
language.  Such mails count against the same daily allowance as a
game's."""

from __future__ import annotations

import pytest
from django.core import mail

from core.errors import Conflict, LimitReached, NotFound
from mail.models import OutgoingEmail
from tests.conftest import living_in, make_user
from tournaments.models import Club, ClubEmailInvitation, ClubMembership
from tournaments.services import club_email_invitation_accept, club_invite, club_leave

pytestmark = pytest.mark.django_db
Status = ClubMembership.Status


@pytest.fixture
def closed_club(club):
    club.join_policy = Club.JoinPolicy.INVITATION
    club.save()
    return club


def test_a_friend_without_an_account_is_mailed_a_link_that_signs_them_up_and_joins(
    client, closed_club, alice, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/clubs/{closed_club.pk}/invite/", {"display_name": "Friend.Of.Anna@Example.org"}, follow=True
        )
    assert "Er is een uitnodiging gestuurd naar friend.of.anna@example.org." in " ".join(
        answer.content.decode().split()
    )
    [sent] = mail.outbox
    assert sent.to == ["friend.of.anna@example.org"]
    assert "Alice nodigt je uit voor de club Harbour club" in sent.subject
    body = " ".join(sent.body.split())
    assert "log daar in, of maak eerst een account aan (gratis), en word dan met één knop lid" in body
    invitation = ClubEmailInvitation.objects.get(club=closed_club)
    club_page = " ".join(client.get(closed_club.get_absolute_url()).content.decode().split())
    assert "Per mail uitgenodigd (link nog niet gebruikt)" in club_page and "friend.of.anna@example.org" in club_page
    link = f"/clubs/invitations/{invitation.token}/"
    assert link in body

    client.logout()
    page = client.get(link).content.decode()
    assert f'href="/accounts/signup/?next={link}"' in page
    friend = make_user("friend.of.anna@example.org", "Friend")
    client.force_login(friend)
    assert "Join the club" in client.get(link).content.decode()
    joined = client.post(link, follow=True)
    assert joined.redirect_chain[-1][0] == closed_club.get_absolute_url()
    assert ClubMembership.objects.get(club=closed_club, user=friend).status == Status.ACTIVE
    assert client.get(link).status_code == 404  # used up


def test_an_account_s_address_is_mailed_the_link_and_its_player_joins_by_it(closed_club, alice, bob, now):
    """Not looked up: no invited membership names Bob to the club's
    organisers; the mail is his (in his language), and its link joins."""
    living_in("nl", "Europe/Amsterdam", bob)
    invitation = club_invite(club_id=closed_club.pk, display_name=bob.email.upper(), by=alice, now=now)
    assert isinstance(invitation, ClubEmailInvitation) and invitation.email == bob.email
    assert not ClubMembership.objects.filter(club=closed_club, user=bob).exists()
    [sent] = OutgoingEmail.objects.filter(to=bob.email)
    assert "Alice nodigt je uit voor de club Harbour club" in sent.subject
    assert f"/clubs/invitations/{invitation.token}/" in sent.text
    club_email_invitation_accept(token=invitation.token, user=bob, now=now)
    assert ClubMembership.objects.get(club=closed_club, user=bob).status == Status.ACTIVE


def test_an_address_is_invited_once_and_a_word_that_is_no_address_is_refused(closed_club, alice, now):
    club_invite(club_id=closed_club.pk, display_name="friend@example.org", by=alice, now=now)
    with pytest.raises(Conflict, match="friend@example.org is already invited."):
        club_invite(club_id=closed_club.pk, display_name="Friend@example.org", by=alice, now=now)
    with pytest.raises(NotFound, match="There is no player called 'Nobody', and it is not an email address."):
        club_invite(club_id=closed_club.pk, display_name="Nobody", by=alice, now=now)


def test_strangers_invited_count_against_the_daily_allowance(closed_club, alice, now, settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 1
    club_invite(club_id=closed_club.pk, display_name="one@example.org", by=alice, now=now)
    with pytest.raises(LimitReached, match="You can invite 1 email address per day"):
        club_invite(club_id=closed_club.pk, display_name="two@example.org", by=alice, now=now)


def test_the_api_invites_by_a_long_address_too(closed_club, alice):
    from tests.games.api.test_games_api import client_for

    address = "a.very.long.name.of.a.club.friend@harbour-club.example.org"
    answer = client_for(alice).post(
        f"/api/clubs/{closed_club.pk}/invitations/", {"display_name": address}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert ClubEmailInvitation.objects.get(club=closed_club).email == address


def test_an_invitation_by_email_can_be_taken_back_and_sent_again(
    client, closed_club, alice, bob, now, django_capture_on_commit_callbacks
):
    """A mistyped address: the organiser takes the invitation back on the
    club page; its link no longer joins; inviting the address again mails
    a new link that does.  Nobody else may take it back."""
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/clubs/{closed_club.pk}/invite/", {"display_name": "typo@example.org"})
    invitation = ClubEmailInvitation.objects.get(club=closed_club)
    old_link = f"/clubs/invitations/{invitation.token}/"
    take_back = f"/clubs/{closed_club.pk}/invitations/{invitation.pk}/take-back/"
    assert take_back in client.get(closed_club.get_absolute_url()).content.decode()

    client.force_login(bob)  # not an organiser
    client.post(take_back)
    invitation.refresh_from_db()
    assert invitation.taken_back_at is None

    client.force_login(alice)
    client.post(take_back, follow=True)
    assert "typo@example.org" not in client.get(closed_club.get_absolute_url()).content.decode()
    stranger = make_user("typo@example.org", "Typo")
    client.force_login(stranger)
    assert client.get(old_link).status_code == 404
    client.post(old_link)
    assert not ClubMembership.objects.filter(club=closed_club, user=stranger).exists()

    stranger.delete()
    client.force_login(alice)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/clubs/{closed_club.pk}/invite/", {"display_name": "typo@example.org"})
    [again] = mail.outbox
    reopened = ClubEmailInvitation.objects.get(club=closed_club, taken_back_at__isnull=True)
    new_link = f"/clubs/invitations/{reopened.token}/"
    assert new_link != old_link and new_link in again.body
    assert client.get(old_link).status_code == 404


def test_taking_an_invitation_back_does_not_free_the_days_allowance(
    closed_club, alice, now, settings, django_capture_on_commit_callbacks
):
    """Invite, take back, invite again: two mails to a stranger, both counted."""
    from tournaments.services import club_email_invitation_take_back

    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 2
    for _round in range(2):
        club_invite(club_id=closed_club.pk, display_name="someone@example.org", by=alice, now=now)
        [open_one] = ClubEmailInvitation.objects.filter(taken_back_at__isnull=True)
        club_email_invitation_take_back(club_id=closed_club.pk, invitation_id=open_one.pk, by=alice, now=now)
    with pytest.raises(LimitReached):
        club_invite(club_id=closed_club.pk, display_name="someone@example.org", by=alice, now=now)


def test_an_address_whose_invitation_was_used_can_be_invited_again(closed_club, alice, bob, now):
    """Bob joined by an invitation to his address and left; inviting the
    address again mails a new link (the used one said "already invited")."""
    first = club_invite(club_id=closed_club.pk, display_name=bob.email, by=alice, now=now)
    club_email_invitation_accept(token=first.token, user=bob, now=now)
    club_leave(club_id=closed_club.pk, user=bob, now=now)
    again = club_invite(club_id=closed_club.pk, display_name=bob.email, by=alice, now=now)
    assert again.pk != first.pk
    assert OutgoingEmail.objects.filter(to=bob.email, text__contains=f"/clubs/invitations/{again.token}/").exists()
    club_email_invitation_accept(token=again.token, user=bob, now=now)
    assert ClubMembership.objects.get(club=closed_club, user=bob).status == Status.ACTIVE
