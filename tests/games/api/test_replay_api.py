"""A finished game replays move by move by API (issue 4): each position as a
spectator sees it, the move that led there, and at the last position what
the rules reveal at the end."""

import pytest
from rest_framework.test import APIClient

from games.engine import get_rules

from ..conftest import play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_anyone_replays_a_finished_game_position_by_position(game, alice, bob, carol, now):
    match = start_match(alice, bob, game=game, now=now)
    rules = get_rules(game)
    start = rules.view(rules.load(match.state), None)
    assert APIClient().get(f"/api/games/{match.pk}/replay/").json()["code"] == "not_finished"
    play_default_moves(match, now)
    match.refresh_from_db()
    url = f"/api/games/{match.pk}/replay/"
    client = APIClient()

    first = client.get(url).json()
    assert first["ply"] == 0 and first["move"] is None and first["reveal"] is None
    assert first["view"] == start and first["last"] == match.ply
    history = client.get(f"/api/games/{match.pk}/moves/").json()
    for ply in sorted({1, 2, match.ply // 2, match.ply - 1}):
        position = client.get(url, {"ply": ply}).json()
        assert position["move"] == history[ply - 1] and position["reveal"] is None
        assert position["view"]["seat"] is None
    last = client_for(carol).get(url, {"ply": match.ply}).json()
    final = client_for(carol).get(f"/api/games/{match.pk}/").json()
    assert last["view"] == final["view"] and last["reveal"] == final["reveal"] is not None


def test_a_replayed_position_shows_no_hand(alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    play_default_moves(match, now)
    match.refresh_from_db()
    middle = client_for(alice).get(f"/api/games/{match.pk}/replay/", {"ply": match.ply // 2}).json()
    assert all("hand" not in seat for seat in middle["view"]["seats"])


@pytest.mark.parametrize("ply", ["-1", "x", "99999", str(2**70)])
def test_a_position_the_game_never_had_is_refused(ply, alice, bob, now):
    match = start_match(alice, bob, game="alta", now=now)
    play_default_moves(match, now)
    answer = APIClient().get(f"/api/games/{match.pk}/replay/", {"ply": ply})
    assert answer.status_code == 400 and answer.json()["code"] == "invalid" and answer.json()["detail"]


def test_refusals_are_in_the_players_language(alice, bob, now):
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    match = start_match(alice, bob, game="alta", now=now)
    running = client_for(alice).get(f"/api/games/{match.pk}/replay/").json()
    assert running["detail"] == "Alleen een afgelopen partij kan worden nagespeeld."
    play_default_moves(match, now)
    match.refresh_from_db()
    beyond = client_for(alice).get(f"/api/games/{match.pk}/replay/", {"ply": match.ply + 1}).json()
    assert beyond["detail"] == f"ply: Deze partij eindigde bij stelling {match.ply}."
