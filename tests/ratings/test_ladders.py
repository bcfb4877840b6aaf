"""Joining and leaving ladders, capacity, and the visible ranking."""

import datetime as dt

import pytest

from games import services as game_services
from ratings.models import Challenge, Rating
from ratings.selectors import ladder_ranking, ladder_standings
from ratings.services import (
    challenge_create,
    ladder_capacity_set,
    ladder_join,
    ladder_leave,
    ladder_matchmake,
    rating_apply,
)

from .conftest import (
    everyone_moves_once,
    finish_by_resignations,
    join,
    make_ladder,
    new_player,
    submit_first_option,
)

pytestmark = pytest.mark.django_db


def ranked_names(ladder, now):
    return [row.user.display_name for row in ladder_ranking(ladder, now=now)]


def test_a_ladder_gets_a_name_from_its_game_and_size():
    assert make_ladder(game="alpaca", players=5).name == "Alpaca, 5 players"


def test_joining_twice_is_refused_and_leaving_then_rejoining_works(alice, now):
    ladder = make_ladder()
    join(ladder, alice, now, capacity=3)
    with pytest.raises(game_services.Conflict, match="already a member"):
        ladder_join(ladder_id=ladder.pk, user=alice, now=now)
    ladder_leave(ladder_id=ladder.pk, user=alice, now=now)
    with pytest.raises(game_services.NotAllowed, match="not a member"):
        ladder_leave(ladder_id=ladder.pk, user=alice, now=now)
    later = now + dt.timedelta(days=2)
    membership = ladder_join(ladder_id=ladder.pk, user=alice, now=later, capacity=2)
    assert membership.is_current and membership.joined_at == later and membership.capacity == 2
    assert ladder.memberships.count() == 1


def test_capacity_must_be_between_1_and_10(alice, now):
    ladder = make_ladder()
    with pytest.raises(game_services.GameActionError, match="between 1 and 10"):
        ladder_join(ladder_id=ladder.pk, user=alice, now=now, capacity=11)
    join(ladder, alice, now)
    with pytest.raises(game_services.GameActionError, match="between 1 and 10"):
        ladder_capacity_set(ladder_id=ladder.pk, user=alice, capacity=0, now=now)
    assert ladder_capacity_set(ladder_id=ladder.pk, user=alice, capacity=10, now=now).capacity == 10


def test_closed_and_missing_ladders(alice, now):
    closed = make_ladder(active=False)
    with pytest.raises(game_services.Conflict, match="closed"):
        ladder_join(ladder_id=closed.pk, user=alice, now=now)
    with pytest.raises(game_services.NotFound, match="no such ladder"):
        ladder_join(ladder_id=closed.pk + 100, user=alice, now=now)


def test_leaving_withdraws_open_challenges(alice, bob, now):
    ladder = make_ladder()
    join(ladder, alice, now)
    join(ladder, bob, now)
    challenge = challenge_create(ladder_id=ladder.pk, challenger=alice, opponent=bob, now=now)
    ladder_leave(ladder_id=ladder.pk, user=bob, now=now)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.WITHDRAWN


def test_the_ranking_follows_ratings_in_the_ladders_game(alice, bob, carol, dave, now):
    ladder = make_ladder(game="alta")
    join(ladder, alice, now, rating=1550)
    join(ladder, bob, now, rating=1720)
    join(ladder, carol, now)  # unrated: 1500
    join(ladder, dave, now, rating=1490)
    Rating.objects.create(user=dave, game="atlantis", value=2500, games=50, peak=2500)
    ranking = ladder_ranking(ladder, now=now)
    assert [r.user.display_name for r in ranking] == ["Bob", "Alice", "Carol", "Dave"]
    assert [r.rank for r in ranking] == [1, 2, 3, 4]
    assert ranking[2].display == "1500?" and ranking[0].display == "1720"


def test_members_drop_off_after_30_quiet_days_and_return_when_they_play(alice, bob, carol, now):
    ladder = make_ladder()
    for user, rating in ((alice, 1600), (bob, 1500), (carol, 1400)):
        join(ladder, user, now, rating=rating)
    assert ranked_names(ladder, now + dt.timedelta(days=29)) == [
        "Alice",
        "Bob",
        "Carol",
    ]
    assert ranked_names(ladder, now + dt.timedelta(days=31)) == []
    # A running ladder game counts as activity, however old.
    day40 = now + dt.timedelta(days=40)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=day40)
    playing = {s.user.display_name for s in match.seats.all()}
    assert set(ranked_names(ladder, day40 + dt.timedelta(days=60))) == playing
    # Once finished, the game keeps them visible for 30 days from its end.
    seated = [s.user for s in match.seats.all()]
    finish_by_resignations(match, seated, day40 + dt.timedelta(days=10))
    assert set(ranked_names(ladder, day40 + dt.timedelta(days=39))) == playing
    assert ranked_names(ladder, day40 + dt.timedelta(days=41)) == []
    standings = ladder_standings(ladder, now=day40 + dt.timedelta(days=41))
    assert len(standings) == 3 and not any(r.visible for r in standings)


def test_leaving_and_rejoining_does_not_bring_back_an_inactive_member(alice, bob, now):
    ladder = make_ladder()
    join(ladder, alice, now)
    join(ladder, bob, now)
    day40 = now + dt.timedelta(days=40)
    assert ranked_names(ladder, day40) == []
    ladder_leave(ladder_id=ladder.pk, user=alice, now=day40)
    ladder_join(ladder_id=ladder.pk, user=alice, now=day40)
    assert ranked_names(ladder, day40) == []
    # Playing again does.
    ladder_matchmake(ladder_id=ladder.pk, now=day40)
    assert ranked_names(ladder, day40) == ["Alice", "Bob"]


def test_a_member_who_rejoins_soon_after_joining_stays_visible(alice, now):
    ladder = make_ladder()
    join(ladder, alice, now)
    ladder_leave(ladder_id=ladder.pk, user=alice, now=now + dt.timedelta(days=5))
    ladder_join(ladder_id=ladder.pk, user=alice, now=now + dt.timedelta(days=6))
    assert ranked_names(ladder, now + dt.timedelta(days=29)) == ["Alice"]
    assert ranked_names(ladder, now + dt.timedelta(days=31)) == []


def test_ranking_rows_count_ladder_games_wins_and_show_a_trend(alice, bob, now, later):
    ladder = make_ladder()
    join(ladder, alice, now)
    join(ladder, bob, now)
    for hour in (1, 2, 3):
        [match] = ladder_matchmake(ladder_id=ladder.pk, now=later(hour))
        winner, loser = (alice, bob) if hour != 2 else (bob, alice)
        finish_by_resignations(match, [winner, loser], later(hour))
        rating_apply(match_id=match.pk)
    rows = {r.user.display_name: r for r in ladder_ranking(ladder, now=later(4), trends=True)}
    assert (rows["Alice"].stats.played, rows["Alice"].stats.wins) == (3, 2)
    assert (rows["Bob"].stats.played, rows["Bob"].stats.wins) == (3, 1)
    assert rows["Alice"].last_active == later(3)
    assert rows["Alice"].trend[0] == 1500.0 and len(rows["Alice"].trend) == 4
    assert rows["Alice"].trend[-1] == rows["Alice"].rating


def test_a_member_who_resigned_a_running_game_is_free_again(now):
    players = [new_player() for _ in range(5)]
    quitter, *others = players
    ladder = make_ladder(players=3)
    for user in players[:3]:
        join(ladder, user, now)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    everyone_moves_once(match, now)
    game_services.match_resign(match_id=match.pk, user=quitter, now=now)
    match.refresh_from_db()
    assert match.status == "active"  # the other two play on
    rows = {r.user: r for r in ladder_standings(ladder, now=now)}
    assert rows[quitter].stats.running == 0 and rows[others[0]].stats.running == 1
    # Capacity 1 and no game of their own left: seated with the newcomers.
    join(ladder, players[3], now)
    join(ladder, players[4], now)
    [new] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert set(new.seats.values_list("user", flat=True)) == {quitter.pk, players[3].pk, players[4].pk}


def test_an_aborted_ladder_game_is_neither_played_nor_won(alice, bob, now, later):
    ladder = make_ladder()
    join(ladder, alice, now)
    join(ladder, bob, now)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=later(1))
    submit_first_option(match, later(1))
    mover = match.moves.get().user
    other = bob if mover == alice else alice
    # Resigning before one's first move aborts the game: it is not rated.
    game_services.match_resign(match_id=match.pk, user=other, now=later(1))
    rating_apply(match_id=match.pk)
    rows = {r.user: r for r in ladder_standings(ladder, now=later(2))}
    assert (rows[mover].stats.played, rows[mover].stats.wins) == (0, 0)
    assert (rows[other].stats.played, rows[other].stats.wins) == (0, 0)


def test_challenge_reach_counts_only_visible_places(now):
    from ratings.selectors import places_apart, within_places

    from .conftest import new_player

    ladder = make_ladder()
    people = [new_player(f"Reach {i:02}") for i in range(25)]
    for i, user in enumerate(people):
        join(ladder, user, now, rating=2000 - 10 * i)
    standings = ladder_standings(ladder, now=now)
    me = people[12].pk
    reach = within_places(standings, me, 10)
    assert reach == {p.pk for p in people[2:23]} - {me}
    assert all(places_apart(standings, me, other) <= 10 for other in reach)
    assert places_apart(standings, me, people[1].pk) == 11
    assert within_places(standings, -1, 10) == set()
