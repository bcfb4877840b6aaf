"""A write over the API that committed is answered as done, even when the
database goes away right after its commit (a restart, a dropped
connection): the answer is read in the write's own transaction, before the
commit, so nothing after the commit can turn it into an error that a
client would retry (posting its chat line or creating its game twice, or
being told its resignation failed when it took effect)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import OperationalError, connection
from django.utils import timezone

from games.models import ChatMessage, Match, Seat
from games.services import match_create, match_create_seated
from ratings.models import LadderMembership
from tests.games.api.test_games_api import client_for
from tests.ratings.conftest import make_ladder
from tests.tournaments.conftest import make_tournament
from tournaments.models import Participant
from tournaments.services import club_create

pytestmark = pytest.mark.django_db(transaction=True)  # real commits, as in production
WEEK = dt.timedelta(days=7)


def _away(execute, sql, params, many, context):
    raise OperationalError("the database went away after the commit")


@pytest.fixture
def gone_after_the_first_commit(monkeypatch):
    """From the request's first commit on, every query fails."""
    commit = connection.commit

    def then_the_database_goes():
        commit()
        if _away not in connection.execute_wrappers:
            connection.execute_wrappers.append(_away)

    monkeypatch.setattr(connection, "commit", then_the_database_goes)
    yield
    monkeypatch.undo()
    if _away in connection.execute_wrappers:
        connection.execute_wrappers.remove(_away)


def _post(client, path: str, body: dict | None = None):
    client.raise_request_exception = False
    return client.post(path, body or {}, format="json")


def test_a_resignation_committed_just_before_the_database_goes_is_answered_as_done(alice, bob, request):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    client = client_for(alice)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, f"/api/games/{match.pk}/resign/")

    assert answer.status_code == 200, answer.content[:300]
    assert answer.json()["status"] == "finished"
    connection.execute_wrappers.remove(_away)
    assert Match.objects.get(pk=match.pk).status == "finished"


def test_a_chat_line_committed_just_before_the_database_goes_is_answered_as_sent(alice, bob, request):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    client = client_for(alice)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, f"/api/games/{match.pk}/chat/", {"text": "good luck"})

    assert answer.status_code == 201, answer.content[:300]
    assert answer.json()["text"] == "good luck"
    connection.execute_wrappers.remove(_away)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good luck"]


def test_a_game_created_just_before_the_database_goes_is_answered_as_created(alice, request):
    client = client_for(alice)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, "/api/games/", {"game": "alta", "players": 2})

    assert answer.status_code == 201, answer.content[:300]
    connection.execute_wrappers.remove(_away)
    assert Match.objects.get().pk == answer.json()["id"]


def test_a_seat_taken_just_before_the_database_goes_is_answered_as_taken(alice, bob, request):
    match = match_create(creator=alice, game="alta", players=2, now=timezone.now())
    client = client_for(bob)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, f"/api/games/{match.pk}/join/")

    assert answer.status_code == 200, answer.content[:300]
    assert answer.json()["status"] == "active"
    connection.execute_wrappers.remove(_away)
    assert Seat.objects.filter(match=match, user=bob).exists()


def test_a_ladder_joined_just_before_the_database_goes_is_answered_as_joined(alice, request):
    ladder = make_ladder(game="alta", players=2, days_per_move=4)
    client = client_for(alice)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, f"/api/ladders/{ladder.pk}/join/", {"capacity": 2})

    assert answer.status_code in (200, 201), answer.content[:300]
    connection.execute_wrappers.remove(_away)
    assert LadderMembership.objects.filter(ladder=ladder, user=alice).exists()


def test_a_registration_committed_just_before_the_database_goes_is_answered_as_done(alice, bob, request):
    now = timezone.now()
    club = club_create(creator=alice, name="Harbour club", description="", now=now)
    tournament = make_tournament(alice, club, now=now, format="swiss", rounds=2, registration_closes_at=now + WEEK)
    client = client_for(bob)
    request.getfixturevalue("gone_after_the_first_commit")

    answer = _post(client, f"/api/tournaments/{tournament.pk}/register/")

    assert answer.status_code == 200, answer.content[:300]
    assert [p["display_name"] for p in answer.json()["players"]] == ["Bob"]
    connection.execute_wrappers.remove(_away)
    assert Participant.objects.filter(tournament=tournament, user=bob).exists()
