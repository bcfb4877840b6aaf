"""Two requests with the same Idempotency-Key at the same moment (a client
retrying while its first request still runs), on PostgreSQL (concurrent
transactions; CI runs it): one game, one chat line, both answered alike."""

import pytest
from django.db import connection

from games.models import ChatMessage, Match
from tests.threads import run_in_threads

from ..conftest import start_match
from .test_games_api import client_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL for concurrent transactions"),
]


def _same_request_at_once(user, url, body, count=6):
    clients = [client_for(user) for _ in range(count)]
    answers = run_in_threads(
        *(lambda c=c: c.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="once") for c in clients)
    )
    assert [a.status_code for a in answers] == [201] * count, [getattr(a, "content", a) for a in answers]
    assert len({a.json()["id"] for a in answers}) == 1
    return answers


def test_simultaneous_creates_with_one_key_make_one_game(alice):
    _same_request_at_once(alice, "/api/games/", {"game": "alta", "players": 2})
    assert Match.objects.filter(created_by=alice).count() == 1


def test_simultaneous_chat_lines_with_one_key_write_one_line(alice, bob, now):
    match = start_match(alice, bob, now=now)
    _same_request_at_once(alice, f"/api/games/{match.pk}/chat/", {"text": "Hello"})
    assert ChatMessage.objects.filter(match=match).count() == 1
