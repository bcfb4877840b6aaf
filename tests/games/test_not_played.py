"""A whole turn sent from the game page or the API whose refresh turns up
cards that rule out a later move: the refresh stands, the rest is not
played, and only the mover is told which moves and why (in their
language): the API's answer says it in ``not_played``, the page at the top
with the moves kept in the box.  Nobody else reads any of it."""

from __future__ import annotations

import pytest

from games.engine import get_rules
from games.models import Match
from games.rules.alta.testing import island, position

from .api.test_games_api import client_for
from .conftest import start_match

pytestmark = pytest.mark.django_db

ALTA = get_rules("alta")
#: The refresh turns up two towers: no mill to take.
MESSAGE = "wheat C4; refresh; take mill D3"


def _refreshable_game(alice, bob, now):
    """A game where seat 0 holds a wheat field and a tower, both face-up
    cards are huts and the deck's top cards are towers."""
    match = start_match(alice, bob, game="alta", now=now)
    state = position(
        islands={0: island(". . . .", ". MIL WHE ."), 1: island(". . . .", ". MIL WHE .")},
        hands={0: ["wheat", "tower"]},
        face_up=("hut", "hut"),
        deck=["farmer"] * 30 + ["tower", "tower"],
    )
    Match.objects.filter(pk=match.pk).update(state=ALTA.dump(state))
    mover = match.seats.get(index=0).user
    return match, mover, bob if mover == alice else alice


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "There is no mill face up; the face-up cards are 1: tower, 2: tower."),
        ("nl", "Er ligt geen molen open; de open kaarten zijn 1: toren, 2: toren."),
    ],
)
def test_the_api_answers_the_moves_not_played_and_why_to_the_mover_alone(alice, bob, now, language, reason):
    match, mover, other = _refreshable_game(alice, bob, now)
    mover.language = language
    mover.save(update_fields=["language"])
    client = client_for(mover)
    answer = client.post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "move": MESSAGE}, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert answer.status_code == 201, answer.json()
    said = answer.json()["not_played"]
    assert said == {"moves": ["take mill D3"], "reason": reason}
    # The refresh stands: the new cards are up and it is still the mover's turn.
    assert answer.json()["your_turn"] and match.moves.get().text == "wheat_field C4; refresh"
    # The same request again is answered as the first time.
    again = client.post(
        f"/api/games/{match.pk}/moves/", {"ply": 0, "move": MESSAGE}, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert again.status_code == 201 and again.json()["not_played"] == said
    # The other player reads the refresh, never what was not played.
    theirs = client_for(other)
    for url in (f"/api/games/{match.pk}/", f"/api/games/{match.pk}/moves/"):
        text = theirs.get(url).content.decode()
        assert "not_played" not in text and "take mill" not in text and said["reason"] not in text


def test_a_plain_turn_answers_no_moves_not_played(alice, bob, now):
    match, mover, _other = _refreshable_game(alice, bob, now)
    answer = client_for(mover).post(f"/api/games/{match.pk}/moves/", {"ply": 0, "move": "wheat C4"}, format="json")
    assert answer.status_code == 201 and answer.json()["not_played"] is None


def test_the_page_says_what_was_not_played_and_keeps_it_in_the_box(client, alice, bob, now):
    match, mover, other = _refreshable_game(alice, bob, now)
    client.force_login(mover)
    page = client.post(f"/games/{match.pk}/move/", {"ply": 0, "move": MESSAGE}, follow=True).content.decode()
    assert "“take mill D3” was not played" in page
    assert "so the moves up to there stand" in page
    assert 'value="take mill D3"' in page or ">take mill D3</textarea>" in page
    assert match.moves.get().text == "wheat_field C4; refresh"
    client.force_login(other)
    theirs = client.get(f"/games/{match.pk}/").content.decode()
    assert "not played" not in theirs and "take mill" not in theirs


def test_when_the_turn_is_over_the_moves_not_played_are_not_kept_for_the_next_one(client, alice, bob, now):
    match, mover, _other = _refreshable_game(alice, bob, now)
    client.force_login(mover)
    # "take 2" ends the turn (a tower); the merchant after it is not played.
    sent = "wheat C4; refresh; take 2 at D3; merchant blind"
    page = client.post(f"/games/{match.pk}/move/", {"ply": 0, "move": sent}, follow=True).content.decode()
    assert "“merchant blind” was not played" in page
    assert not match.seats.get(index=0).match.moves.filter(text__contains="merchant").exists()
    assert "games.move-draft." + str(match.pk) not in client.session


@pytest.mark.parametrize(
    ("language", "cards", "passes"),
    [
        ("en", "A move before it turned up cards you had not seen", "Other players passed after a move before it"),
        ("nl", "Een zet ervoor legde kaarten open", "Na een zet ervoor pasten andere spelers"),
    ],
)
def test_the_reason_the_moves_before_stand_is_the_game_s(language, cards, passes):
    """Alpaca turns up no cards: with three players or more only other
    players' passes cut a message, and the mover is told that instead."""
    from django.utils import translation

    from games.engine import Unplayed, gettext_noop, message
    from games.i18n import not_played_lines

    unplayed = Unplayed(("zz",), message(gettext_noop("The move is empty."))).dump()
    with translation.override(language):
        alpaca = " ".join(not_played_lines("alpaca", unplayed, 3))
        atlantis = " ".join(not_played_lines("atlantis", unplayed, 3))
    assert passes in alpaca and cards not in alpaca
    assert cards in atlantis and passes not in atlantis
