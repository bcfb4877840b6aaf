"""The API's lists come in pages: a request without ``offset`` answers as
before (a bare list, as many items as ever), and a ``Link: <...>;
rel="next"`` header (RFC 8288) leads to the next page while there is one,
so a client reaches the oldest game, invitation or chat line too."""

import re

import pytest
from rest_framework.test import APIClient

from games.models import MoveRecord
from games.services import match_create
from games.services.chat import chat_post

from ..conftest import start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def _next(answer) -> str | None:
    """The rel="next" target of the answer's Link header, if any."""
    found = re.fullmatch(r'<([^>]+)>; rel="next"', answer.headers.get("Link", ""))
    return None if found is None else found[1]


def _all_pages(client, url) -> list[list]:
    pages = []
    while url:
        answer = client.get(url)
        assert answer.status_code == 200, answer.json()
        assert isinstance(answer.json(), list)
        pages.append(answer.json())
        url = _next(answer)
    return pages


def _games(creator, count, now, **extra):
    return [match_create(creator=creator, game="alta", players=2, now=now, **extra).pk for _ in range(count)]


def test_the_open_games_beyond_the_first_hundred_are_reached_by_the_next_link(alice, bob, now):
    made = _games(alice, 101, now)
    pages = _all_pages(client_for(bob), "/api/games/?game=alta")
    assert [len(page) for page in pages] == [100, 1]
    seen = [game["id"] for page in pages for game in page]
    assert sorted(seen) == sorted(made)  # each once, the oldest on the last page
    assert seen[-1] == made[0]


def test_the_next_link_keeps_the_filters_and_is_absolute(alice, bob, now):
    _games(alice, 101, now)
    answer = client_for(bob).get("/api/games/?game=alta&status=open")
    assert _next(answer) == "http://testserver/api/games/?game=alta&status=open&offset=100"
    last = client_for(bob).get(_next(answer))
    assert "Link" not in last.headers


def test_your_games_beyond_the_first_two_hundred_are_reached(alice, now):
    made = _games(alice, 201, now)
    pages = _all_pages(client_for(alice), "/api/me/games/")
    assert [len(page) for page in pages] == [200, 1]
    assert sorted(game["id"] for page in pages for game in page) == sorted(made)


def test_invitations_beyond_the_first_hundred_are_reached(alice, bob, now):
    made = _games(alice, 101, now, invite=["Bob"])
    pages = _all_pages(client_for(bob), "/api/me/invitations/")
    assert [len(page) for page in pages] == [100, 1]
    assert sorted(row["game"]["id"] for page in pages for row in page) == sorted(made)


def test_chat_lines_older_than_the_latest_two_hundred_are_reached(alice, bob, now):
    match = start_match(alice, bob, now=now)
    for number in range(201):
        chat_post(match_id=match.pk, user=alice, text=f"line {number}", source=MoveRecord.Source.API, now=now)
    pages = _all_pages(client_for(bob), f"/api/games/{match.pk}/chat/")
    # The first page is what it always was: the latest 200, oldest first.
    assert [line["text"] for line in pages[0]] == [f"line {n}" for n in range(1, 201)]
    assert [line["text"] for line in pages[1]] == ["line 0"]


@pytest.mark.parametrize("offset", ["-1", "x", str(2**70)])
def test_an_offset_that_is_no_place_in_a_list_is_refused(offset, alice):
    answer = client_for(alice).get(f"/api/me/games/?offset={offset}")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid" and answer.json()["detail"].startswith("offset: ")


def test_the_schema_documents_the_offset_and_the_link_header():
    paths = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for path in ("/api/games/", "/api/me/games/", "/api/me/invitations/", "/api/games/{id}/chat/"):
        operation = paths[path]["get"]
        assert "offset" in [p["name"] for p in operation["parameters"] if p["in"] == "query"], path
        assert "Link" in operation["responses"]["200"].get("headers", {}), path
