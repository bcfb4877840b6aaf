"""The Idempotency-Key of a move (issue 4): a repeat returns the first
result and changes nothing; a key the API cannot take is explained."""

import pytest

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
    # The repeat need not even be the same request: the key decides.
    again = client.post(url, {"ply": 0, "option": 2}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert (again.status_code, again.json()) == (201, first.json())
    assert match.moves.count() == 1
    other = client_for(bob if user == alice else alice)
    assert other.post(url, {"ply": 1, "option": 1}, format="json", HTTP_IDEMPOTENCY_KEY="retry-1").status_code in (
        201,
        422,
    )  # another player's key is their own
