"""The per-user write limit of the API (``RATE_LIMIT_GAME_WRITES``) holds
for the game pages' forms too: starting games and sending moves by form
are no way around it.  Past it the player is told in words, nothing is
written, and what they typed is kept."""

import pytest
from rest_framework.throttling import ScopedRateThrottle

from games.models import Match, MoveRecord
from tests.conftest import living_in

from .conftest import first_legal_text, mover, start_match

pytestmark = pytest.mark.django_db

NEW_GAME = {
    "game": "alta",
    "players": 2,
    "days_per_move": 3,
    "bank_increment_days": 1,
    "timeout_policy": "auto",
    "vacation_allowed": "on",
}


@pytest.fixture
def one_write_a_minute(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "1/min"})


def test_starting_games_by_form_past_the_limit_is_refused_in_words(client, alice, one_write_a_minute):
    client.force_login(alice)
    first = client.post("/games/new/", NEW_GAME)
    assert first.status_code == 302 and Match.objects.count() == 1
    second = client.post("/games/new/", {**NEW_GAME, "days_per_move": 5})
    assert second.status_code == 200 and Match.objects.count() == 1
    page = second.content.decode()
    assert "You are starting games too fast. Wait a minute, then try again." in page
    assert 'name="days_per_move" value="5"' in page  # the form is kept as filled in
    living_in("nl", "Europe/Amsterdam", alice)
    dutch = client.post("/games/new/", NEW_GAME).content.decode()
    assert "Je begint te snel partijen. Wacht een minuut en probeer het dan opnieuw." in dutch


def test_a_move_by_form_past_the_limit_is_not_played_and_stays_in_the_box(client, alice, bob, now, one_write_a_minute):
    match = start_match(alice, bob, now=now)
    user, index = mover(match)
    client.force_login(user)
    client.post(f"/games/{match.pk}/chat/", {"text": "good luck"})  # the minute's one write
    text = first_legal_text(match, index)
    answer = client.post(f"/games/{match.pk}/move/", {"ply": match.ply, "move": text}, follow=True)
    assert not MoveRecord.objects.filter(match=match, kind=MoveRecord.Kind.MOVE).exists()
    page = answer.content.decode()
    assert "You are sending moves too fast. Wait a minute, then send it again." in page
    assert f'value="{text}"' in page
