"""The API's game detail says which tournament, round and board a
tournament's game is (``tournament``), as its page and mails do; null for a
casual game, which reads nothing more for it.  The schema documents it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.services import match_create_seated
from tests.games.api.test_games_api import client_for

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db
#: A casual game's detail, as before it named a tournament (none).
DETAIL_QUERIES = 7


def _detail(client, match_id: int, **headers) -> dict:
    answer = client.get(f"/api/games/{match_id}/", **headers)
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_tournament_game_names_its_tournament_round_and_board(alice, club, now):
    players = new_players(4)
    t = started(alice, club, players, now=now, name="Club Cup", format="swiss", rounds=2)
    game = running_games(t)[0]
    expected = {
        "id": t.pk,
        "name": "Club Cup",
        "round": 1,
        "board": "board T1",
        "line": "Club Cup · round 1 · board T1",
        "url": t.get_absolute_url(),
    }
    assert _detail(client_for(players[0]), game.match_id)["tournament"] == expected
    # A spectator reads the same: all of it is on the tournament's page.
    assert _detail(APIClient(), game.match_id)["tournament"] == expected


def test_the_board_and_line_are_in_the_reader_s_language(alice, club, now):
    players = new_players(2)
    t = started(alice, club, players, now=now, name="Club Cup", format="round_robin")
    answer = _detail(APIClient(), running_games(t)[0].match_id, HTTP_ACCEPT_LANGUAGE="nl")["tournament"]
    assert (answer["board"], answer["line"]) == ("bord T1", "Club Cup · ronde 1 · bord T1")


def test_a_knockout_final_is_named_so(alice, club, now):
    t = started(alice, club, new_players(2), now=now, name="Club Cup", format="single_elimination")
    answer = _detail(APIClient(), running_games(t)[0].match_id)["tournament"]
    assert (answer["round"], answer["board"]) == (1, "final")


def test_a_casual_game_has_none_and_reads_nothing_more(alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    client = client_for(alice)
    with CaptureQueriesContext(connection) as queries:
        answer = _detail(client, match.pk)
    assert len(queries) == DETAIL_QUERIES, [q["sql"] for q in queries.captured_queries]
    assert answer["tournament"] is None
    assert not [q["sql"] for q in queries.captured_queries if "tournaments_" in q["sql"]]


def test_the_schema_documents_it():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    schemas = schema["components"]["schemas"]
    detail = schemas["MatchDetail"]
    assert "tournament" in detail["required"]
    field = detail["properties"]["tournament"]
    refs = [field.get("$ref")] + [part.get("$ref") for part in field.get("allOf", []) + field.get("oneOf", [])]
    [ref] = [r for r in refs if r]
    assert field.get("nullable") or {"type": "null"} in field.get("oneOf", [])
    shape = schemas[ref.rsplit("/", 1)[1]]
    assert {"id", "name", "round", "board", "line", "url"} == set(shape["properties"])
