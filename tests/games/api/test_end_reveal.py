"""Issue 20: the end of every game carries what the rules reveal and the
score breakdown in one structure; the API's game answer gives it too, once
the game is over and never before."""

import pytest
from rest_framework.test import APIClient

from games.engine import get_rules

from ..conftest import mover, play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_a_finished_game_reveals_every_seat_in_one_structure(game, alice, bob, carol, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=2)
    for client in (APIClient(), client_for(alice)):
        assert client.get(f"/api/games/{match.pk}/").json()["reveal"] is None
    play_default_moves(match, now)
    match.refresh_from_db()
    rules = get_rules(game)
    expected = rules.reveal(rules.load(match.state))
    for client in (APIClient(), client_for(carol), client_for(bob)):
        answer = client.get(f"/api/games/{match.pk}/").json()
        reveal = answer["reveal"]
        assert [r["seat"] for r in reveal] == [1, 2]
        assert [r["score"] for r in reveal] == answer["outcome"]["scores"]
        assert [r["breakdown"] for r in reveal] == answer["outcome"]["details"]
        assert [r["revealed"] for r in reveal] == [dict(e.revealed) for e in expected]
        by_seat = {p["seat"]: p["score"] for p in answer["seats"]}
        assert {r["seat"]: r["score"] for r in reveal} == by_seat


def test_the_answer_to_a_resignation_reveals_the_hands(alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    user, _ = mover(match)
    answer = client_for(user).post(f"/api/games/{match.pk}/resign/").json()
    assert answer["status"] == "finished"
    assert len(answer["reveal"]) == 2 and all("hand" in seat["revealed"] for seat in answer["reveal"])


def test_atlantis_final_view_shows_the_tiles_under_the_tops_and_never_before(alice, bob, now, monkeypatch):
    from games.services import lifecycle

    # A deal whose default play leaves stacks on the road at the end (a
    # random one sometimes leaves none, and the test would have nothing to look at).
    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 3)
    match = start_match(alice, bob, game="atlantis", now=now)
    play_default_moves(match, now, submissions=2)
    for client in (APIClient(), client_for(alice)):
        assert all("below" not in p for p in client.get(f"/api/games/{match.pk}/").json()["view"]["road"])
    play_default_moves(match, now)
    match.refresh_from_db()
    stacks = get_rules("atlantis").load(match.state).road.stacks
    lower = {p: [t for t in stack[:-1]] for p, stack in enumerate(stacks, start=1) if len(stack) > 1}
    assert lower, "the test needs a stack left at the end"
    for client in (APIClient(), client_for(alice), client_for(bob)):
        road = client.get(f"/api/games/{match.pk}/").json()["view"]["road"]
        shown = {p["position"]: p["below"] for p in road if "below" in p}
        assert set(shown) == set(lower)
        assert all(len(shown[p]) == len(lower[p]) for p in lower)
    replay = APIClient().get(f"/api/games/{match.pk}/replay/", {"ply": match.ply}).json()
    assert any("below" in p for p in replay["view"]["road"])
    start = APIClient().get(f"/api/games/{match.pk}/replay/", {"ply": 0}).json()
    assert all("below" not in p for p in start["view"]["road"])
