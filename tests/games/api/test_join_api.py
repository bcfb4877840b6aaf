"""Joining by API: a player already seated is told so, also when every
other seat is reserved or taken; someone else is told the game is full."""

import pytest

from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_joining_twice_says_you_already_have_a_seat(game, alice, bob, carol, dave):
    created = client_for(alice).post("/api/games/", {"game": game, "players": 3, "invite": ["Bob"]}, format="json")
    pk = created.json()["id"]
    assert client_for(carol).post(f"/api/games/{pk}/join/").status_code == 200
    for user in (alice, carol):  # the creator, and a player who joined: every other seat is spoken for
        again = client_for(user).post(f"/api/games/{pk}/join/")
        assert again.status_code == 409 and again.json()["code"] == "already_seated", again.json()
    full = client_for(dave).post(f"/api/games/{pk}/join/")
    assert full.status_code == 409 and full.json()["code"] == "full"
