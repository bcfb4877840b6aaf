"""A move whose database write fails (the server restarted, the connection
dropped) is answered in the API's JSON error shape as a 503 to retry, with
nothing of it stored; the client's retry, once the database is back, plays
it once."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.utils import timezone

from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_create_seated
from tests.conftest import living_in

from .test_games_api import client_for


def _connection_lost(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.django_db(transaction=True)  # the move's own transaction rolls back as in production
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_move_the_database_drops_is_a_503_to_retry_and_the_retry_plays_it_once(language, alice, bob, monkeypatch):
    living_in(language, "Europe/Amsterdam", alice, bob)
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    rules = get_rules(match.game)
    state = rules.load(match.state)
    seat = match.seats.get(index=min(rules.to_move(state)))
    body = {"ply": match.ply, "move": rules.move_options(state, seat.index)[0][0]}
    client = client_for(seat.user)
    client.raise_request_exception = False
    headers = {"HTTP_IDEMPOTENCY_KEY": "move-1"}
    # The state and the move record are written; the deadlines' write fails.
    monkeypatch.setattr("games.services.moves.deadlines_update", _connection_lost)

    answer = client.post(f"/api/games/{match.pk}/moves/", body, format="json", **headers)

    assert answer.status_code == 503
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["code"] == "unavailable"
    assert 0 < int(answer["Retry-After"]) <= 60
    detail = answer.json()["detail"]
    assert (
        detail
        == {
            "en": "The site could not reach its database just now. Try again in a moment.",
            "nl": "De site kon haar database even niet bereiken. Probeer het zo nog eens.",
        }[language]
    )
    match.refresh_from_db()
    assert match.ply == 0 and not MoveRecord.objects.filter(match=match).exists()

    monkeypatch.undo()  # the database is back: the client sends the same request again
    again = client.post(f"/api/games/{match.pk}/moves/", body, format="json", **headers)
    assert again.status_code == 201 and again.json()["ply"] == 1
    assert MoveRecord.objects.filter(match=match).count() == 1


def _away_after_commit(execute, sql, params, many, context):
    raise OperationalError("the database went away after the commit")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("channel", ["api", "form"])
def test_a_move_committed_just_before_the_database_goes_is_answered_as_played(channel, alice, bob, client, monkeypatch):
    """The answer to a committed move is built without another query, so a
    database that goes away right after the commit cannot turn it into an
    error answer (the player would send it again)."""
    from django.db import connection

    from games import services

    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    rules = get_rules(match.game)
    state = rules.load(match.state)
    seat = match.seats.get(index=min(rules.to_move(state)))
    body = {"ply": match.ply, "move": rules.move_options(state, seat.index)[0][0]}
    submit = services.move_submit

    def then_the_database_goes(**kwargs):
        result = submit(**kwargs)
        connection.execute_wrappers.append(_away_after_commit)
        return result

    monkeypatch.setattr(services, "move_submit", then_the_database_goes)
    try:
        if channel == "api":
            answer = client_for(seat.user).post(f"/api/games/{match.pk}/moves/", body, format="json")
            assert answer.status_code == 201 and answer.json()["ply"] == 1
        else:
            client.force_login(seat.user)
            answer = client.post(f"/games/{match.pk}/move/", body)
            assert answer.status_code == 302 and answer.url == f"/games/{match.pk}/"
        with pytest.raises(OperationalError):  # the database was away while answering
            MoveRecord.objects.count()
    finally:
        if _away_after_commit in connection.execute_wrappers:
            connection.execute_wrappers.remove(_away_after_commit)
    assert MoveRecord.objects.filter(match=match).count() == 1
