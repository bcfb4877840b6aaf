"""My games lists every game of the player, 50 a page, with links to the
next and previous pages that keep the status filter; none is left out
(the list used to stop at 200 without a word)."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from games.services import match_create
from games.views import MY_GAMES_PER_PAGE

pytestmark = pytest.mark.django_db


def _games(page: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'<td><a href="/games/(\d+)/">', page)}


@pytest.fixture
def many_games(alice, now):
    """More open games of alice than a page holds, and one finished."""
    games = [match_create(creator=alice, game="alta", players=2, now=now).pk for _ in range(MY_GAMES_PER_PAGE + 3)]
    Match.objects.filter(pk=games[0]).update(status=Match.Status.FINISHED)
    return games


def test_every_game_is_on_one_of_the_pages(client, alice, many_games):
    client.force_login(alice)
    first = client.get("/games/").content.decode()
    assert len(_games(first)) == MY_GAMES_PER_PAGE and "Page 1 of 2" in first
    assert 'href="?page=2">Next page</a>' in first and "Previous page" not in first
    second = client.get("/games/?page=2").content.decode()
    assert _games(first) | _games(second) == set(many_games) and 'href="?page=1">Previous page</a>' in second
    assert "Next page" not in second


def test_the_page_links_keep_the_status_filter(client, alice, many_games):
    client.force_login(alice)
    first = client.get("/games/?status=open").content.decode()
    assert 'href="?status=open&amp;page=2">Next page</a>' in first
    second = client.get("/games/?status=open&page=2").content.decode()
    assert _games(first) | _games(second) == set(many_games[1:])
    assert client.get("/games/?status=finished").content.decode().count("Next page") == 0


def test_a_short_list_has_no_page_links_and_a_wrong_page_number_shows_a_page(client, alice, many_games):
    client.force_login(alice)
    assert "Page 1" not in client.get("/games/?status=finished").content.decode()
    assert _games(client.get("/games/?page=99").content.decode()) and _games(
        client.get("/games/?page=x").content.decode()
    )
