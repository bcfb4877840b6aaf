"""An organiser invites, adds late and replaces by email address as well
as by display name: any address (an account's or not: the organiser is
not told which) is mailed a link that leads to signing in or up and then
enters the tournament with one button, as a registration, a late entry
or the replaced player's place; an address without an account reads it
in the organiser's language.  Such mails count against the organiser's
daily allowance with the clubs' invitations by email; wrong input is
refused with a message that says why."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from core.errors import Conflict, LimitReached, NotFound
from mail.models import OutgoingEmail
from tests.conftest import living_in, make_user
from tournaments.models import ClubEmailInvitation, Participant, TournamentEmailInvitation, TournamentInvitation
from tournaments.services import (
    club_invite,
    participant_add_late,
    participant_replace,
    tournament_email_invitation_accept,
    tournament_invite,
)

from .conftest import make_tournament, new_players, register, started

pytestmark = pytest.mark.django_db


def _text(body: str) -> str:
    return " ".join(body.split())


def test_a_stranger_is_mailed_a_link_that_signs_them_up_and_registers_them(
    client, alice, club, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", alice)
    t = make_tournament(alice, club, now=timezone.now(), name="Club Cup", registration="invited", rounds=3)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("tournament-invite", args=[t.pk]), {"display_name": "Friend.Of.Anna@Example.org"}, follow=True
        )
    said = "Er is een uitnodiging gestuurd naar friend.of.anna@example.org."
    assert said in _text(answer.content.decode())
    [sent] = mail.outbox
    assert sent.to == ["friend.of.anna@example.org"]
    assert "Alice nodigt je uit voor het toernooi Club Cup" in sent.subject
    body = _text(sent.body)
    assert "log daar in, of maak eerst een account aan (gratis), en doe dan met één knop mee aan het toernooi" in body
    invitation = TournamentEmailInvitation.objects.get(tournament=t)
    link = reverse("tournament-email-invitation", args=[invitation.token])
    assert link in body
    organiser_page = _text(client.get(t.get_absolute_url()).content.decode())
    assert (
        "Per mail uitgenodigd (link nog niet gebruikt)" in organiser_page
        and "friend.of.anna@example.org" in organiser_page
    )

    client.logout()
    assert f'href="/accounts/signup/?next={link}"' in client.get(link).content.decode()
    friend = make_user("friend.of.anna@example.org", "Friend")
    client.force_login(friend)
    assert "Enter the tournament" in client.get(link).content.decode()
    entered = client.post(link, follow=True)
    assert entered.redirect_chain[-1][0] == t.get_absolute_url()
    assert "You are in Club Cup." in _text(entered.content.decode())
    assert t.participants.filter(user=friend, status=Participant.Status.REGISTERED).exists()
    assert TournamentInvitation.objects.filter(tournament=t, user=friend).exists()  # an invited-only tournament
    assert client.get(link).status_code == 404  # used up


def test_an_account_s_address_is_mailed_a_link_that_enters_its_player(alice, bob, carol, dave, club, now):
    """Not looked up: each address gets an invitation by email, nothing
    changes until its holder follows the link, and then it does what
    naming the player did: an invitation and registration, a late entry,
    the place taken over."""
    t = make_tournament(alice, club, now=now, registration="invited", rounds=3)
    invited = tournament_invite(tournament_id=t.pk, display_name=f" {bob.email.upper()} ", by=alice, now=now)
    assert isinstance(invited, TournamentEmailInvitation) and invited.email == bob.email
    assert not TournamentInvitation.objects.filter(tournament=t, user=bob).exists()
    tournament_email_invitation_accept(token=invited.token, user=bob, now=now)
    assert TournamentInvitation.objects.filter(tournament=t, user=bob).exists()
    assert t.participants.filter(user=bob, status=Participant.Status.REGISTERED).exists()

    players = new_players(4)
    running = started(alice, club, players, now=now, format="swiss", rounds=3)
    late = participant_add_late(tournament_id=running.pk, display_name=dave.email, by=alice, now=now)
    assert not running.participants.filter(user=dave).exists()
    assert tournament_email_invitation_accept(token=late.token, user=dave, now=now).seed == 5
    place = running.participants.get(user=players[0])
    replacing = participant_replace(
        tournament_id=running.pk, participant_id=place.pk, display_name=carol.email, by=alice, now=now
    )
    place.refresh_from_db()
    assert place.user == players[0]
    tournament_email_invitation_accept(token=replacing.token, user=carol, now=now)
    place.refresh_from_db()
    assert place.user == carol
    assert sorted(OutgoingEmail.objects.filter(subject__contains="invites you").values_list("to", flat=True)) == sorted(
        [bob.email, carol.email, dave.email]
    )


def test_a_stranger_added_late_enters_from_the_next_round_once_signed_up(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    invitation = participant_add_late(tournament_id=t.pk, display_name="late@example.org", by=alice, now=now)
    assert isinstance(invitation, TournamentEmailInvitation) and not t.participants.filter(seed=5).exists()
    newcomer = make_user("late@example.org", "Latecomer")
    entered = tournament_email_invitation_accept(token=invitation.token, user=newcomer, now=now)
    assert (entered.user, entered.seed) == (newcomer, 5)
    assert "Alice added Latecomer to the tournament from round 2." in t.events.values_list("text", flat=True)


def test_a_stranger_replacing_a_player_takes_the_place_once_signed_up(alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    place = t.participants.get(user=players[0])
    invitation = participant_replace(
        tournament_id=t.pk, participant_id=place.pk, display_name="sub@example.org", by=alice, now=now
    )
    assert isinstance(invitation, TournamentEmailInvitation)
    [sent] = OutgoingEmail.objects.filter(to="sub@example.org")
    assert f"You would take over the place of {players[0]}, with the results so far." in _text(sent.text)
    place.refresh_from_db()
    assert place.user == players[0]  # kept until the newcomer signs up
    newcomer = make_user("sub@example.org", "Substitute")
    tournament_email_invitation_accept(token=invitation.token, user=newcomer, now=now)
    place.refresh_from_db()
    assert place.user == newcomer


def test_wrong_input_is_refused_with_what_is_wrong(alice, bob, club, now):
    t = make_tournament(alice, club, now=now, capacity=2, rounds=3)
    register(t, [bob], now)
    with pytest.raises(NotFound, match="There is no player called 'anna@', and it is not an email address."):
        tournament_invite(tournament_id=t.pk, display_name="anna@", by=alice, now=now)
    tournament_invite(tournament_id=t.pk, display_name="friend@example.org", by=alice, now=now)
    with pytest.raises(Conflict, match="friend@example.org is already invited."):
        tournament_invite(tournament_id=t.pk, display_name="Friend@Example.org", by=alice, now=now)
    register(t, new_players(1), now)
    with pytest.raises(Conflict, match="The tournament is full."):
        tournament_invite(tournament_id=t.pk, display_name="third@example.org", by=alice, now=now)

    running = started(alice, club, new_players(2), now=now, format="round_robin")
    with pytest.raises(Conflict, match="Registration is over."):
        tournament_invite(tournament_id=running.pk, display_name="y@example.org", by=alice, now=now)
    with pytest.raises(Conflict, match="Only a Swiss takes players once it runs."):
        participant_add_late(tournament_id=running.pk, display_name="y@example.org", by=alice, now=now)
    assert not TournamentEmailInvitation.objects.filter(email="y@example.org").exists()


def test_a_link_the_tournament_no_longer_takes_says_why_and_stays_open(alice, club, now):
    t = make_tournament(alice, club, now=now, capacity=2, rounds=3)
    invitation = tournament_invite(tournament_id=t.pk, display_name="slow@example.org", by=alice, now=now)
    register(t, new_players(2), now)
    slow = make_user("slow@example.org", "Slow")
    with pytest.raises(Conflict, match="The tournament is full."):
        tournament_email_invitation_accept(token=invitation.token, user=slow, now=now)
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_strangers_invited_to_clubs_and_tournaments_share_the_daily_allowance(alice, club, now, settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 2
    t = make_tournament(alice, club, now=now, rounds=3)
    club_invite(club_id=club.pk, display_name="one@example.org", by=alice, now=now)
    tournament_invite(tournament_id=t.pk, display_name="two@example.org", by=alice, now=now)
    with pytest.raises(LimitReached, match="You can invite 2 email addresses per day"):
        tournament_invite(tournament_id=t.pk, display_name="three@example.org", by=alice, now=now)
    with pytest.raises(LimitReached):
        club_invite(club_id=club.pk, display_name="three@example.org", by=alice, now=now)
    assert ClubEmailInvitation.objects.count() == 1 and TournamentEmailInvitation.objects.count() == 1


def test_an_organiser_takes_back_an_invitation_by_email_and_its_link_enters_no_more(
    client, alice, bob, club, django_capture_on_commit_callbacks
):
    """A mistyped address: the organiser takes the invitation back from
    the organiser controls; its link then enters nobody, the address is no
    longer listed and may be invited again (a new link), and the mail
    already sent still counts against the day's allowance."""
    now = timezone.now()
    t = make_tournament(alice, club, now=now, name="Club Cup", rounds=3)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournament-invite", args=[t.pk]), {"display_name": "frend@example.org"})
    invitation = TournamentEmailInvitation.objects.get(tournament=t)
    take_back = reverse("tournament-email-invitation-take-back", args=[t.pk, invitation.pk])
    assert take_back in client.get(t.get_absolute_url()).content.decode()

    client.force_login(bob)  # not an organiser
    assert client.post(take_back).status_code == 403
    client.force_login(alice)
    answer = client.post(take_back, follow=True)
    assert "The invitation is taken back: its link no longer enters the tournament." in _text(answer.content.decode())
    assert "frend@example.org" not in answer.content.decode()
    link = reverse("tournament-email-invitation", args=[invitation.token])
    dead = client.get(link)
    assert dead.status_code == 404
    assert "It was used already, or the organiser took it back." in dead.content.decode()
    stranger = make_user("frend@example.org", "Frend")
    with pytest.raises(NotFound):
        tournament_email_invitation_accept(token=invitation.token, user=stranger, now=now)
    assert not t.participants.filter(user=stranger).exists()
    assert "no longer valid" in _text(client.post(take_back, follow=True).content.decode())  # twice

    stranger.delete()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournament-invite", args=[t.pk]), {"display_name": "frend@example.org"})
    again = TournamentEmailInvitation.objects.get(tournament=t, taken_back_at__isnull=True)
    assert again.token != invitation.token
    [sent] = mail.outbox
    assert reverse("tournament-email-invitation", args=[again.token]) in sent.body
    assert TournamentEmailInvitation.objects.filter(invited_by=alice).count() == 2  # both count for the day
