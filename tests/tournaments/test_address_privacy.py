"""An email address an organiser types (to invite a player to a club or a
tournament, to add one late, to replace one) never tells the organiser
whether an account uses it, nor whose: the page's and the API's answers
are the same for an account's address as for an unknown one, apart from
the address, and name nobody.  The address is mailed a link, which its
account's holder follows to get what naming them would have given."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from core.errors import LimitReached, NotAllowed
from mail.invitees import email_only_account_create
from mail.models import OutgoingEmail
from tests.conftest import living_in, make_user
from tests.games.api.test_games_api import client_for
from tournaments.models import ClubEmailInvitation, ClubMembership, Participant, TournamentEmailInvitation
from tournaments.services import (
    club_join,
    participant_add_late,
    tournament_email_invitation_accept,
    tournament_invite,
)

from .conftest import make_tournament, new_players, started

pytestmark = pytest.mark.django_db

UNKNOWN = "nobody.here@example.net"
HOLDER = "zephyrine@example.net"


@pytest.fixture
def holder(db):
    """The account whose address the organiser types: a name found nowhere else."""
    return make_user(HOLDER, "Zephyrine")


def _where(kind: str, alice, club, now) -> tuple[str, str, object]:
    """The page and the API endpoint of one way to name a player by
    address, and what they act on (a club, or a tournament)."""
    if kind == "club":
        return reverse("club-invite", args=[club.pk]), f"/api/clubs/{club.pk}/invitations/", club
    if kind == "invite":
        t = make_tournament(alice, club, now=now, rounds=3)
        return reverse("tournament-invite", args=[t.pk]), f"/api/tournaments/{t.pk}/invitations/", t
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    if kind == "late":
        return reverse("tournament-add-late", args=[t.pk]), f"/api/tournaments/{t.pk}/players/add/", t
    place = t.participants.order_by("seed").first()
    return (
        reverse("tournament-replace", args=[t.pk, place.pk]),
        f"/api/tournaments/{t.pk}/players/{place.pk}/replace/",
        t,
    )


KINDS = ["club", "invite", "late", "replace"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_organiser_s_page_answers_the_same_for_an_account_s_address_as_for_an_unknown_one(
    kind, client, alice, holder, club, now
):
    page, _api, target = _where(kind, alice, club, now)
    client.force_login(alice)
    said = {}
    for address in (UNKNOWN, HOLDER.upper()):
        answer = client.post(page, {"display_name": address})
        said[address] = [str(m).replace(address.lower(), "ADDRESS") for m in get_messages(answer.wsgi_request)]
        shown = client.get(target.get_absolute_url()).content.decode()  # the messages shown, and so gone
    assert said[UNKNOWN] == said[HOLDER.upper()]
    assert said[UNKNOWN] and all(text.startswith("An invitation was sent to ADDRESS") for text in said[UNKNOWN])
    assert HOLDER in shown and "Zephyrine" not in shown


@pytest.mark.parametrize("kind", KINDS)
def test_the_api_answers_the_same_for_an_account_s_address_as_for_an_unknown_one(kind, alice, holder, club, now):
    _page, api, _target = _where(kind, alice, club, now)
    organiser = client_for(alice)
    answers = []
    for address in (UNKNOWN, HOLDER):
        answer = organiser.post(api, {"display_name": address}, format="json")
        assert answer.status_code == 200, answer.content
        answers.append(answer.content.decode().replace(address, "ADDRESS"))
    assert answers[0] == answers[1]
    assert "Zephyrine" not in answers[1]


def test_the_holder_is_mailed_in_their_language_and_enters_by_the_link(client, alice, holder, club):
    living_in("nl", "Europe/Amsterdam", holder)
    t = make_tournament(alice, club, now=timezone.now(), name="Club Cup", rounds=3)
    client.force_login(alice)
    client.post(reverse("tournament-invite", args=[t.pk]), {"display_name": HOLDER})
    invitation = TournamentEmailInvitation.objects.get(tournament=t)
    [sent] = OutgoingEmail.objects.filter(to=HOLDER)
    assert "Alice nodigt je uit voor het toernooi Club Cup" in sent.subject
    link = reverse("tournament-email-invitation", args=[invitation.token])
    assert link in sent.text

    client.force_login(holder)
    client.post(link)
    assert t.participants.filter(user=holder, status=Participant.Status.REGISTERED).exists()
    assert client.get(link).status_code == 404  # used up


def test_the_holder_of_a_club_invitation_by_address_joins_by_the_link(client, alice, holder, club, now):
    client.force_login(alice)
    client.post(reverse("club-invite", args=[club.pk]), {"display_name": HOLDER})
    invitation = ClubEmailInvitation.objects.get(club=club)
    assert not ClubMembership.objects.filter(club=club, user=holder).exists()
    client.force_login(holder)
    client.post(reverse("club-email-invitation", args=[invitation.token]))
    assert ClubMembership.objects.get(club=club, user=holder).status == ClubMembership.Status.ACTIVE


def test_an_email_only_holder_gets_a_sign_in_link_with_the_invitation(alice, club, now):
    """A player who only uses mail has no password to sign in with: the
    invitation brings the one-time link every mail to them carries."""
    player = email_only_account_create(address="mailer@example.net", now=now)
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    participant_add_late(tournament_id=t.pk, display_name="mailer@example.net", by=alice, now=now)
    [sent] = OutgoingEmail.objects.filter(to="mailer@example.net")
    assert sent.user == player and "sign in once with this link" in " ".join(sent.text.split())


def test_an_account_s_address_counts_against_the_days_allowance(alice, holder, club, now, settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 1
    t = make_tournament(alice, club, now=now, rounds=3)
    tournament_invite(tournament_id=t.pk, display_name=HOLDER, by=alice, now=now)
    with pytest.raises(LimitReached, match="You can invite 1 email address per day"):
        tournament_invite(tournament_id=t.pk, display_name=UNKNOWN, by=alice, now=now)


def test_a_members_tournament_takes_an_address_and_its_link_enters_only_a_member(alice, bob, holder, club, now):
    """A member's address enters them as naming them did; anyone else is
    told why not when they follow the link, not the organiser before."""
    t = make_tournament(alice, club, now=now, registration="members", rounds=3)
    outsider = tournament_invite(tournament_id=t.pk, display_name=HOLDER, by=alice, now=now)
    member = tournament_invite(tournament_id=t.pk, display_name=bob.email, by=alice, now=now)
    [sent] = OutgoingEmail.objects.filter(to=HOLDER)
    assert "It is for members of Harbour club: you can enter once you are one." in " ".join(sent.text.split())
    with pytest.raises(NotAllowed, match="This tournament is for members of Harbour club."):
        tournament_email_invitation_accept(token=outsider.token, user=holder, now=now)
    club_join(club_id=club.pk, user=bob, now=now)
    tournament_email_invitation_accept(token=member.token, user=bob, now=now)
    assert t.participants.filter(user=bob).exists() and not t.participants.filter(user=holder).exists()
