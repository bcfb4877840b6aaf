"""A Swiss with more rounds than players minus one cannot avoid rematches.
It stays allowed (small club Swiss rely on it), but the organiser is told:
when creating it, on its page and in the API, in English and Dutch."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import living_in
from tournaments.models import Tournament
from tournaments.services import tournament_start

from .conftest import DAY, make_tournament, new_players, register, started

pytestmark = pytest.mark.django_db


def page(client, user, tournament, language="en") -> str:
    client.force_login(user)
    response = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def api_warning(user, tournament, language="en"):
    api = APIClient()
    api.force_authenticate(user)
    response = api.get(f"/api/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.json()["settings"]["rounds_warning"]


def test_a_swiss_of_more_rounds_than_opponents_starts_and_warns_on_the_page_and_api(client, alice, club, now):
    t = started(alice, club, new_players(3), now=now, format="swiss", rounds=4)
    assert t.status == Tournament.Status.RUNNING  # still allowed
    expected = "The 3 players in the field have only 2 possible opponents each, fewer than the 4 rounds"
    assert expected in page(client, alice, t)
    assert expected in api_warning(alice, t)


def test_the_warning_reads_in_dutch(client, alice, club, now):
    living_in("nl", "Europe/Amsterdam", alice)
    t = started(alice, club, new_players(3), now=now, format="swiss", rounds=4)
    expected = "De 3 spelers in het toernooi hebben elk maar 2 mogelijke tegenstanders, minder dan de 4 ronden"
    assert expected in page(client, alice, t)
    assert expected in api_warning(alice, t, "nl")


def test_before_the_start_the_warning_counts_the_players_registered_so_far(client, alice, club, now):
    t = make_tournament(alice, club, now=now, format="swiss", rounds=4)
    register(t, new_players(3), now)
    assert "With the 3 players registered so far" in page(client, alice, t)
    register(t, new_players(2), now)
    assert "possible opponent" not in page(client, alice, t)
    assert api_warning(alice, t) is None
    tournament_start(tournament_id=t.pk, now=now, by=alice)
    assert api_warning(alice, t) is None


def test_no_warning_when_the_rounds_fit_or_for_other_formats(client, alice, club, now):
    fits = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    assert "possible opponent" not in page(client, alice, fits)
    assert api_warning(alice, fits) is None
    robin = started(alice, club, new_players(3), now=now, format="round_robin")
    assert api_warning(alice, robin) is None


def test_creating_a_swiss_longer_than_its_capacity_allows_warns_and_creates_it(client, alice, club, now):
    zone = alice.time_zone
    living_in("nl", zone, alice)
    client.force_login(alice)
    blank = client.get(reverse("tournament-new")).content.decode()
    assert "Met meer ronden dan spelers min één spelen sommige spelers twee keer tegen elkaar" in blank
    living_in("en", zone, alice)
    closes = (dt.datetime.now(dt.UTC) + 7 * DAY).strftime("%Y-%m-%dT%H:%M")
    form = {
        "name": "Tiny Swiss",
        "club": club.pk,
        "game": "alta",
        "players_per_table": 2,
        "format": "swiss",
        "rounds": 5,
        "pairing_system": "dutch",
        "advance": 1,
        "days_per_move": 3,
        "timeout_policy": "auto",
        "registration_closes_at": closes,
        "capacity": 4,
        "registration": "anyone",
        "seeding": "rating",
    }
    response = client.post(reverse("tournament-new"), form, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    t = Tournament.objects.get(name="Tiny Swiss")
    assert t.rounds == 5
    html = " ".join(response.content.decode().split())
    assert "Even with all 4 places taken, each player has only 3 possible opponents, fewer than the 5 rounds" in html
    # The API's answer to a creation carries it too.
    api = APIClient()
    api.force_authenticate(alice)
    created = api.post(
        "/api/tournaments/",
        {**form, "name": "Tiny Swiss 2", "registration_closes_at": closes + ":00Z"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert created.status_code == 201, created.json()
    assert "Ook als alle 4 plaatsen bezet zijn" in created.json()["settings"]["rounds_warning"]


def test_a_field_left_with_one_player_gets_no_warning_about_opponents():
    from tournaments.models import Participant
    from tournaments.overview import rounds_warning

    running = Tournament(format="swiss", rounds=3, status=Tournament.Status.RUNNING, capacity=8)
    one = [Participant(status=Participant.Status.REGISTERED), Participant(status=Participant.Status.WITHDRAWN)]
    assert rounds_warning(running, one) == ""
    assert "The 2 players in the field" in rounds_warning(running, [one[0], one[0]])
