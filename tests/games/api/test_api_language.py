"""An API token's owner is answered in their own language, as a signed-in
page is: their setting, not the client's Accept-Language.  (Times in the
API stay ISO 8601 in UTC: a client shows them in its reader's zone.)"""

import pytest
from django.utils import timezone

from games.services import match_create_seated
from tests.conftest import living_in

from .test_games_api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def dutch_game(alice, bob):
    living_in("nl", "Asia/Tokyo", alice, bob)
    return match_create_seated(users=[alice, bob], game="alta", now=timezone.now())


def test_a_refused_move_is_explained_in_the_players_language(dutch_game, alice, bob):
    seats = {seat.user: seat for seat in dutch_game.seats.all()}
    waiting = bob if seats[alice].deadline_at else alice
    client = client_for(waiting)
    refused = client.post(f"/api/games/{dutch_game.pk}/moves/", {"ply": 0, "option": 1}, format="json")
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    assert "Je bent niet aan de beurt" in refused.json()["detail"], refused.json()
    stale = client.post(
        f"/api/games/{dutch_game.pk}/moves/", {"ply": 99, "option": 1}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert stale.status_code == 409 and "position 99" not in stale.json()["detail"]
    assert stale["Content-Language"] == "nl"
