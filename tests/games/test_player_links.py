"""Players' names on the game page and in the lobby link to their public
page, with nothing between a name and the comma after it."""

import re

import pytest

from games.services import match_create_seated, match_resign

pytestmark = pytest.mark.django_db


def _section(page: str, start: str, end: str) -> str:
    return page[page.index(start) : page.index(end, page.index(start))]


def test_the_seats_of_a_game_link_to_the_players(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    seats = _section(client.get(f"/games/{match.pk}/").content.decode(), '<ol class="seats">', "</ol>")
    assert '<a href="/players/Alice/">Alice</a>' in seats
    assert '<a href="/players/Bob/">Bob</a>' in seats


def test_the_final_result_links_to_the_players(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    match_resign(match_id=match.pk, user=bob, now=now)
    page = client.get(f"/games/{match.pk}/").content.decode()
    results = _section(page, '<table class="table results">', "</table>")
    assert re.search(r'<td>1</td><td><a href="/players/Alice/">Alice</a></td>', results)
    assert '<a href="/players/Bob/">Bob</a>' in results


def test_a_comma_follows_a_linked_name_directly(client, alice, bob, now):
    match_create_seated(users=[alice, bob], game="alta", now=now)
    watch = client.get("/lobby/").content.decode().split("<h2>Games to watch</h2>")[1]
    names = r'<a href="/players/(Alice|Bob)/">(Alice|Bob)</a>'
    assert re.search(f"<td>{names}, {names}</td>", watch)  # seat order is dealt: either way round
