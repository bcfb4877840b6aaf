"""Legal moves and the move history in the reader's words: the canonical
notation stays where clients read it (``moves``, ``text``: the engine's
English, what the move log stores and replays), and each list also comes
as the token owner reads and writes it, in their language (the web page's
words), which POST moves/ takes back."""

import pytest
from rest_framework.test import APIClient

from games.engine import get_rules
from games.services import match_create_seated, match_resign
from tests.conftest import living_in

from ..conftest import mover, play_default_moves
from .test_games_api import client_for

pytestmark = pytest.mark.django_db


def _taking(match) -> bool:
    """May the seat to move take a card ("take 1 wheat_field D3")?"""
    rules = get_rules(match.game)
    _, index = mover(match)
    return any(text.startswith("take ") for text, _ in rules.move_options(rules.load(match.state), index))


@pytest.fixture
def dutch_duel(alice, bob, now):
    """An Alta game between two Dutch players in which the seat to move may
    take a card (a few moves in: the first turns place the starting cards)."""
    living_in("nl", "Europe/Amsterdam", alice, bob)
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    for _ in range(6):
        play_default_moves(match, now, submissions=1)
        match.refresh_from_db()
        if _taking(match):
            return match
    raise AssertionError("no seat could take a card in the first moves")


def test_legal_moves_keep_their_notation_and_come_in_the_players_words(dutch_duel):
    user, _ = mover(dutch_duel)
    legal = client_for(user).get(f"/api/games/{dutch_duel.pk}/legal-moves/").json()
    taking = [i for i, move in enumerate(legal["moves"]) if move.startswith("take ")]
    assert taking, legal["moves"]
    dutch = legal["moves_in_your_language"]
    assert len(dutch) == len(legal["moves"])
    assert all(dutch[i].startswith("neem ") and "_" not in dutch[i] for i in taking), dutch


def test_a_move_in_the_players_words_is_played_and_kept_in_both_forms(dutch_duel):
    user, _ = mover(dutch_duel)
    client = client_for(user)
    legal = client.get(f"/api/games/{dutch_duel.pk}/legal-moves/").json()
    last = len(legal["moves"]) - 1
    played = client.post(
        f"/api/games/{dutch_duel.pk}/moves/",
        {"ply": dutch_duel.ply, "move": legal["moves_in_your_language"][last]},
        format="json",
    )
    assert played.status_code == 201, played.json()
    newest = client.get(f"/api/games/{dutch_duel.pk}/moves/").json()[-1]
    assert newest["text"] == legal["moves"][last]
    assert newest["text_in_your_language"] == legal["moves_in_your_language"][last]


def test_a_resignation_reads_as_a_word_of_the_players_language(dutch_duel, alice, bob, now):
    match_resign(match_id=dutch_duel.pk, user=bob, now=now)
    entries = client_for(alice).get(f"/api/games/{dutch_duel.pk}/moves/").json()
    assert (entries[-1]["text"], entries[-1]["text_in_your_language"]) == ("resignation", "opgave")
    replayed = APIClient().get(f"/api/games/{dutch_duel.pk}/replay/?ply={dutch_duel.ply + 1}").json()["move"]
    assert (replayed["text"], replayed["text_in_your_language"]) == ("resignation", "resignation")


def test_an_english_reader_gets_names_not_engine_slugs(alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    play_default_moves(match, now, submissions=1)
    user, _ = mover(match)
    legal = client_for(user).get(f"/api/games/{match.pk}/legal-moves/").json()
    assert not any("_" in move for move in legal["moves_in_your_language"]), legal
    pairs = list(zip(legal["moves"], legal["moves_in_your_language"], strict=True))
    assert all(words == move for move, words in pairs if "_" not in move), pairs


def test_the_schema_documents_the_words_beside_the_notation():
    components = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    assert "moves_in_your_language" in components["LegalMovesOutput"]["properties"]
    assert "text_in_your_language" in components["MoveHistory"]["properties"]
