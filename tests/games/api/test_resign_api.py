"""Resigning by API (issue 4): the resigned seat ranks last; in a
two-player game the other wins at once, with more players the others play on."""

import pytest

from ..conftest import mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("who", ["to_move", "waiting"])
def test_in_a_two_player_game_the_other_wins(game, who, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    if who == "waiting":
        user = bob if user == alice else alice
    answer = client_for(user).post(f"/api/games/{match.pk}/resign/")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["status"] == "finished" and body["outcome"]["termination"] == "resignation"
    places = {p["display_name"]: p["place"] for p in body["seats"]}
    assert places[user.display_name] == 2 and places[(bob if user == alice else alice).display_name] == 1
    assert body["seed"] is not None
    again = client_for(user).post(f"/api/games/{match.pk}/resign/")
    assert again.status_code == 409 and again.json()["code"] == "not_active"


@pytest.mark.parametrize("game", GAMES)
def test_with_three_players_the_others_play_on_and_the_resigned_seat_ranks_last(game, alice, bob, carol, now):
    match = start_match(alice, bob, carol, game=game, now=now)
    answer = client_for(carol).post(f"/api/games/{match.pk}/resign/").json()
    assert answer["status"] == "active" and answer["seed"] is None and answer["reveal"] is None
    assert {p["display_name"]: p["departed"] for p in answer["seats"]}["Carol"] == "resignation"
    refused = client_for(carol).post(
        f"/api/games/{match.pk}/moves/", {"ply": answer["ply"], "option": 1}, format="json"
    )
    assert refused.status_code in (403, 422) and refused.json()["code"]
    assert client_for(alice).post(f"/api/games/{match.pk}/resign/").json()["status"] == "finished"
    final = client_for(bob).get(f"/api/games/{match.pk}/").json()
    assert {p["display_name"]: p["place"] for p in final["seats"]} == {"Bob": 1, "Alice": 2, "Carol": 3}
