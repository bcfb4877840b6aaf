"""/api/me/games/?status=…: only games of that status, the ones waiting for
your move first, whatever the game."""

import pytest

from ..conftest import mover, play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def my_turn(game, name):
    return any(s["to_move"] and s["display_name"] == name for s in game["seats"])


def test_your_move_comes_first_in_each_status(alice, bob, carol, now):
    games = [start_match(alice, bob, game=kind, now=now) for kind in ("alta", "alhambra", "atlantis", "alpaca")]
    games += [start_match(carol, alice, bob, game="alhambra", now=now)]
    finished = start_match(bob, alice, game="alpaca", now=now)
    play_default_moves(finished, now)
    open_game = client_for(alice).post("/api/games/", {"game": "atlantis", "players": 3}, format="json").json()
    for game in games[:2]:  # until Alice is to move there
        while mover(game)[0] != alice:
            play_default_moves(game, now, submissions=1)
            game.refresh_from_db()
    for game in games[2:]:  # until the others are (the seat order is drawn)
        while mover(game)[0] == alice:
            play_default_moves(game, now, submissions=1)
            game.refresh_from_db()
    waiting = [g for g in games if mover(g)[0] != alice]
    assert waiting and len(waiting) < len(games)  # both kinds are in the list

    active = client_for(alice).get("/api/me/games/?status=active").json()
    assert {g["id"] for g in active} == {g.pk for g in games}
    turns = [my_turn(g, "Alice") for g in active]
    assert turns == sorted(turns, reverse=True) and any(turns) and not all(turns)
    assert [g["id"] for g in client_for(alice).get("/api/me/games/?status=finished").json()] == [finished.pk]
    assert [g["id"] for g in client_for(alice).get("/api/me/games/?status=open").json()] == [open_game["id"]]
    everything = client_for(alice).get("/api/me/games/").json()
    assert [my_turn(g, "Alice") for g in everything][: sum(turns)] == [True] * sum(turns)
    assert client_for(alice).get("/api/me/games/?status=nonsense").json()["code"] == "invalid"


@pytest.mark.parametrize(
    "path",
    [
        "/api/me/games/?status=",
        "/api/games/?status=",
        "/api/games/?game=",
        "/api/games/?offset=",
        "/api/tournaments/?status=",
        "/api/tournaments/?club=",
    ],
)
def test_an_empty_filter_is_refused_as_the_schema_says(path, alice, bob, now):
    """The schema gives these parameters a value (an enum, at least one
    character, a number): ``?status=`` was read as no filter at all (every
    game of the player) where a value was wanted."""
    start_match(alice, bob, now=now)
    response = client_for(alice).get(path)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid"
