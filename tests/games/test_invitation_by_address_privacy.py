"""A game's creator who invites by email address never learns whose it
is: the address is invited as an address whether an account uses it or
not (the same answer, the same page, no "that account is closed"), and
the account holder reads the invitation in their language and takes the
seat by its link or a reply from that address."""

from __future__ import annotations

import pytest
from django.core import mail
from rest_framework.test import APIClient

from games import services
from games.models import Match
from games.selectors import invitations_for
from tests.conftest import living_in
from tests.mail.conftest import mails_to
from tests.mail.intake import ingest, message

pytestmark = pytest.mark.django_db


def created_by_api(creator, address: str) -> dict:
    client = APIClient()
    client.force_authenticate(creator)
    response = client.post("/api/games/", {"game": "alta", "players": 2, "invite": [address]}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_the_answer_for_an_account_s_address_is_the_answer_for_an_unknown_one(alice, bob):
    known = created_by_api(alice, bob.email)
    unknown = created_by_api(alice, "nobody@example.org")
    assert "Bob" not in str(known)
    assert known.keys() == unknown.keys()
    assert str(known["seats"]).replace(bob.email, "ADDRESS") == str(unknown["seats"]).replace(
        "nobody@example.org", "ADDRESS"
    )


def test_the_game_page_shows_the_address_not_the_account(client, alice, bob, now):
    match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=[bob.email])
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert bob.email in page and "Bob" not in page


def test_a_closed_account_s_address_is_not_told_apart(alice, bob, now):
    bob.is_active = False
    bob.save(update_fields=["is_active"])
    match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=[bob.email])
    assert match.seats.filter(invited_email=bob.email, invited_user=None).exists()


def test_the_creator_s_own_address_is_refused(alice, now):
    with pytest.raises(services.GameActionError, match="You cannot invite yourself."):
        services.match_create(creator=alice, game="alta", players=2, now=now, invite=["ALICE@example.com"])


def test_the_holder_reads_it_in_their_language_and_takes_the_seat_by_reply(
    alice, bob, now, django_capture_on_commit_callbacks
):
    living_in("nl", "Europe/Amsterdam", bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=[bob.email])
    [invitation] = [m for m in mails_to(bob.email) if m.reply_to]
    assert "nodigt je uit" in " ".join(invitation.body.split())
    assert match.pk in [seat.match_id for seat in invitations_for(bob)]
    record = ingest(bytes(message(invitation.reply_to[0], "ja", sender=bob.email)), django_capture_on_commit_callbacks)
    assert record.outcome == "accepted", record.detail
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.filter(user=bob).exists()


def test_a_holder_who_wants_no_game_mail_is_not_mailed(alice, bob, now, django_capture_on_commit_callbacks):
    bob.notifications = bob.Notifications.NONE
    bob.save(update_fields=["notifications"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_create(creator=alice, game="alta", players=2, now=now, invite=[bob.email])
    assert not mails_to(bob.email)


def test_an_invitation_to_another_verified_address_of_the_holder_is_listed_for_them(alice, bob, now):
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=bob, email="Bob.Work@example.net", verified=True, primary=False)
    match = services.match_create(creator=alice, game="alta", players=2, now=now, invite=["bob.work@example.net"])
    assert [seat.match_id for seat in invitations_for(bob)] == [match.pk]
