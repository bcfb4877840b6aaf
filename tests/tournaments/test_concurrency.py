"""Two games of a round finishing at the same moment, on a real database
with row locks: the next round is paired exactly once."""

import threading

import pytest
from django.db import connection, connections

from games.services import match_resign
from tournaments.models import TournamentGame
from tournaments.services import tournament_advance

from .conftest import new_players, running_games, started, user_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="SQLite serialises whole-database writes, so no two steps ever overlap; "
        "the row-lock race needs PostgreSQL (CI runs it)",
    ),
]


def run_together(actions):
    barrier = threading.Barrier(len(actions))
    errors = []

    def run(action):
        barrier.wait()
        try:
            action()
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_two_games_finishing_at_once_pair_the_next_round_once(alice, club, now):
    """Each resignation commits, and the games app's hook runs the
    tournament task in the same thread (eager Celery), so the two tasks
    race for the tournament lock."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=2)
    first, second = running_games(t)

    def resign(game):
        return lambda: match_resign(match_id=game.match_id, user=user_of(t, game.players[0]), now=now)

    run_together([resign(first), resign(second)])
    assert t.games.filter(round__number=1, ranking__isnull=True).count() == 0
    round_two = t.games.filter(round__number=2)
    assert sorted(round_two.values_list("key", flat=True)) == ["R2-T1", "R2-T2"]
    assert t.events.filter(kind="started").count() == 1


def test_many_workers_advancing_at_once_create_each_game_once(alice, club, now):
    """Round 1's results are in but round 2 is not paired yet (as after a
    worker died between the two): six workers pair it at once."""
    t = started(alice, club, new_players(8), now=now, format="single_elimination")
    for game in running_games(t):
        winner, loser = game.players
        TournamentGame.objects.filter(pk=game.pk).update(
            ranking=[[winner], [loser]],
            source=TournamentGame.Source.GAME,
            decided_at=now,
        )
    reports = []
    run_together([lambda: reports.append(tournament_advance(tournament_id=t.pk, now=now))] * 6)
    assert sorted(r.created for r in reports) == [0, 0, 0, 0, 0, 2]
    keys = sorted(TournamentGame.objects.filter(tournament=t, key__startswith="R2").values_list("key", flat=True))
    assert keys == ["R2-1", "R2-2"]
