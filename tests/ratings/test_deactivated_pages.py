"""A deactivated account (closed, or suspended by staff: it cannot sign in)
is left out of what the ladder and rating pages list, as it already is of
matchmaking, rankings and challenges."""

import datetime as dt
import re

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from ratings.services import ladder_matchmake, rating_apply

from .conftest import finish_by_resignations, join, make_ladder

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(alice, bob, carol):
    """A 2-player Alta ladder of alice, bob and carol, where alice beat bob."""
    now = timezone.now() - dt.timedelta(days=2)
    ladder = make_ladder(players=2, name="Alta duels")
    for user in (alice, bob, carol):
        join(ladder, user, now)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    finish_by_resignations(match, [match.seats.get(index=0).user, match.seats.get(index=1).user], now)
    rating_apply(match_id=match.pk)
    return ladder


def deactivate(user):
    user.is_active = False
    user.save(update_fields=["is_active"])


def members_shown(page: str) -> int:
    row = re.search(r"Alta duels</a></td>.*?</tr>", page, re.S)
    assert row is not None
    return int(re.findall(r'<td class="num">(\d+)</td>', row.group(0))[-1])


def test_a_deactivated_member_is_not_counted_in_the_ladder_list(client, played, carol):
    assert members_shown(client.get("/ladders/").content.decode()) == 3
    deactivate(carol)
    assert members_shown(client.get("/ladders/").content.decode()) == 2
    [listed] = APIClient().get("/api/ladders/").json()
    assert listed["member_count"] == 2


def test_a_deactivated_players_ratings_are_not_shown(client, played, alice, bob):
    assert client.get("/players/Bob/ratings/").status_code == 200
    deactivate(bob)
    assert client.get("/players/Bob/ratings/").status_code == 404
    assert client.get(f"/players/{bob.pk}/ratings/").status_code == 404
    response = APIClient().get("/api/players/Bob/ratings/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 404
    assert response.json() == {"code": "unknown_player", "detail": "Deze speler bestaat niet."}
    # The other players' pages are as they were.
    assert client.get("/players/Alice/ratings/").status_code == 200
    assert APIClient().get("/api/players/Alice/ratings/").status_code == 200
