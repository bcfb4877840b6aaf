"""After creating a game and before it starts, its creator invites
someone into a free seat (a display name or an address, mailed as an
invitation made with the game) and takes back an invitation nobody took
(a mistyped address whose mail bounced): its link then seats nobody and
the seat is free.  Only the creator, only while the game is open."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection

from games import services
from games.models import Match, MatchEvent
from games.selectors import invitations_for
from tests.conftest import living_in
from tests.fuzzing import refuse_nul_as_postgresql_does

pytestmark = pytest.mark.django_db

TYPO = "frend@example.org"


def _text(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.fixture
def table(alice, now):
    """Alice's open 3-player Alta game: her seat and two free ones."""
    return services.match_create(creator=alice, game="alta", players=3, now=now)


def invite_on_page(client, match, invitee: str, capture):
    with capture(execute=True):
        return client.post(f"/games/{match.pk}/invite/", {"invitee": invitee}, follow=True)


def test_the_creator_invites_an_address_into_a_free_seat_and_it_is_mailed(
    client, alice, table, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    page = _text(client.get(f"/games/{table.pk}/"))
    assert "Invite someone into a free seat" in page
    mail.outbox.clear()

    answer = invite_on_page(client, table, "Friend@Example.org", django_capture_on_commit_callbacks)

    assert "The invitation is sent." in _text(answer)
    seat = table.seats.get(invited_email="friend@example.org")
    assert seat.invitation_token and seat.user_id is None
    [sent] = [m for m in mail.outbox if m.to == ["friend@example.org"]]
    assert f"/invitations/{seat.invitation_token}/" in sent.body
    assert "friend@example.org" in _text(answer)  # the creator's page names the address


def test_an_invitation_by_name_reaches_the_player_s_invitations(
    client, alice, bob, table, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    client.force_login(alice)
    mail.outbox.clear()
    invite_on_page(client, table, "bob", django_capture_on_commit_callbacks)
    assert [seat.match_id for seat in invitations_for(bob)] == [table.pk]
    [sent] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "nodigt je uit" in " ".join(sent.body.split())


@pytest.mark.parametrize(
    ("invitee", "said"),
    [
        ("", "Type a display name or an email address."),
        ("x" * 255, "Type a display name or an email address."),
        ("   ", "Type a display name or an email address."),
        ("bo\x00b", "Type a display name or an email address."),
        ("nobody-by-that-name", "There is no player called 'nobody-by-that-name', and it is not an email address."),
        ("alice", "You cannot invite yourself."),
        ("ALICE@example.com", "You cannot invite yourself."),
    ],
)
def test_what_cannot_be_invited_is_refused_with_the_reason(client, alice, table, invitee, said):
    client.force_login(alice)
    with connection.execute_wrapper(refuse_nul_as_postgresql_does):
        answer = client.post(f"/games/{table.pk}/invite/", {"invitee": invitee}, follow=True)
    assert said in answer.content.decode().replace("&#x27;", "'")
    assert not table.seats.filter(invitation_token__isnull=False).exists()


def test_the_same_player_twice_and_a_full_table_are_refused(alice, bob, carol, table, now):
    services.seat_invite(match_id=table.pk, invitee="bob", user=alice, now=now)
    with pytest.raises(services.Conflict, match="Bob is already in this game or invited."):
        services.seat_invite(match_id=table.pk, invitee="Bob", user=alice, now=now)
    services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    with pytest.raises(services.Conflict, match="There is no free seat left in this game."):
        services.seat_invite(match_id=table.pk, invitee="carol", user=alice, now=now)
    services.seat_invitation_take_back(
        match_id=table.pk, seat_id=table.seats.get(invited_email=TYPO).pk, user=alice, now=now
    )
    with pytest.raises(services.Conflict, match="Bob is already in this game or invited."):
        services.seat_invite(match_id=table.pk, invitee="bob", user=alice, now=now)


def test_an_address_already_invited_is_refused(alice, table, now):
    services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    with pytest.raises(services.Conflict, match=f"{TYPO} is already invited."):
        services.seat_invite(match_id=table.pk, invitee=TYPO.upper(), user=alice, now=now)


def test_only_the_creator_and_only_before_the_start(client, alice, bob, carol, table, now):
    client.force_login(bob)
    page = _text(client.get(f"/games/{table.pk}/"))
    assert "Invite someone into a free seat" not in page
    answer = client.post(f"/games/{table.pk}/invite/", {"invitee": "carol"}, follow=True)
    assert "Only the creator can invite to this game." in _text(answer)

    services.match_join(match_id=table.pk, user=bob, now=now)
    services.match_join(match_id=table.pk, user=carol, now=now)
    table.refresh_from_db()
    assert table.status == Match.Status.ACTIVE
    with pytest.raises(services.Conflict, match="This game is no longer open."):
        services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)


def test_the_day_s_allowance_of_addresses_counts_these_too(alice, table, now, settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 1
    services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    with pytest.raises(services.LimitReached):
        services.seat_invite(match_id=table.pk, invitee="other@example.org", user=alice, now=now)
    assert not table.seats.filter(invited_email="other@example.org").exists()


def test_taking_back_frees_the_seat_and_the_link_seats_nobody(
    client, alice, bob, carol, table, now, django_capture_on_commit_callbacks
):
    services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    services.seat_invite(match_id=table.pk, invitee="bob", user=alice, now=now)
    typo_seat = table.seats.get(invited_email=TYPO)
    token = typo_seat.invitation_token
    client.force_login(alice)
    page = _text(client.get(f"/games/{table.pk}/"))
    assert page.count(">Take back</button>") == 2 and "Invite someone into a free seat" not in page

    answer = client.post(f"/games/{table.pk}/invitations/{typo_seat.pk}/take-back/", follow=True)

    assert "The invitation is taken back: the seat is free." in _text(answer)
    with pytest.raises(services.NotFound, match="This invitation is no longer valid."):
        services.invitation_accept(token=token, user=carol, now=now)
    typo_seat.refresh_from_db()
    assert typo_seat.is_free and typo_seat.invited_email == ""
    event = MatchEvent.objects.filter(match=table, kind="invitation_taken_back").get()
    assert event.user == alice and event.data["stranger"] is True
    # By name, too: it leaves the player's invitations.
    services.seat_invitation_take_back(
        match_id=table.pk, seat_id=table.seats.get(invited_user=bob).pk, user=alice, now=now
    )
    assert not invitations_for(bob).exists()
    # Taken back twice (a form sent again): said plainly, nothing changes.
    again = client.post(f"/games/{table.pk}/invitations/{typo_seat.pk}/take-back/", follow=True)
    assert "This invitation is no longer valid." in _text(again)


def test_nobody_else_takes_back_and_a_taken_seat_is_no_invitation(client, alice, bob, carol, table, now):
    services.seat_invite(match_id=table.pk, invitee="bob", user=alice, now=now)
    seat = table.seats.get(invited_user=bob)
    client.force_login(carol)
    answer = client.post(f"/games/{table.pk}/invitations/{seat.pk}/take-back/", follow=True)
    assert "Only the creator can invite to this game." in _text(answer)
    assert ">Take back</button>" not in _text(client.get(f"/games/{table.pk}/"))
    services.match_join(match_id=table.pk, user=bob, now=now)
    with pytest.raises(services.NotFound):
        services.seat_invitation_take_back(match_id=table.pk, seat_id=seat.pk, user=alice, now=now)
    seat.refresh_from_db()
    assert seat.user == bob


def test_a_seat_of_another_game_is_not_found(alice, bob, table, now):
    other = services.match_create(creator=bob, game="alta", players=2, now=now, invite=[TYPO])
    seat = other.seats.get(invited_email=TYPO)
    with pytest.raises(services.NotFound):
        services.seat_invitation_take_back(match_id=table.pk, seat_id=seat.pk, user=alice, now=now)
    assert other.seats.get(pk=seat.pk).invitation_token


def test_a_dutch_creator_reads_the_forms_in_dutch(client, alice, table, now):
    living_in("nl", "Europe/Amsterdam", alice)
    services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    client.force_login(alice)
    page = _text(client.get(f"/games/{table.pk}/"))
    assert "Nodig iemand uit voor een vrije plaats" in page and ">Intrekken</button>" in page


def test_a_player_invited_by_name_is_told_it_was_taken_back_an_address_is_not(
    alice, bob, table, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_invite(match_id=table.pk, invitee="bob", user=alice, now=now)
        services.seat_invite(match_id=table.pk, invitee=TYPO, user=alice, now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        for seat in table.seats.filter(user__isnull=True):
            services.seat_invitation_take_back(match_id=table.pk, seat_id=seat.pk, user=alice, now=now)

    [told] = mail.outbox
    assert told.to == [bob.email] and "uitnodiging ingetrokken" in told.subject
    assert f"Alice heeft de uitnodiging voor {table} ingetrokken" in " ".join(told.body.split())
