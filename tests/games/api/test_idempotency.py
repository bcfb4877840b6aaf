"""The Idempotency-Key of a move (issue 4): a repeat returns the first
result and changes nothing; a key the API cannot take is explained."""

import pytest
from rest_framework.test import APIClient

from games.models import Match
from tests.conftest import living_in

from ..conftest import mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def test_an_empty_key_is_refused_with_the_length_a_key_may_have(alice, bob, now):
    match = start_match(alice, bob, now=now)
    user, _ = mover(match)
    answer = client_for(user).post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY=""
    )
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
    assert answer.json()["detail"] == "Idempotency-Key: An Idempotency-Key has 1 to 200 characters."
    assert not match.moves.exists()
    living_in("nl", "Europe/Amsterdam", user)
    dutch = client_for(user).post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY=""
    )
    assert dutch.json()["detail"] == "Idempotency-Key: Een Idempotency-Key heeft 1 tot 200 tekens."
    one = client_for(user).post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert one.status_code == 201


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_repeated_key_changes_nothing_and_answers_as_the_first_time(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    client = client_for(user)
    url = f"/api/games/{match.pk}/moves/"
    first = client.post(url, {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert first.status_code == 201
    again = client.post(url, {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert (again.status_code, again.json()) == (201, first.json())
    assert match.moves.count() == 1
    other = client_for(bob if user == alice else alice)
    assert other.post(url, {"ply": 1, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1").status_code in (
        201,
        422,
    )  # another player's key is their own


@pytest.mark.parametrize("game", ["alta", "alpaca"])
def test_a_key_repeated_after_the_game_went_on_answers_with_the_position_its_move_left(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    url = f"/api/games/{match.pk}/moves/"
    first = client_for(user).post(url, {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="slow-1")
    assert first.status_code == 201
    match.refresh_from_db()
    after, _ = mover(match)
    assert client_for(after).post(url, {"ply": 1, "option": 1}, format="json").status_code == 201
    again = client_for(user).post(url, {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="slow-1")
    assert again.status_code == 201
    said, repeated = first.json(), again.json()
    assert [repeated[k] for k in ("ply", "your_turn", "view", "not_played")] == [
        said[k] for k in ("ply", "your_turn", "view", "not_played")
    ]
    assert match.moves.count() == 2


# Creating a game and writing in its chat take the same key as a move: a
# client retrying after a timeout gets the first answer, not a second game
# or a second line.

_NEW_GAME = {"game": "alta", "players": 2, "days_per_move": 2}


def test_a_repeated_key_creates_one_game_and_answers_as_the_first_time(alice, bob):
    client = client_for(alice)
    first = client.post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    assert first.status_code == 201, first.json()
    again = client.post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    assert (again.status_code, again.json()) == (201, first.json())
    assert Match.objects.filter(created_by=alice).count() == 1
    other = client.post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new-2")
    assert other.status_code == 201 and other.json()["id"] != first.json()["id"]
    # Another player's key is their own.
    theirs = client_for(bob).post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    assert theirs.status_code == 201 and theirs.json()["id"] not in (first.json()["id"], other.json()["id"])
    assert client.post("/api/games/", _NEW_GAME, format="json").json()["id"] != first.json()["id"]


def test_a_repeated_key_writes_one_chat_line_and_answers_as_the_first_time(alice, bob, now):
    match = start_match(alice, bob, now=now)
    client = client_for(alice)
    url = f"/api/games/{match.pk}/chat/"
    first = client.post(url, {"text": "Good luck!"}, format="json", HTTP_IDEMPOTENCY_KEY="hello")
    assert first.status_code == 201, first.json()
    again = client.post(url, {"text": "Good luck!"}, format="json", HTTP_IDEMPOTENCY_KEY="hello")
    assert (again.status_code, again.json()) == (201, first.json())
    assert [line["text"] for line in client.get(url).json()] == ["Good luck!"]
    theirs = client_for(bob).post(url, {"text": "Thanks"}, format="json", HTTP_IDEMPOTENCY_KEY="hello")
    assert theirs.status_code == 201 and theirs.json()["id"] != first.json()["id"]
    assert len(client.get(url).json()) == 2


@pytest.mark.parametrize("write", ["games", "chat"])
def test_a_key_too_long_for_a_new_game_or_a_chat_line_is_refused(write, alice, bob, now):
    match = start_match(alice, bob, now=now)
    url, body = ("/api/games/", _NEW_GAME) if write == "games" else (f"/api/games/{match.pk}/chat/", {"text": "hi"})
    answer = client_for(alice).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 201)
    assert answer.status_code == 400
    assert answer.json()["detail"] == "Idempotency-Key: An Idempotency-Key has 1 to 200 characters."
    assert Match.objects.count() == 1 and not match.chat_messages.exists()


def test_the_schema_documents_the_key_wherever_it_is_taken():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/games/", "/api/games/{id}/moves/", "/api/games/{id}/chat/"):
        headers = [p["name"] for p in schema["paths"][path]["post"].get("parameters", []) if p["in"] == "header"]
        assert headers == ["Idempotency-Key"], path


# The same key with another body is not a retry but a client's mistake (the
# IETF httpapi Idempotency-Key draft): refused with 422, not answered with
# the first request's result as if it were its own.

_REUSED = (
    "This Idempotency-Key was already used for a request with a different body. "
    "Repeat that request unchanged, or send this one with a new key."
)
_REUSED_NL = (
    "Deze Idempotency-Key is al gebruikt voor een verzoek met een andere inhoud. "
    "Herhaal dat verzoek ongewijzigd, of stuur dit verzoek met een nieuwe sleutel."
)


def _refused_as_reused(answer, detail=_REUSED):
    assert answer.status_code == 422, answer.json()
    assert answer.json() == {"code": "idempotency_key_reused", "detail": detail}


def test_a_key_reused_for_another_move_is_refused_not_replayed(alice, bob, now):
    match = start_match(alice, bob, now=now)
    user, _ = mover(match)
    client = client_for(user)
    url = f"/api/games/{match.pk}/moves/"
    first = client.post(url, {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert first.status_code == 201
    _refused_as_reused(client.post(url, {"ply": 0, "option": 2}, format="json", HTTP_IDEMPOTENCY_KEY="k"))
    assert match.moves.count() == 1
    living_in("nl", "Europe/Amsterdam", user)
    dutch = client_for(user).post(url, {"ply": 0, "option": 2}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    _refused_as_reused(dutch, _REUSED_NL)
    again = client.post(url, {"option": 1, "ply": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert (again.status_code, again.json()["ply"]) == (201, first.json()["ply"])


def test_a_key_reused_for_another_game_kind_is_refused_not_replayed(alice):
    client = client_for(alice)
    first = client.post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new")
    assert first.status_code == 201
    other = {**_NEW_GAME, "game": "alhambra"}
    _refused_as_reused(client.post("/api/games/", other, format="json", HTTP_IDEMPOTENCY_KEY="new"))
    assert Match.objects.filter(created_by=alice).count() == 1
    again = client.post("/api/games/", _NEW_GAME, format="json", HTTP_IDEMPOTENCY_KEY="new")
    assert (again.status_code, again.json()) == (201, first.json())


def test_a_key_reused_for_another_chat_line_is_refused_not_replayed(alice, bob, now):
    match = start_match(alice, bob, now=now)
    client = client_for(alice)
    url = f"/api/games/{match.pk}/chat/"
    assert client.post(url, {"text": "Good luck!"}, format="json", HTTP_IDEMPOTENCY_KEY="hi").status_code == 201
    _refused_as_reused(client.post(url, {"text": "Have fun!"}, format="json", HTTP_IDEMPOTENCY_KEY="hi"))
    living_in("nl", "Europe/Amsterdam", alice)
    dutch = client_for(alice).post(url, {"text": "Veel plezier!"}, format="json", HTTP_IDEMPOTENCY_KEY="hi")
    _refused_as_reused(dutch, _REUSED_NL)
    assert [line["text"] for line in client.get(url).json()] == ["Good luck!"]


def test_the_schema_documents_the_refusal_of_a_reused_key():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/games/", "/api/games/{id}/moves/", "/api/games/{id}/chat/"):
        answer = schema["paths"][path]["post"]["responses"].get("422")
        assert answer is not None, path
        assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}, path
        assert "idempotency_key_reused" in answer["description"], path


@pytest.mark.parametrize("key", ["k\x00", "a\nb", "tab\there", "del\x7f"])
def test_a_key_holding_a_control_character_is_refused_not_stored(key, alice, bob, now):
    """A key is text a client repeats (a UUID, say); a control character in
    it (a NUL, which PostgreSQL cannot store, a line break) is refused with a
    clear 400 in the writer's language, and nothing is played."""
    from django.db import connection

    from tests.mail.test_inbound_service import _refuse_nul_as_postgresql_does

    match = start_match(alice, bob, now=now)
    user, _ = mover(match)
    with connection.execute_wrapper(_refuse_nul_as_postgresql_does):
        answer = client_for(user).post(
            f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY=key
        )
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
    assert answer.json()["detail"] == "Idempotency-Key: An Idempotency-Key holds no control characters."
    assert not match.moves.exists()
    living_in("nl", "Europe/Amsterdam", user)
    dutch = client_for(user).post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert dutch.json()["detail"] == "Idempotency-Key: Een Idempotency-Key bevat geen stuurtekens."
