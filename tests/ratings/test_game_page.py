"""The game page of a finished rated game shows the rating arithmetic."""

import re

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


def test_a_dutch_reader_sees_the_change_as_dutch_numbers_under_a_dutch_heading(client, alice, bob, now):
    from ratings.models import RatingChange

    test_a_finished_rated_game_shows_each_players_rating_change(client, alice, bob, now)
    bob.language = "nl"
    bob.save(update_fields=["language"])
    client.force_login(bob)
    match_id = RatingChange.objects.first().match_id
    for path in (f"/games/{match_id}/", f"/players/{bob.display_name}/ratings/"):
        page = client.get(path).content.decode()
        assert "Wijziging" in page and "Wijzigen" not in page, path  # the noun, not admin's verb "to edit"
        assert "20,0" in page and "20.0" not in page, path


@pytest.mark.parametrize(
    ("delta", "english", "dutch"),
    [
        (32.298, "+32.3", "+32,3"),
        (19.99, "+20.0", "+20,0"),
        (-0.04, "±0.0", "±0,0"),  # never "-0.0": a loss too small to show is no loss
        (0.04, "±0.0", "±0,0"),
        (0.0, "±0.0", "±0,0"),
        (-7.25, "-7.2", "-7,2"),
    ],
)
def test_a_change_is_rounded_not_cut_in_either_language(delta, english, dutch):
    from django.utils import translation

    from ratings.models import signed_delta

    with translation.override("en"):
        assert signed_delta(delta) == english
    with translation.override("nl"):
        assert signed_delta(delta) == dutch


def test_a_change_too_small_to_show_reads_plus_minus_zero_on_the_game_page_and_history(client, alice, bob, now):
    from ratings.models import RatingChange

    test_a_finished_rated_game_shows_each_players_rating_change(client, alice, bob, now)
    RatingChange.objects.filter(user=bob).update(delta=-0.04)
    match_id = RatingChange.objects.first().match_id
    game_page = client.get(f"/games/{match_id}/").content.decode()
    assert '<td class="num even">±0.0</td>' in game_page  # neither green nor red
    history = client.get(f"/players/{bob.display_name}/ratings/").content.decode()
    for page in (game_page, history):
        assert "±0.0" in page and not re.search(r"[-\u2212]0\.0(?!\d)", page)  # the arithmetic's "-0.04" stays
