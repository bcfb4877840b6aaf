"""Every URL with a database id (``<int:...>``), page and API, asked for
with an id beyond the 64-bit integer range.  Django range-checks a look-up
by a model's own integer field, but not every other (``Seat.objects.filter(
match_id=...)``): on SQLite such a look-up raises OverflowError, a 500,
where PostgreSQL finds nothing.  Each answer is
a 404 to a GET (where the URL takes only POST, a redirect to the page of
its form, itself not found unless it names no id; 405 where an API
path takes only POST) and never a server
error to a POST (a refused form says the thing is not found; the API may
refuse the body first)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver
from rest_framework.throttling import ScopedRateThrottle

from tests.games.api.test_games_api import client_for

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"


def url_routes(patterns, prefix: str = ""):
    """The route of every URL pattern in ``patterns``, its resolvers' prefixes before it."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from url_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def _paths() -> list[str]:
    """Each route with an id, its ids ``HUGE`` and its other parts a word."""
    routes = [route for route in url_routes(get_resolver().url_patterns) if "<int:" in route]
    return ["/" + re.sub(r"<\w+:\w+>", "x", re.sub(r"<int:\w+>", HUGE, route)) for route in routes]


@pytest.fixture(autouse=True)
def no_write_limit(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})


def _get(client, path: str) -> int:
    """The status of a GET of ``path``, after the redirect a POST-only URL
    answers (to its form's page); 404 for a page reached that names no id
    (the home page, a profile page) and so has nothing to find."""
    answer = client.get(path, follow=True)
    if answer.redirect_chain and HUGE not in answer.redirect_chain[-1][0] and answer.status_code == 200:
        return 404
    return answer.status_code


def test_there_are_urls_with_ids_in_every_app():
    paths = _paths()
    for start in (
        "/games/",
        "/api/games/",
        "/tournaments/",
        "/api/tournaments/",
        "/clubs/",
        "/ladders/",
        "/api/ladders/",
    ):
        assert any(path.startswith(start) for path in paths), start


def test_every_url_with_an_id_beyond_bigint_is_not_found_or_refused(alice):
    alice.is_staff = True  # past the staff-only checks, to the look-up
    alice.save(update_fields=["is_staff"])
    page = Client(raise_request_exception=False)
    page.force_login(alice)
    api = client_for(alice)
    api.raise_request_exception = False
    answers = {}
    for path in _paths():
        client = api if path.startswith("/api/") else page
        answers[path] = (_get(client, path), client.post(path, {}).status_code)
    wrong = {path: (get, post) for path, (get, post) in answers.items() if get not in (404, 405) or post >= 500}
    assert not wrong, wrong
