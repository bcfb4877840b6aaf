"""A finished game's move log can be replayed move by move by anyone, by
API as on the replay page: every move's notation, the seed published."""

import pytest
from rest_framework.test import APIClient

from games.models import MoveRecord

from ..conftest import play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_anyone_reads_every_move_of_a_finished_game(game, alice, bob, carol, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now)
    match.refresh_from_db()
    assert match.is_finished
    records = list(match.moves.order_by("ply"))
    for client in (APIClient(), client_for(carol), client_for(alice)):
        history = client.get(f"/api/games/{match.pk}/moves/").json()
        assert [entry["ply"] for entry in history] == [r.ply for r in records]
        assert [entry["text"] for entry in history if entry["kind"] == MoveRecord.Kind.MOVE] == [
            r.text for r in records if r.kind == MoveRecord.Kind.MOVE
        ]
        game_data = client.get(f"/api/games/{match.pk}/").json()
        assert game_data["seed"] == match.seed and game_data["seed_salt"] == match.seed_salt


def test_the_replay_page_and_the_api_tell_the_same_moves(client, alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now)
    from html import unescape

    page = unescape(client.get(f"/games/{match.pk}/replay/").content.decode())
    history = APIClient().get(f"/api/games/{match.pk}/moves/").json()
    moves = [entry["text"] for entry in history if entry["kind"] == MoveRecord.Kind.MOVE]
    assert moves and all(text and text in page for text in moves)


@pytest.mark.parametrize("game", ["alhambra", "atlantis", "alpaca"])
def test_during_play_other_players_moves_stay_unwritten(game, alice, bob, carol, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=4)
    assert not match.is_finished
    history = client_for(carol).get(f"/api/games/{match.pk}/moves/").json()
    assert history and all(entry["text"] is None for entry in history)
