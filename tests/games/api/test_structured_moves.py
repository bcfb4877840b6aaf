"""A move posted in the game's move form (an object) instead of notation, as
issue 4 allows: ``legal-moves`` lists each legal move in that form too, and
only a legal one is played."""

import pytest
from rest_framework.test import APIClient

from games.engine import get_rules
from games.models import Match

from ..conftest import mover, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db

GAMES = ["alta", "alhambra", "atlantis", "alpaca"]


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_in_the_games_move_form_is_played(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    client = client_for(user)
    legal = client.get(f"/api/games/{match.pk}/legal-moves/").json()
    assert len(legal["structured"]) == len(legal["moves"]) > 0
    chosen = legal["structured"][-1]
    answer = client.post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": chosen}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["ply"] == 1
    record = Match.objects.get(pk=match.pk).moves.get()
    assert record.moves == [chosen]
    assert client.get(f"/api/games/{match.pk}/moves/").json()[0]["text"] == record.text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("move", [{}, {"kind": "nonsense"}, {"move": 5, "card": []}, {"x": [1, {"y": None}]}])
def test_a_move_object_that_is_no_legal_move_is_refused_and_changes_nothing(game, move, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    user, _ = mover(match)
    answer = client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": move}, format="json")
    assert answer.status_code == 422, answer.json()
    assert answer.json()["code"] == "illegal_move" and answer.json()["detail"]
    assert Match.objects.get(pk=match.pk).ply == 0


def test_a_move_object_naming_a_hidden_card_does_not_tell_the_card(alice, bob, now):
    """Alhambra's money cards are numbered: asking to take one from the
    deck must not be answered with what that card is."""
    match = start_match(alice, bob, game="alhambra", now=now)
    user, index = mover(match)
    rules = get_rules("alhambra")
    view = rules.view(rules.load(match.state), index)
    shown = str(view["display"]) + str(view["seats"])
    answers = []
    for card in range(0, 108):
        answer = client_for(user).post(
            f"/api/games/{match.pk}/moves/", {"ply": 0, "move": {"kind": "take", "cards": [card]}}, format="json"
        )
        answers.append(answer)
        if answer.status_code == 201:
            break
    refused = [a.json()["detail"] for a in answers if a.status_code == 422]
    assert refused and len(set(refused)) == 1  # the same words whatever the card is
    for currency in ("denar", "dirham", "ducat", "florin"):
        assert all(currency not in text for text in refused), (refused[0], shown)


def test_spectators_get_no_legal_moves(duel, carol):
    assert client_for(carol).get(f"/api/games/{duel.pk}/legal-moves/").status_code == 403
    assert APIClient().get(f"/api/games/{duel.pk}/legal-moves/").status_code == 401


def test_the_refusal_of_a_move_object_is_in_the_players_language(alice, bob, now):
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice, bob)
    match = start_match(alice, bob, now=now)
    user, _ = mover(match)
    answer = client_for(user).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": {"no": "move"}}, format="json")
    assert answer.status_code == 422 and "toegestane zetten" in answer.json()["detail"]


def atlantis_payment_position():
    """An Atlantis position where a toll is due and a legal payment is not
    among the representatives ``legal_moves`` lists (issue 20)."""
    import random

    from games.engine import EngineError
    from games.rules.atlantis.moves import Pay

    rules = get_rules("atlantis")
    state, chooser = rules.setup(2, 0), random.Random(0)
    while True:
        seat = min(rules.to_move(state))
        legal = rules.legal_moves(state, seat)
        listed = [rules.dump_move(m) for m in legal]
        for pay in (m for m in legal if isinstance(m, Pay)):
            for colour in {c for p in legal if isinstance(p, Pay) for c in p.cards}:
                other = Pay(pay.tiles, tuple(sorted(pay.cards[1:] + (colour,))))
                if rules.dump_move(other) in listed:
                    continue
                try:
                    rules.apply(state, seat, other)
                except EngineError:
                    continue
                return state, seat, rules.dump_move(other)
        state = rules.apply(state, seat, chooser.choice(legal)).state


def test_a_legal_payment_the_list_does_not_show_is_played(alice, bob, now):
    state, seat, payment = atlantis_payment_position()
    rules = get_rules("atlantis")
    match = start_match(alice, bob, game="atlantis", now=now)
    Match.objects.filter(pk=match.pk).update(state=rules.dump(state))
    user = match.seats.get(index=seat).user
    client = client_for(user)
    assert payment not in client.get(f"/api/games/{match.pk}/legal-moves/").json()["structured"]
    answer = client.post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": payment}, format="json")
    assert answer.status_code == 201, answer.json()
    assert Match.objects.get(pk=match.pk).moves.get().moves == [payment]
