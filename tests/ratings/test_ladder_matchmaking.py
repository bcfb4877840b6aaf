"""Matchmaking rounds create rated ladder games for members with free slots."""

import datetime as dt

import pytest

from games import services as game_services
from games.models import Match
from ratings import availability
from ratings.models import LadderGame
from ratings.services import (
    ladder_capacity_set,
    ladder_leave,
    ladder_matchmake,
    ladders_matchmake,
    rating_apply,
)

from .conftest import (
    finish_by_resignations,
    join,
    ladder_players,
    make_ladder,
    new_player,
)

pytestmark = pytest.mark.django_db


def names(*users):
    return frozenset(u.display_name for u in users)


def test_a_round_starts_rated_games_with_the_ladders_settings(alice, bob, now):
    ladder = make_ladder(game="alta", players=2, days_per_move=5, timeout_policy="forfeit")
    join(ladder, alice, now)
    join(ladder, bob, now)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert match.status == Match.Status.ACTIVE
    settings = (match.game, match.rated, match.days_per_move, match.timeout_policy)
    assert settings == ("alta", True, 5, "forfeit")
    assert LadderGame.objects.get(match=match).origin == "matchmaking"
    assert ladder_players(ladder) == [names(alice, bob)]


def test_capacity_is_respected(alice, bob, carol, dave, now):
    ladder = make_ladder(players=2)
    for user, rating in ((alice, 1600), (bob, 1590), (carol, 1500), (dave, 1490)):
        join(ladder, user, now, rating=rating)
    assert len(ladder_matchmake(ladder_id=ladder.pk, now=now)) == 2
    # Everyone is at capacity 1 with a game running: nothing new.
    assert ladder_matchmake(ladder_id=ladder.pk, now=now) == []
    ladder_capacity_set(ladder_id=ladder.pk, user=alice, capacity=2, now=now)
    assert ladder_matchmake(ladder_id=ladder.pk, now=now) == []  # nobody else is free
    ladder_capacity_set(ladder_id=ladder.pk, user=dave, capacity=3, now=now)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert set(match.seats.values_list("user", flat=True)) == {alice.pk, dave.pk}
    running = Match.objects.filter(status="active", seats__user=alice).count()
    assert running == 2


def test_nobody_on_vacation_is_matched(alice, bob, carol, now, monkeypatch):
    ladder = make_ladder(players=2)
    for user in (alice, bob, carol):
        join(ladder, user, now)
    monkeypatch.setattr(availability, "is_on_vacation", lambda user, when: user == alice)
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert ladder_players(ladder) == [names(bob, carol)]
    assert match.seats.filter(user=alice).count() == 0


def test_the_last_three_opponents_are_avoided(alice, bob, carol, dave, now, later):
    ladder = make_ladder(players=2)
    for user, rating in ((alice, 1600), (bob, 1590), (carol, 1500), (dave, 1490)):
        join(ladder, user, now, capacity=2, rating=rating, games=40)
    ladder_matchmake(ladder_id=ladder.pk, now=later(1))
    assert set(ladder_players(ladder)) == {names(alice, bob), names(carol, dave)}
    # Capacity 2: the next round seats everyone again, with new opponents.
    ladder_matchmake(ladder_id=ladder.pk, now=later(2))
    newest = set(ladder_players(ladder)[:2])
    assert names(alice, bob) not in newest and names(carol, dave) not in newest
    assert all(len(pair) == 2 for pair in newest)


def test_recent_opponents_come_from_finished_ladder_games_too(alice, bob, carol, dave, later):
    ladder = make_ladder(players=2)
    for user, rating in ((alice, 1600), (bob, 1590), (carol, 1500), (dave, 1490)):
        join(ladder, user, later(0), rating=rating, games=40)
    for match in ladder_matchmake(ladder_id=ladder.pk, now=later(1)):
        seated = [s.user for s in match.seats.all()]
        finish_by_resignations(match, seated, later(2))
        rating_apply(match_id=match.pk)
    ladder_matchmake(ladder_id=ladder.pk, now=later(3))
    assert names(alice, bob) not in ladder_players(ladder)[:2]


def test_a_round_repeats_no_recent_opponent_when_it_need_not(alice, bob, carol, dave, later):
    ladder = make_ladder(players=2)
    for user, rating in ((alice, 1800), (bob, 1700), (carol, 1600), (dave, 1500)):
        join(ladder, user, later(0), rating=rating, games=40)
    for hour, pair in enumerate(((alice, bob), (carol, dave), (bob, dave)), start=1):
        match = game_services.match_create_seated(users=list(pair), game="alta", now=later(hour), rated=True)
        LadderGame.objects.create(ladder=ladder, match=match, origin="matchmaking", created_at=later(hour))
        finish_by_resignations(match, list(pair), later(hour))
    ladder_matchmake(ladder_id=ladder.pk, now=later(5))
    # Alice–Carol would leave Bob with Dave, whom he just played.
    assert set(ladder_players(ladder)[:2]) == {names(alice, dave), names(bob, carol)}


@pytest.mark.parametrize("size", [3, 4])
def test_multiplayer_tables_group_the_closest_ratings(size, now):
    ladder = make_ladder(players=size)
    top = [new_player(f"Top {i}") for i in range(size)]
    low = [new_player(f"Low {i}") for i in range(size)]
    for i, user in enumerate(top):
        join(ladder, user, now, rating=2000 - 10 * i)
    for i, user in enumerate(low):
        join(ladder, user, now, rating=1400 - 10 * i)
    # Joined last, so waited least: the one to sit out when seats are short.
    extra = new_player("Odd one")
    join(ladder, extra, now + dt.timedelta(hours=1), rating=1700)
    matches = ladder_matchmake(ladder_id=ladder.pk, now=now + dt.timedelta(hours=2))
    assert len(matches) == 2
    assert set(ladder_players(ladder)) == {names(*top), names(*low)}


def test_members_who_left_and_closed_ladders_get_no_games(alice, bob, carol, now):
    ladder = make_ladder(players=2)
    for user in (alice, bob, carol):
        join(ladder, user, now)
    ladder_leave(ladder_id=ladder.pk, user=alice, now=now)
    ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert ladder_players(ladder) == [names(bob, carol)]
    closed = make_ladder(players=2, name="Closed", active=False)
    assert ladder_matchmake(ladder_id=closed.pk, now=now) == []


def test_every_active_ladder_gets_a_round(alice, bob, carol, dave, now):
    duels, trios = make_ladder(players=2), make_ladder(players=3)
    for user in (alice, bob):
        join(duels, user, now)
    for user in (alice, carol, dave):
        join(trios, user, now)
    assert ladders_matchmake(now=now) == {duels.pk: 1, trios.pk: 1}


def test_a_deactivated_account_gets_no_new_ladder_games(alice, bob, carol, now):
    """Staff deactivated Bob's account (he cannot sign in): matchmaking must
    not seat him in a game he could never play; the others are paired."""
    ladder = make_ladder(players=2)
    for user in (alice, bob, carol):
        join(ladder, user, now)
    bob.is_active = False
    bob.save(update_fields=["is_active"])
    [match] = ladder_matchmake(ladder_id=ladder.pk, now=now)
    assert set(match.seats.values_list("user", flat=True)) == {alice.pk, carol.pk}
    assert ladder_matchmake(ladder_id=ladder.pk, now=now) == []
