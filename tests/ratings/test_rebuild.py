"""``manage.py ratings_rebuild`` reproduces the incremental ratings exactly."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import services as game_services
from ratings.models import Rating, RatingChange, RatingPool
from ratings.services import rating_apply, ratings_rebuild

from .conftest import (
    everyone_moves_once,
    new_player,
    play_to_the_end,
    rated_match,
    rated_result,
)

pytestmark = pytest.mark.django_db


def snapshot():
    """Every stored rating and change, compared with ``==`` (no tolerance)."""
    ratings = sorted(Rating.objects.values_list("user_id", "game", "value", "games", "peak", "last_played_at"))
    changes = sorted(
        RatingChange.objects.values_list(
            "match_id",
            "user_id",
            "game",
            "finished_at",
            "old",
            "new",
            "delta",
            "k",
            "expected",
            "actual",
            "place",
            "players",
            "games",
            "breakdown",
        )
    )
    pools = sorted(
        RatingPool.objects.filter(last_match_id__isnull=False).values_list("game", "last_finished_at", "last_match_id")
    )
    return ratings, changes, pools


@pytest.fixture
def season(alice, bob, carol, dave, later):
    """A few dozen rated games of two kinds and several table sizes, each
    applied by the incremental path as it finished."""
    eve, frank = new_player("Eve"), new_player("Frank")
    people = [alice, bob, carol, dave, eve, frank]
    hour = 0
    matches = []
    for round_ in range(6):
        for size in (2, 3, 4):
            hour += 1
            seated = [people[(round_ * 5 + size + i) % len(people)] for i in range(size)]
            ranking = seated[round_ % size :] + seated[: round_ % size]
            matches.append(rated_result(ranking, now=later(hour), game="alta"))
        hour += 1
        duel = [people[round_], people[(round_ + 3) % 6]]
        matches.append(rated_result(duel, now=later(hour)))
    hour += 1
    full = play_to_the_end(rated_match([alice, bob, carol, dave], now=later(hour)), later(hour))
    matches.append(full)
    hour += 1
    resigned_early = rated_match([eve, frank, alice], now=later(hour))
    everyone_moves_once(resigned_early, later(hour))
    game_services.match_resign(match_id=resigned_early.pk, user=frank, now=later(hour))
    matches.append(play_to_the_end(resigned_early, later(hour)))
    for match in matches:
        rating_apply(match_id=match.pk)
    return matches


def test_rebuild_equals_the_incremental_updates_exactly(season):
    # Another kind's rating with no game behind it: a full rebuild clears it.
    Rating.objects.create(user=season[0].created_by, game="atlantis", value=1234.0)
    before = snapshot()
    before = ([r for r in before[0] if r[1] == "alta"], *before[1:])
    assert len(before[1]) > 60
    assert any(games > 10 for *_, games, _peak, _last in before[0])
    out = StringIO()
    call_command("ratings_rebuild", stdout=out)
    assert snapshot() == before
    assert "alta: 26 rated games replayed" in out.getvalue()
    assert "atlantis: 0 rated games replayed" in out.getvalue()


@pytest.fixture
def few_games(alice, bob, carol, later):
    tables = [
        ("alta", [alice, bob]),
        ("alta", [bob, alice]),
        ("alta", [carol, alice, bob]),
        ("alta", [bob, carol]),
    ]
    for hour, (game, ranking) in enumerate(tables, start=1):
        rating_apply(match_id=rated_result(ranking, now=later(hour), game=game).pk)


def test_rebuild_repairs_a_damaged_rating(few_games, alice):
    before = snapshot()
    Rating.objects.filter(user=alice, game="alta").update(value=3000.0, games=1)
    RatingChange.objects.filter(user=alice, game="alta").first().delete()
    call_command("ratings_rebuild", "--game", "alta", stdout=StringIO())
    assert snapshot() == before


def test_rebuild_of_one_kind_leaves_the_others_alone(few_games, bob):
    Rating.objects.create(user=bob, game="atlantis", value=1234.0, games=3)
    call_command("ratings_rebuild", "--game", "alta", stdout=StringIO())
    assert Rating.objects.get(user=bob, game="atlantis").value == 1234.0


def test_late_tasks_end_where_the_rebuild_does(alice, bob, carol, dave, later):
    tables = [
        [alice, bob],
        [bob, carol, dave],
        [carol, alice],
        [dave, bob],
        [alice, carol, bob, dave],
    ]
    matches = [rated_result(t, now=later(i)) for i, t in enumerate(tables, start=1)]
    for index in (1, 4, 0, 3, 2):  # tasks arriving in a scrambled order
        rating_apply(match_id=matches[index].pk)
    scrambled = snapshot()
    ratings_rebuild(game="alta")
    assert snapshot() == scrambled


def test_unknown_kinds_are_refused():
    with pytest.raises(CommandError, match="Unknown game chess"):
        call_command("ratings_rebuild", "--game", "chess")


def test_rebuild_without_games_clears_the_kind(alice, bob, now):
    match = rated_result([alice, bob], now=now)
    rating_apply(match_id=match.pk)
    match.rated = False
    match.save(update_fields=["rated"])
    assert ratings_rebuild(game="alta") == 0
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert RatingPool.objects.get(game="alta").last_match_id is None


def test_a_game_the_rebuild_rates_before_its_task_tells_its_players_once(alice, bob, carol, later):
    """A staff rebuild while a finished game's rating task is still queued
    rates that game: its players are told their new ratings (the "rated"
    event their mail is written from), once; the task then finds it rated
    and tells nothing again, and games rated before are not told again."""
    from games.models import MatchEvent
    from ratings.services import ApplyResult

    first = rated_result([alice, bob], now=later(1))
    rating_apply(match_id=first.pk)
    queued = rated_result([bob, carol], now=later(2))
    assert ratings_rebuild(game="alta") == 2

    told = list(MatchEvent.objects.filter(kind="rated").values_list("match_id", flat=True))
    assert sorted(told) == sorted([first.pk, queued.pk])
    [event] = MatchEvent.objects.filter(kind="rated", match=queued)
    assert {rating["user_id"] for rating in event.data["ratings"]} == {bob.pk, carol.pk}
    assert rating_apply(match_id=queued.pk) == ApplyResult.ALREADY_APPLIED
    assert MatchEvent.objects.filter(kind="rated").count() == 2
