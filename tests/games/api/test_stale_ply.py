"""A move answering an older position is refused with 409 and the current
position (issue 4), so a client redraws from the answer without asking again."""

import pytest

from ..conftest import mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_move_is_answered_with_the_current_position_as_the_player_sees_it(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    client = client_for(user)
    assert client.post(f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json").status_code == 201
    current = client.get(f"/api/games/{match.pk}/").json()

    stale = client.post(f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json")

    assert stale.status_code == 409
    body = stale.json()
    assert body["code"] == "stale_ply" and body["detail"] and body["ply"] == 1
    assert body["game"] == current
    assert match.moves.count() == 1


def test_the_position_in_a_stale_answer_hides_what_the_other_player_holds(alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    user, _ = mover(match)
    other = bob if user == alice else alice
    client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json")
    stale = client_for(other).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "option": 1}, format="json")
    assert stale.status_code == 409
    assert stale.json()["game"] == client_for(other).get(f"/api/games/{match.pk}/").json()
    seats = stale.json()["game"]["view"]["seats"]
    mine = stale.json()["game"]["your_seat"] - 1
    assert [("hand" in seat) for seat in seats] == [seat["seat"] == mine for seat in seats]
    assert stale.json()["game"]["seed"] is None


def test_a_position_number_beyond_any_game_is_refused_as_bad_input_without_echoing_it(alice, bob, now):
    match = start_match(alice, bob, now=now)
    user, _ = mover(match)
    client = client_for(user)
    answer = client.post(f"/api/games/{match.pk}/moves/", {"ply": 10**400, "option": 10**400}, format="json")
    assert answer.status_code == 400
    assert "9" * 30 not in answer.content.decode() and "0" * 30 not in answer.content.decode()
    assert match.moves.count() == 0
