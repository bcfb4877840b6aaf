"""Creating a game with a seat count outside the game's range is refused
alike for every count: the same code, and the game's own range in words."""

import pytest

from games.engine import get_rules
from games.models import Match
from tests.conftest import living_in

from .test_games_api import client_for

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_count_outside_the_games_range_is_refused_with_that_range(game, alice):
    rules = get_rules(game)
    client = client_for(alice)
    for players in (-1, 0, 1, rules.max_players + 1, 7, 10**30):
        answer = client.post("/api/games/", {"game": game, "players": players}, format="json")
        assert answer.status_code == 400, (players, answer.json())
        assert answer.json()["code"] == "invalid_players", (players, answer.json())
        expected = f"{rules.name} is played by {rules.min_players} to {rules.max_players} players."
        assert answer.json()["detail"] == expected, (players, answer.json())
    for players in (rules.min_players, rules.max_players):
        answer = client.post("/api/games/", {"game": game, "players": players}, format="json")
        assert answer.status_code == 201 and answer.json()["players"] == players
    assert Match.objects.count() == 2


def test_a_seat_count_outside_the_range_is_explained_in_the_players_language(alice):
    living_in("nl", "Europe/Amsterdam", alice)
    answer = client_for(alice).post("/api/games/", {"game": "alta", "players": 9}, format="json")
    assert answer.status_code == 400 and answer.json()["detail"] == "Alta wordt gespeeld met 2 tot 4 spelers."
