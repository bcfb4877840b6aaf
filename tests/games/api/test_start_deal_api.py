"""The game answer's ``start``: what every player saw dealt face up before
the first move (Alhambra's start money), the same for every reader and
never anything dealt or drawn later; empty for a game that deals nothing
face up or has not started."""

import pytest
from rest_framework.test import APIClient

from games.engine import get_rules
from games.services import match_create
from tests.conftest import living_in

from ..conftest import play_default_moves, start_match
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def _deal_lines(match) -> list[str]:
    """The start deal as the rules dealt it: one line per player."""
    rules = get_rules(match.game)
    start = rules.setup(match.players, match.seed)
    names = {s.index: str(s.user) for s in match.seats.select_related("user")}
    lines = []
    for index, s in enumerate(start.seats):
        cards, total = " + ".join(rules.view(start, index)["hand"]), sum(c % 10 for c in s.hand)
        lines.append(f"{names[index]} is dealt {cards} ({total} in all).")
    return lines


def test_every_reader_gets_everyones_start_money_and_nothing_later(alice, bob, carol, dave, now):
    match = start_match(alice, bob, carol, game="alhambra", now=now)
    first = client_for(alice).get(f"/api/games/{match.pk}/").json()["start"]
    assert first == _deal_lines(match)
    play_default_moves(match, now, submissions=6)
    rules = get_rules("alhambra")
    hands_now = [rules.view(rules.load(match.state), seat)["hand"] for seat in range(3)]
    assert hands_now != [rules.view(rules.setup(3, match.seed), seat)["hand"] for seat in range(3)]
    for reader in (client_for(alice), client_for(bob), client_for(dave), APIClient()):
        answer = reader.get(f"/api/games/{match.pk}/").json()
        assert answer["start"] == first  # the deal only: no later hand, no reader's own secret
        assert answer["ply"] == 6


def test_the_start_deal_reads_in_the_readers_language(alice, bob, now):
    match = start_match(alice, bob, game="alhambra", now=now)
    living_in("nl", "Europe/Amsterdam", alice)
    start = client_for(alice).get(f"/api/games/{match.pk}/").json()["start"]
    assert len(start) == 2 and all(" krijgt " in line for line in start)


@pytest.mark.parametrize("game", ["alta", "atlantis", "alpaca"])
def test_a_game_that_deals_nothing_face_up_has_an_empty_start(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    assert client_for(alice).get(f"/api/games/{match.pk}/").json()["start"] == []


def test_a_game_not_started_has_an_empty_start(alice, bob, now):
    match = match_create(creator=alice, game="alhambra", players=3, now=now)
    assert client_for(bob).get(f"/api/games/{match.pk}/").json()["start"] == []


def test_the_schema_documents_the_start():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    start = schema["components"]["schemas"]["MatchDetail"]["properties"]["start"]
    assert start["type"] == "array" and "face up" in start["description"]


# Beside the sentences, ``start_deal`` gives the same deal in a form a
# client reads without parsing words: per seat its player, the cards as the
# view writes them (and as the move form's codes) and their total.


def test_the_start_deal_is_given_per_seat_in_structured_form_to_every_reader(alice, bob, carol, dave, now):
    match = start_match(alice, bob, carol, game="alhambra", now=now)
    rules = get_rules("alhambra")
    start = rules.setup(3, match.seed)
    names = {s.index: str(s.user) for s in match.seats.select_related("user")}
    expected = [
        {
            "kind": "deal",
            "seat": index + 1,
            "player": names[index],
            "hand": rules.view(start, index)["hand"],
            "cards": list(dealt.hand),
            "total": sum(c % 10 for c in dealt.hand),
        }
        for index, dealt in enumerate(start.seats)
    ]
    assert client_for(alice).get(f"/api/games/{match.pk}/").json()["start_deal"] == expected
    play_default_moves(match, now, submissions=6)
    for reader in (client_for(alice), client_for(bob), client_for(dave), APIClient()):
        answer = reader.get(f"/api/games/{match.pk}/").json()
        assert answer["start_deal"] == expected  # the deal only: no later hand
        assert answer["start"] == _deal_lines(match)  # the sentences stay


@pytest.mark.parametrize("game", ["alta", "atlantis", "alpaca"])
def test_a_game_that_deals_nothing_face_up_has_an_empty_structured_start(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    assert client_for(alice).get(f"/api/games/{match.pk}/").json()["start_deal"] == []


def test_a_game_not_started_has_an_empty_structured_start(alice, bob, now):
    match = match_create(creator=alice, game="alhambra", players=3, now=now)
    assert client_for(bob).get(f"/api/games/{match.pk}/").json()["start_deal"] == []


def test_the_schema_documents_the_structured_start():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    entry = schema["components"]["schemas"]["MatchDetail"]["properties"]["start_deal"]
    assert entry["type"] == "array" and "face up" in entry["description"]
    assert "start_deal" in schema["components"]["schemas"]["MatchDetail"]["required"]
    item = entry["items"]
    if "$ref" in item:
        item = schema["components"]["schemas"][item["$ref"].rsplit("/", 1)[1]]
    assert {"kind", "seat", "player", "hand", "cards", "total"} <= set(item["properties"])
