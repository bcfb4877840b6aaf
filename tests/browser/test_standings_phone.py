"""A tournament's standings and a ladder's ranking on a phone (390 px) keep
their rank column (#): players level on every tie-break share a place ("1",
"1"), which the rows' order alone cannot say, and a ladder's member looks
for their own place without counting rows."""

from __future__ import annotations

from tests.conftest import make_user


def _places_in_sight(page, table: str, rows: int) -> None:
    """The first column of ``table`` is headed "#" and shows a number in
    each of its ``rows`` rows, all within the phone's screen."""
    header = page.locator(f"{table} th").first
    assert header.inner_text() == "#" and header.is_visible()
    ranks = page.locator(f"{table} tbody tr td:first-child")
    assert ranks.count() == rows
    for i in range(rows):
        box = ranks.nth(i).bounding_box()
        assert ranks.nth(i).is_visible() and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert ranks.nth(i).inner_text().strip().isdigit()


def test_the_standings_show_each_place_on_a_phone(browser, live_server, transactional_db):
    from django.utils import timezone

    from tests.tournaments.conftest import best_seed_wins, new_players, running_games, started
    from tournaments.services import club_create, tournament_game_finished

    now = timezone.now()
    ann = make_user("ann@example.com", "Ann")
    club = club_create(creator=ann, name="Harbour club", description="", now=now)
    swiss = started(ann, club, new_players(4), now=now, format="swiss", rounds=3)
    for game in running_games(swiss):
        best_seed_wins(swiss, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"/tournaments/{swiss.pk}/")
        _places_in_sight(page, "table.standings", 4)
    finally:
        context.close()


def test_a_ladders_ranking_shows_each_place_on_a_phone(browser, live_server, transactional_db):
    from django.utils import timezone

    from ratings.models import Ladder
    from ratings.services import ladder_join

    ladder = Ladder.objects.create(game="alta", players=2, name="Alta duels")
    for n in range(5):
        player = make_user(f"p{n}@example.com", f"Player {n}")
        ladder_join(ladder_id=ladder.pk, user=player, now=timezone.now(), capacity=2)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"/ladders/{ladder.pk}/")
        _places_in_sight(page, "table.ranking", 5)
    finally:
        context.close()
