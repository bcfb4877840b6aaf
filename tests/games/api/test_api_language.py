"""An API token's owner is answered in their own language, as a signed-in
page is: their setting, not the client's Accept-Language.  (Times in the
API stay ISO 8601 in UTC: a client shows them in its reader's zone.)"""

import pytest
from django.utils import timezone

from games.services import match_create_seated
from tests.conftest import living_in

from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def dutch_game(alice, bob):
    living_in("nl", "Asia/Tokyo", alice, bob)
    return match_create_seated(users=[alice, bob], game="alta", now=timezone.now())


def test_a_refused_move_is_explained_in_the_players_language(dutch_game, alice, bob):
    seats = {seat.user: seat for seat in dutch_game.seats.all()}
    waiting = bob if seats[alice].deadline_at else alice
    client = client_for(waiting)
    refused = client.post(f"/api/games/{dutch_game.pk}/moves/", {"ply": 0, "option": 1}, format="json")
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    assert "Je bent niet aan zet" in refused.json()["detail"], refused.json()
    stale = client.post(
        f"/api/games/{dutch_game.pk}/moves/", {"ply": 99, "option": 1}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert stale.status_code == 409 and "position 99" not in stale.json()["detail"]
    assert stale["Content-Language"] == "nl"


def test_a_game_that_does_not_exist_is_not_found_in_dutch(dutch_game, alice):
    missing = client_for(alice).get("/api/games/999999/")
    assert missing.status_code == 404 and missing.json() == {"code": "not_found", "detail": "Niet gevonden."}


def test_garbage_json_to_an_action_without_a_body_is_refused_and_changes_nothing(dutch_game, alice):
    client = client_for(alice)
    answer = client.post(f"/api/games/{dutch_game.pk}/resign/", "{x", content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "parse_error"
    dutch_game.refresh_from_db()
    assert dutch_game.status == dutch_game.Status.ACTIVE


def test_an_idempotency_key_beyond_the_limit_is_refused(dutch_game, alice, bob):
    seats = {seat.user: seat for seat in dutch_game.seats.all()}
    mover = alice if seats[alice].deadline_at else bob
    answer = client_for(mover).post(
        f"/api/games/{dutch_game.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k" * 300
    )
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
    assert "200" in answer.json()["detail"] and not dutch_game.moves.exists()
    kept = client_for(mover).post(
        f"/api/games/{dutch_game.pk}/moves/", {"ply": 0, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k" * 200
    )
    assert kept.status_code == 201


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("null", "Het verzoek bevatte geen gegevens."),
        ("{x", "De inhoud van het verzoek kon niet worden gelezen (is het geldige JSON?)."),
        ('{"game": "alta", "players": 2, "rated": "perhaps"}', "rated: Moet true of false zijn."),
    ],
)
def test_the_frameworks_own_refusals_are_in_dutch(dutch_game, alice, body, said):
    answer = client_for(alice).post("/api/games/", body, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["detail"] == said, answer.json()


def test_a_form_body_that_is_not_utf8_is_refused_and_posts_nothing(dutch_game, alice):
    """As a JSON body with such bytes is: the chat gets no line of
    replacement characters, and the player reads why in their language."""
    answer = client_for(alice).generic(
        "POST", f"/api/games/{dutch_game.pk}/chat/", b"text=%ff%fe", content_type="application/x-www-form-urlencoded"
    )
    assert answer.status_code == 400 and answer.json()["code"] == "parse_error"
    assert "geen geldige Unicode" in answer.json()["detail"], answer.json()
    assert not dutch_game.chat_messages.exists()


def test_a_multipart_body_that_cannot_be_read_is_refused_in_the_players_language(dutch_game, alice):
    answer = client_for(alice).generic(
        "POST", f"/api/games/{dutch_game.pk}/chat/", "garbage", content_type="multipart/form-data"
    )
    assert answer.status_code == 400 and answer.json()["code"] == "parse_error"
    assert answer.json()["detail"] == "De inhoud van het verzoek kon niet als formulier worden gelezen.", answer.json()
    assert not dutch_game.chat_messages.exists()


@pytest.mark.parametrize("path", ["/api/gmaes/", "/api/ratings/ladders/9999/", "/api/games/not-a-number/"])
def test_a_mistyped_address_is_not_found_in_the_token_owners_language(dutch_game, alice, path):
    """An address no API view answers: the token owner is still known, and
    answered in Dutch as at an address that exists."""
    missing = client_for(alice).get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert missing.status_code == 404 and missing.json() == {"code": "not_found", "detail": "Niet gevonden."}


def test_an_answer_format_the_api_cannot_give_is_refused_in_the_owners_language(dutch_game, alice):
    refused = client_for(alice).get(f"/api/games/{dutch_game.pk}/", HTTP_ACCEPT="application/xml")
    assert refused.status_code == 406 and refused.json()["code"] == "not_acceptable"
    assert "Could not" not in refused.json()["detail"], refused.json()
    assert refused["Content-Language"] == "nl"
