"""The ladder and rating API: one endpoint per operation, JSON errors."""

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.models import Challenge, LadderMembership
from ratings.services import rating_apply

from .conftest import join, make_ladder, rated_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def ladder():
    return make_ladder(game="alta", players=2, days_per_move=4)


def test_anyone_can_list_ladders_and_read_a_ranking(api, ladder, alice, bob):
    now = timezone.now()
    join(ladder, alice, now, rating=1610, games=12)
    join(ladder, bob, now)
    [listed] = api.get("/api/ladders/").json()
    assert listed["name"] == "Alta, 2 players" and listed["member_count"] == 2
    assert listed["url"] == f"/ladders/{ladder.pk}/"
    body = api.get(f"/api/ladders/{ladder.pk}/ranking/").json()
    assert body["ladder"]["days_per_move"] == 4
    assert [(r["rank"], r["player"], r["rating_shown"]) for r in body["ranking"]] == [
        (1, "Alice", "1610"),
        (2, "Bob", "1500?"),
    ]
    assert api.get("/api/ladders/999/ranking/").json()["code"] == "not_found"


def test_joining_setting_capacity_and_leaving(api, ladder, alice):
    assert api.post(f"/api/ladders/{ladder.pk}/join/").status_code in (401, 403)
    api.force_authenticate(alice)
    response = api.post(f"/api/ladders/{ladder.pk}/join/", {"capacity": 3}, format="json")
    assert response.status_code == 201 and response.json()["capacity"] == 3
    again = api.post(f"/api/ladders/{ladder.pk}/join/", {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_member"
    bad = api.post(f"/api/ladders/{ladder.pk}/capacity/", {"capacity": 12}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid"
    assert api.post(f"/api/ladders/{ladder.pk}/capacity/", {"capacity": 5}, format="json").json()["capacity"] == 5
    left = api.post(f"/api/ladders/{ladder.pk}/leave/").json()
    assert left["member"] is False and left["left_at"]
    assert not LadderMembership.objects.get().is_current


def test_challenge_accept_and_decline(api, ladder, alice, bob, carol):
    now = timezone.now()
    for user in (alice, bob, carol):
        join(ladder, user, now)
    api.force_authenticate(alice)
    made = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "bob"}, format="json")
    assert made.status_code == 201
    body = made.json()
    assert (body["challenger"], body["challenged"], body["status"]) == (
        "Alice",
        "Bob",
        "open",
    )
    nobody = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "Zed"}, format="json")
    assert nobody.status_code == 404 and "no player called “Zed”" in nobody.json()["detail"]
    wrong = api.post(f"/api/challenges/{body['id']}/accept/")
    assert wrong.status_code == 403 and wrong.json()["code"] == "not_challenged"
    api.force_authenticate(bob)
    accepted = api.post(f"/api/challenges/{body['id']}/accept/").json()
    assert accepted["status"] == "accepted" and accepted["match_url"] == f"/games/{accepted['match']}/"
    second = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "Carol"}, format="json").json()
    api.force_authenticate(carol)
    assert api.post(f"/api/challenges/{second['id']}/decline/").json()["status"] == "declined"
    assert Challenge.objects.filter(status="declined").count() == 1


def test_challenge_take_back(api, ladder, alice, bob):
    now = timezone.now()
    for user in (alice, bob):
        join(ladder, user, now)
    api.force_authenticate(alice)
    made = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "Bob"}, format="json").json()
    url = f"/api/challenges/{made['id']}/take-back/"
    api.force_authenticate(None)
    assert api.post(url).status_code in (401, 403)
    api.force_authenticate(bob)
    wrong = api.post(url)
    assert wrong.status_code == 403 and wrong.json()["code"] == "not_challenger"
    api.force_authenticate(alice)
    taken = api.post(url)
    assert taken.status_code == 200
    body = taken.json()
    assert (body["id"], body["status"], body["match"]) == (made["id"], "taken_back", None) and body["answered_at"]
    again = api.post(url)
    assert again.status_code == 409 and again.json()["code"] == "not_open"
    assert api.get("/api/me/challenges/").json() == []
    missing = api.post("/api/challenges/999999/take-back/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    api.force_authenticate(bob)
    late = api.post(f"/api/challenges/{made['id']}/accept/")
    assert late.status_code == 409 and late.json()["code"] == "not_open"


def test_my_ratings(api, alice, bob, now):
    rating_apply(match_id=rated_result([alice, bob], now=now).pk)
    assert api.get("/api/me/ratings/").status_code in (401, 403)
    api.force_authenticate(alice)
    [mine] = api.get("/api/me/ratings/").json()
    assert mine["game"] == "alta" and mine["rating"] == 1520.0
    assert (mine["rating_shown"], mine["provisional"], mine["games"]) == (
        "1520?",
        True,
        1,
    )


def test_a_players_rating_history_is_public_as_on_their_ratings_page(api, alice, bob, now):
    first = rated_result([alice, bob], now=now)
    second = rated_result([bob, alice], now=now + dt.timedelta(hours=1))
    for match in (first, second):
        rating_apply(match_id=match.pk)
    [alta] = api.get("/api/players/alice/ratings/").json()
    assert (alta["game"], alta["games"]) == ("alta", 2)
    assert [(h["match"], h["place"], h["games"]) for h in alta["history"]] == [(first.pk, 1, 1), (second.pk, 2, 2)]
    assert alta["history"][0]["old"] == 1500.0 and alta["history"][-1]["new"] == alta["rating"]
    missing = api.get("/api/players/nobody/ratings/")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_player"


def test_my_open_challenges_made_and_received(api, ladder, alice, bob, carol):
    now = timezone.now()
    for user in (alice, bob, carol):
        join(ladder, user, now)
    api.force_authenticate(alice)
    made = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "Bob"}, format="json").json()
    api.force_authenticate(carol)
    received = api.post(f"/api/ladders/{ladder.pk}/challenges/", {"opponent": "Alice"}, format="json").json()
    api.force_authenticate(alice)
    listed = api.get("/api/me/challenges/").json()
    assert [(c["id"], c["challenger"], c["challenged"]) for c in listed] == [
        (made["id"], "Alice", "Bob"),
        (received["id"], "Carol", "Alice"),
    ]
    assert api.post(f"/api/challenges/{received['id']}/decline/").status_code == 200
    assert [c["id"] for c in api.get("/api/me/challenges/").json()] == [made["id"]]
    api.force_authenticate(None)
    assert api.get("/api/me/challenges/").status_code in (401, 403)


def test_the_schema_documents_every_endpoint(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in (
        "/api/ladders/",
        "/api/ladders/{id}/ranking/",
        "/api/ladders/{id}/join/",
        "/api/ladders/{id}/leave/",
        "/api/ladders/{id}/capacity/",
        "/api/ladders/{id}/challenges/",
        "/api/challenges/{id}/accept/",
        "/api/challenges/{id}/decline/",
        "/api/challenges/{id}/take-back/",
        "/api/me/ratings/",
        "/api/me/challenges/",
        "/api/players/{who}/ratings/",
    ):
        assert path in schema, path
    assert "LadderRankingRow" in schema and "ChallengeCreateInput" in schema
