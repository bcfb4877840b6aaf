"""The seed and its salt appear in no API answer while a game runs, whoever
asks and whatever they ask; once it is over the game and its audit publish
them."""

import re

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from ..conftest import play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def read_paths(match) -> list[str]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = [p for p, ops in schema["paths"].items() if "get" in ops and not p.startswith("/api/schema")]
    assert "/api/games/{id}/" in paths and "/api/me/export/" in paths
    return [re.sub(r"\{[^}]+\}", str(match.pk), p) for p in paths]


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_no_answer_tells_the_seed_before_the_end_and_the_game_publishes_it_after(game, alice, bob, carol, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=3)
    match.refresh_from_db()
    paths = read_paths(match)
    for client in (APIClient(), client_for(alice), client_for(bob), client_for(carol)):
        for path in paths + ["/api/me/games/?status=active", "/api/games/?status=active"]:
            text = client.get(path).content.decode()
            assert str(match.seed) not in text and match.seed_salt not in text, path

    play_default_moves(match, now)
    match.refresh_from_db()
    for client in (APIClient(), client_for(carol)):
        assert client.get(f"/api/games/{match.pk}/").json()["seed"] == match.seed
        audit = client.get(f"/api/games/{match.pk}/audit/").json()
        assert str(match.seed) in str(audit) and match.seed_salt in str(audit)
