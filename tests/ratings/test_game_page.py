"""The game page of a finished rated game shows the rating arithmetic."""

import pytest

from games.engine import get_rules
from games.models import MoveRecord
from games.services import match_create_seated, match_resign, move_submit
from ratings.services import rating_apply

pytestmark = pytest.mark.django_db


def test_a_finished_rated_game_shows_each_players_rating_change(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now, rated=True)
    rules = get_rules("alta")
    # Both players move at least once (an aborted game is not rated).
    while match.moves.values("seat_index").distinct().count() < 2:
        state = rules.load(match.state)
        index = min(rules.to_move(state))
        move_submit(
            match_id=match.pk,
            user=match.seats.get(index=index).user,
            ply=match.ply,
            text=rules.format_move(state, index, rules.default_move(state, index)),
            source=MoveRecord.Source.WEB,
            now=now,
        )
        match.refresh_from_db()
    match_resign(match_id=match.pk, user=alice, now=now)
    rating_apply(match_id=match.pk)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Rating changes" in page and "/static/ratings/ratings" in page  # the panel and its stylesheet
    # Two new players at 1500 with K = 40: classic Elo gives the winner +20.
    assert "+20" in page and ("-20" in page or "\u221220" in page)


def test_an_unrated_game_page_has_no_ratings_panel(client, alice, bob, now):
    match = match_create_seated(users=[alice, bob], game="alta", now=now, rated=False)
    match_resign(match_id=match.pk, user=alice, now=now)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Rating changes" not in page and "ratings.css" not in page
