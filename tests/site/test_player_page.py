"""A player's public page: ratings per game, games in play to watch and
recent results; never their email address or anything hidden."""

import datetime as dt

import pytest

from alta_site.dashboard import SECTION_LIMIT
from games.models import Match
from games.services import match_create_seated
from ratings.models import Rating
from tests.ratings.conftest import finish_by_resignations

pytestmark = pytest.mark.django_db


def test_the_public_page_shows_ratings_running_and_recent_games(client, alice, bob, carol, now):
    Rating.objects.create(user=alice, game="alhambra", value=1544.6, games=3, peak=1560)
    running = match_create_seated(users=[alice, bob], game="alta", now=now)
    finished = finish_by_resignations(
        match_create_seated(users=[alice, bob], game="atlantis", now=now), [alice, bob], now
    )
    client.force_login(carol)  # anyone: an outsider here
    page = client.get("/players/alice/").content.decode()  # names match in any case
    assert "<h1>Alice</h1>" in page
    assert '<td>Alhambra</td><td class="num">1545?</td>' in page  # provisional under 10 games
    assert f'href="/games/{running.pk}/">Watch Alta #{running.pk}</a>' in page
    recent = page.split('id="player-recent"')[1]
    assert f'href="/games/{finished.pk}/">Atlantis #{finished.pk}</a>' in recent
    assert "1 of 2" in recent
    assert f'href="/games/{running.pk}/"' not in recent


def test_the_public_page_never_shows_an_email_address_or_a_hand(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now)
    page = client.get("/players/Alice/").content.decode()
    assert "alice@example.com" not in page and "@example.com" not in page
    assert f"/games/{match.pk}/" in page
    assert "<svg" not in page and "hand" not in page.lower()  # no position at all


def test_an_unknown_or_closed_account_has_no_page(client, alice):
    assert client.get("/players/Nobody/").status_code == 404
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    assert client.get("/players/Alice/").status_code == 404


def test_your_own_game_on_another_players_page_is_not_offered_to_watch(client, alice, bob, carol, now):
    """On Bob's page Alice's game with him is hers to play ("Alta #1"), not
    "Watch Alta #1"; Bob's game with Carol is still one to watch."""
    together = match_create_seated(users=[alice, bob], game="alta", now=now)
    theirs = match_create_seated(users=[bob, carol], game="alta", now=now)
    client.force_login(alice)
    page = client.get("/players/bob/").content.decode()

    assert f'href="/games/{together.pk}/">Alta #{together.pk}</a>' in page
    assert f'href="/games/{theirs.pk}/">Watch Alta #{theirs.pk}</a>' in page


def test_a_running_game_with_an_empty_last_seat_lists_players_without_a_dangling_comma(client, alice, bob, carol, now):
    """'Alice and Bob' (as every list of names reads), never 'Alice, Bob,'
    when the last seat has no player."""
    match = match_create_seated(users=[alice, bob, carol], game="alta", now=now)
    match.seats.filter(index=2).update(user=None)  # e.g. an account gone since
    names = [s.user.display_name for s in match.seats.order_by("index") if s.user]
    page = " ".join(client.get(f"/players/{names[0]}/").content.decode().split())
    running = page.split('id="player-running"')[1].split("</section>")[0]

    assert f"<span>{names[0]} and {names[1]}</span>" in running, running
    assert f"{names[1]}," not in running


def test_the_recent_games_table_links_each_player_to_their_page(client, alice, bob, carol, now):
    """In a player's recent games, the players of each game are links to
    their pages, as in the lobby's and the ladder's tables."""
    finish_by_resignations(match_create_seated(users=[alice, bob], game="alta", now=now), [alice, bob], now)
    client.force_login(carol)
    recent = client.get("/players/Alice/").content.decode().split('id="player-recent"')[1]
    for name in ("Alice", "Bob"):
        assert f'<a href="/players/{name}/">{name}</a>' in recent, name


def test_every_finished_game_is_on_a_page_of_the_recent_games(client, alice, bob, now):
    """20 a page, newest first; "Next page" goes on to older ones."""
    games = [match_create_seated(users=[alice, bob], game="alta", now=now).pk for _ in range(SECTION_LIMIT + 3)]
    for hours, pk in enumerate(games):
        Match.objects.filter(pk=pk).update(status=Match.Status.FINISHED, finished_at=now + dt.timedelta(hours=hours))
    first = client.get("/players/Alice/").content.decode().split('id="player-recent"')[1]
    assert f'href="/games/{games[-1]}/"' in first and f'href="/games/{games[2]}/"' not in first
    assert 'href="?page=2#player-recent">Next page</a>' in first and "Page 1 of 2" in first
    second = client.get("/players/Alice/?page=2").content.decode().split('id="player-recent"')[1]
    assert all(f'href="/games/{pk}/"' in second for pk in games[:3])
    assert 'href="?page=1#player-recent">Previous page</a>' in second


def test_every_game_in_play_is_on_a_page_and_each_list_keeps_the_others_page(client, alice, bob, now):
    """The games in play stopped at 20 without a word; now 20 a page with
    "Next page", and the finished games' links keep the games in play's
    page (and the other way round)."""
    games = [match_create_seated(users=[alice, bob], game="alta", now=now).pk for _ in range(SECTION_LIMIT + 2)]
    finished = [match_create_seated(users=[alice, bob], game="alta", now=now).pk for _ in range(SECTION_LIMIT + 1)]
    Match.objects.filter(pk__in=finished).update(status=Match.Status.FINISHED, finished_at=now)
    for hours, pk in enumerate(games):
        Match.objects.filter(pk=pk).update(started_at=now + dt.timedelta(hours=hours))

    first = client.get("/players/Alice/").content.decode()
    running = first.split('id="player-running"')[1].split("</section>")[0]
    assert f'href="/games/{games[-1]}/"' in running and f'href="/games/{games[1]}/"' not in running
    assert 'href="?page=1&amp;in_play=2#player-running">Next page</a>' in running

    second = client.get("/players/Alice/?in_play=2&page=2").content.decode()
    running = second.split('id="player-running"')[1].split("</section>")[0]
    assert all(f'href="/games/{pk}/"' in running for pk in games[:2])
    assert f'href="/games/{games[-1]}/"' not in running
    assert 'href="?page=2&amp;in_play=1#player-running">Previous page</a>' in running
    recent = second.split('id="player-recent"')[1]
    assert 'href="?in_play=2&amp;page=1#player-recent">Previous page</a>' in recent
