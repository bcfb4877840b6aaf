"""Invitations by email address are capped per account per 24 hours (each
one mails someone who never asked; whether an account uses the address is
not looked up); players named by display name are not."""

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games import services
from games.models import Match

pytestmark = pytest.mark.django_db
MESSAGE = (
    "You can invite 3 email addresses per day, and have invited {sent} in the last 24 hours. "
    "Invite players by their display name, or try again tomorrow."
)


@pytest.fixture(autouse=True)
def cap(settings):
    settings.INVITATIONS_TO_STRANGERS_PER_DAY = 3


def invite(alice, *names, now):
    return services.match_create(creator=alice, game="alta", players=1 + len(names), now=now, invite=names)


def test_past_the_cap_nothing_is_created_and_the_message_says_why(alice, now):
    invite(alice, "s1@example.org", "s2@example.org", now=now)
    with pytest.raises(services.LimitReached) as error:
        invite(alice, "s3@example.org", "s4@example.org", now=now + dt.timedelta(hours=1))
    assert (error.value.code, error.value.status) == ("invitation_limit", 429)
    assert error.value.message == MESSAGE.format(sent=2)
    assert Match.objects.count() == 1
    invite(alice, "s3@example.org", now=now + dt.timedelta(hours=2))
    with pytest.raises(services.LimitReached):
        invite(alice, "s4@example.org", now=now + dt.timedelta(hours=3))


def test_players_named_by_display_name_do_not_count_and_the_window_moves(alice, bob, carol, now):
    invite(alice, "s1@example.org", "s2@example.org", "s3@example.org", now=now)
    invite(alice, "Bob", "Carol", now=now)
    with pytest.raises(services.LimitReached):
        invite(alice, "carol@example.com", now=now)  # an account's address counts as any address
    invite(alice, "s4@example.org", now=now + dt.timedelta(days=1, minutes=1))


def test_the_cap_is_per_account(alice, bob, now):
    invite(alice, "s1@example.org", "s2@example.org", "s3@example.org", now=now)
    invite(bob, "s1@example.org", "s2@example.org", "s3@example.org", now=now)


def test_the_form_shows_the_limit(client, alice):
    invite(alice, "s1@example.org", "s2@example.org", "s3@example.org", now=timezone.now())
    client.force_login(alice)
    response = client.post(
        "/games/new/",
        {
            "game": "alta",
            "players": 2,
            "days_per_move": 3,
            "timeout_policy": "auto",
            "vacation_allowed": "on",
            "invite": "s4@example.org",
        },
    )
    assert response.status_code == 200
    assert "You can invite 3 email addresses per day" in response.content.decode()
    assert Match.objects.count() == 1


def test_the_api_answers_429_with_the_code(alice):
    invite(alice, "s1@example.org", "s2@example.org", "s3@example.org", now=timezone.now())
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post("/api/games/", {"game": "alta", "players": 2, "invite": ["s4@example.org"]}, format="json")
    assert response.status_code == 429
    assert response.json()["code"] == "invitation_limit"
    assert "per day" in response.json()["detail"]
