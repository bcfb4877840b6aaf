"""The tournament and club lists come in pages as the games API's do: a
request without ``offset`` answers as before (a bare list, as many items as
ever), and a ``Link: <...>; rel="next"`` header leads on, so the oldest
tournament and the last club by name are reached too."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from tests.games.api.test_paging import _all_pages, _next
from tournaments.models import Club, Tournament

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _tournaments(organiser, club, count, now) -> list[int]:
    """``count`` tournaments of ``club``, created a minute apart, oldest first."""
    first = make_tournament(organiser, club, now=now, format="single_elimination")
    Tournament.objects.filter(pk=first.pk).update(created_at=now)
    copies = []
    for number in range(1, count):
        copy = Tournament.objects.get(pk=first.pk)
        copy.pk, copy.name, copy.created_at = None, f"Cup {number}", now + dt.timedelta(minutes=number)
        copies.append(copy)
    return [first.pk, *(t.pk for t in Tournament.objects.bulk_create(copies))]


def test_tournaments_beyond_the_first_two_hundred_are_reached_by_the_next_link(alice, club, now):
    made = _tournaments(alice, club, 201, now)
    pages = _all_pages(APIClient(), "/api/tournaments/?status=registration")
    assert [len(page) for page in pages] == [200, 1]
    seen = [t["id"] for page in pages for t in page]
    assert sorted(seen) == sorted(made)
    assert seen[-1] == made[0]  # the oldest, last


def test_clubs_beyond_the_first_five_hundred_are_reached(alice, club, now):
    Club.objects.bulk_create(Club(name=f"Club {n:03}", created_by=alice, created_at=now) for n in range(500))
    pages = _all_pages(APIClient(), "/api/clubs/")
    assert [len(page) for page in pages] == [500, 1]
    assert pages[1][0]["name"] == "Harbour club"  # the last by name


def test_a_clubs_older_tournaments_are_reached_from_its_page(alice, club, now):
    made = _tournaments(alice, club, 51, now)
    client = APIClient()
    detail = client.get(f"/api/clubs/{club.pk}/").json()
    assert [t["id"] for t in detail["tournaments"]] == made[:0:-1]  # the newest 50, as before
    following = detail["tournaments_next"]
    assert following == f"http://testserver/api/tournaments/?club={club.pk}&offset=50"
    rest = [t["id"] for page in _all_pages(client, following) for t in page]
    assert rest == [made[0]]


def test_a_club_with_few_tournaments_has_no_next_link(alice, club, now):
    _tournaments(alice, club, 2, now)
    assert APIClient().get(f"/api/clubs/{club.pk}/").json()["tournaments_next"] is None


def test_a_bad_offset_is_refused_in_the_error_shape(alice, club):
    answer = APIClient().get("/api/tournaments/", {"offset": -1})
    assert answer.status_code == 400 and "offset" in answer.json()["detail"]
    assert _next(APIClient().get("/api/clubs/")) is None


def test_the_schema_documents_the_paging(client):
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/tournaments/", "/api/clubs/"):
        get = schema["paths"][path]["get"]
        assert "offset" in [p["name"] for p in get["parameters"]], path
        assert "Link" in get["responses"]["200"].get("headers", {}), path
    assert "tournaments_next" in schema["components"]["schemas"]["ClubDetail"]["properties"]
