"""Clubs: joining by each policy, organisers managing membership."""

import pytest

from games.services import Conflict, GameActionError, NotAllowed, NotFound
from mail.models import OutgoingEmail
from tournaments.models import Club, ClubMembership
from tournaments.selectors import is_club_member, is_club_organiser
from tournaments.services import (
    club_create,
    club_invite,
    club_join,
    club_leave,
    club_member_promote,
    club_member_remove,
    club_request_approve,
)

pytestmark = pytest.mark.django_db
Status = ClubMembership.Status


def test_the_founder_organises_the_new_club(club, alice, bob):
    assert is_club_organiser(alice, club)
    assert is_club_member(alice, club)
    assert not is_club_organiser(bob, club)


def test_club_names_are_unique_whatever_the_case(alice, bob, club, now):
    with pytest.raises(Conflict, match="already a club called 'harbour club'"):
        club_create(creator=bob, name="  harbour   club ", now=now)
    with pytest.raises(GameActionError, match="needs a name"):
        club_create(creator=bob, name="   ", now=now)


def test_anyone_joins_an_open_club_at_once(club, bob, now):
    membership = club_join(club_id=club.pk, user=bob, now=now)
    assert membership.status == Status.ACTIVE and membership.joined_at == now
    with pytest.raises(Conflict, match="already a member"):
        club_join(club_id=club.pk, user=bob, now=now)


def test_a_request_waits_for_an_organiser(club, alice, bob, carol, now):
    club.join_policy = Club.JoinPolicy.REQUEST
    club.save()
    assert club_join(club_id=club.pk, user=bob, now=now).status == Status.REQUESTED
    assert not is_club_member(bob, club)
    with pytest.raises(NotAllowed, match="organisers"):
        club_request_approve(club_id=club.pk, user_id=bob.pk, by=carol, now=now)
    club_request_approve(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    assert is_club_member(bob, club)
    welcome = OutgoingEmail.objects.get(to=bob.email, kind="notice")
    assert "Harbour club" in welcome.subject and "/clubs/" in welcome.text


def test_an_organiser_declines_a_request_by_removing_it(club, alice, bob, now):
    club.join_policy = Club.JoinPolicy.REQUEST
    club.save()
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_remove(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    assert not ClubMembership.objects.filter(club=club, user=bob).exists()


def test_an_invitation_only_club_refuses_strangers(club, alice, bob, carol, now):
    club.join_policy = Club.JoinPolicy.INVITATION
    club.save()
    with pytest.raises(NotAllowed, match="invitation only"):
        club_join(club_id=club.pk, user=bob, now=now)
    club_invite(club_id=club.pk, display_name="bob", by=alice, now=now)
    mail = OutgoingEmail.objects.get(to=bob.email)
    assert "Alice invites you to the club Harbour club" in mail.subject
    assert club_join(club_id=club.pk, user=bob, now=now).status == Status.ACTIVE
    with pytest.raises(NotFound, match="no player called 'Nobody'"):
        club_invite(club_id=club.pk, display_name="Nobody", by=alice, now=now)
    with pytest.raises(Conflict, match="Bob is already member"):
        club_invite(club_id=club.pk, display_name="Bob", by=alice, now=now)
    with pytest.raises(NotAllowed):
        club_invite(club_id=club.pk, display_name="Carol", by=bob, now=now)


def test_inviting_someone_who_asked_accepts_them(club, alice, bob, now):
    club.join_policy = Club.JoinPolicy.REQUEST
    club.save()
    club_join(club_id=club.pk, user=bob, now=now)
    club_invite(club_id=club.pk, display_name="Bob", by=alice, now=now)
    assert is_club_member(bob, club)


def test_declining_an_invitation_removes_it(club, alice, bob, now):
    club_invite(club_id=club.pk, display_name="Bob", by=alice, now=now)
    club_leave(club_id=club.pk, user=bob, now=now)
    assert not ClubMembership.objects.filter(club=club, user=bob).exists()


def test_a_club_keeps_at_least_one_organiser(club, alice, bob, now):
    with pytest.raises(Conflict, match="last organiser"):
        club_leave(club_id=club.pk, user=alice, now=now)
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=alice, now=now)
    assert is_club_organiser(bob, club)
    club_member_remove(club_id=club.pk, user_id=alice.pk, by=bob, now=now)
    with pytest.raises(Conflict, match="at least one organiser"):
        club_member_remove(club_id=club.pk, user_id=bob.pk, by=bob, now=now)


def test_only_organisers_remove_or_promote(club, alice, bob, carol, now):
    club_join(club_id=club.pk, user=bob, now=now)
    club_join(club_id=club.pk, user=carol, now=now)
    with pytest.raises(NotAllowed):
        club_member_remove(club_id=club.pk, user_id=carol.pk, by=bob, now=now)
    with pytest.raises(NotAllowed):
        club_member_promote(club_id=club.pk, user_id=bob.pk, by=bob, now=now)
    club_member_remove(club_id=club.pk, user_id=carol.pk, by=alice, now=now)
    assert not is_club_member(carol, club)


def test_staff_manage_any_club(club, bob, now):
    from tests.conftest import make_user

    staff = make_user("staff@example.com", "Staff", is_staff=True)
    club_join(club_id=club.pk, user=bob, now=now)
    club_member_promote(club_id=club.pk, user_id=bob.pk, by=staff, now=now)
    assert is_club_organiser(bob, club)


def test_joining_twice_is_refused_in_the_players_language(club, bob, now):
    from django.utils import translation

    club_join(club_id=club.pk, user=bob, now=now)
    with translation.override("nl"), pytest.raises(Conflict, match="Je bent al lid"):
        club_join(club_id=club.pk, user=bob, now=now)
