"""The tournament pages' forms when the database fails during their write:
a player registering and an organiser cancelling read, in their language,
that nothing was saved (a 503 with a way back), and nothing was stored."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.games.test_form_write_database_away import SAID, _speaking, _text, writes_to_fail
from tournaments.models import Participant, Tournament
from tournaments.services import club_create

from .conftest import make_tournament

pytestmark = pytest.mark.django_db(transaction=True)  # real commits, as in production


@pytest.fixture
def tournament(alice):
    now = timezone.now()
    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    return make_tournament(alice, club, now=now, rounds=3)


def test_a_registration_the_database_failed_is_answered_not_saved_in_dutch(client, bob, tournament):
    client.force_login(_speaking(bob, "nl"))
    page = f"http://testserver/tournaments/{tournament.pk}/"
    client.raise_request_exception = False

    with writes_to_fail("tournaments_participant", "lock timeout"):
        answer = client.post(f"/tournaments/{tournament.pk}/register/", HTTP_REFERER=page)

    assert answer.status_code == 503
    assert SAID["nl"] in _text(answer)
    assert f'href="{page}"' in answer.content.decode()
    assert not Participant.objects.filter(user=bob).exists()


def test_an_organisers_cancel_the_database_failed_is_answered_not_saved(client, alice, tournament):
    client.force_login(alice)
    client.raise_request_exception = False

    with writes_to_fail("tournaments_tournament", statement="UPDATE"):
        answer = client.post(f"/tournaments/{tournament.pk}/cancel/", {"reason": "Too few players", "confirm": "1"})

    assert answer.status_code == 503
    assert SAID["en"] in _text(answer)
    assert Tournament.objects.get(pk=tournament.pk).status == tournament.status
