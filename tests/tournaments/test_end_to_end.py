"""Whole tournaments of Alta, run the way production runs them: players
register, the beat task closes registration, games are finished through
the games app's write path, the Celery tasks record results and create
the next rounds, and the final standings are published and mailed."""

import pytest
import time_machine
from django.test import Client

from games.models import Match
from games.services import match_resign
from mail.models import OutgoingEmail
from tests.games.conftest import play_default_moves as play_default_moves_of_match
from tournaments.models import Tournament
from tournaments.tasks import tournament_game_finished as game_finished_task
from tournaments.tasks import tournaments_start_due as start_due_task

from .conftest import (
    DAY,
    make_tournament,
    new_players,
    register,
    running_games,
    user_of,
)

pytestmark = pytest.mark.django_db


def start_by_beat(tournament, now):
    with time_machine.travel(tournament.registration_closes_at, tick=False):
        assert start_due_task.apply().get() == [tournament.pk]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def lower_seed_resigns(tournament, game, now):
    """The better seed wins: the other resigns through the write path."""
    seeds = dict(tournament.participants.values_list("pk", "seed"))
    loser = max(game.players, key=seeds.__getitem__)
    match_resign(match_id=game.match_id, user=user_of(tournament, loser), now=now)


def play_default_moves(tournament, game, now):
    """Every seat plays the engine's default move until the game ends."""
    play_default_moves_of_match(game.match, now)


def run_rounds(tournament, finish, now):
    """Finish every running game, then run the task the games app's hook
    would queue; repeat until nothing runs.  Returns the rounds seen."""
    rounds = []
    for _ in range(20):
        games = running_games(tournament)
        if not games:
            return rounds
        rounds.append(sorted(g.key for g in games))
        for game in games:
            finish(tournament, game, now)
            assert game_finished_task.apply(kwargs={"match_id": game.match_id}).successful()
            # The same task delivered twice changes nothing.
            assert game_finished_task.apply(kwargs={"match_id": game.match_id}).get() == {
                "recorded": 0,
                "created": 0,
                "finished": False,
            }
    raise AssertionError("did not finish")


def assert_published(tournament, players):
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = sorted(tournament.participants.values_list("final_place", flat=True))
    assert places[0] == 1 and None not in places
    finals = OutgoingEmail.objects.filter(dedupe_key__startswith=f"tournament-final:{tournament.pk}:")
    assert sorted(finals.values_list("to", flat=True)) == sorted(p.email for p in players)
    page = Client().get(tournament.get_absolute_url()).content.decode()
    assert "Final" in page and "Winner:" in page


def test_an_eight_player_single_elimination_runs_to_the_end(alice, club, now):
    players = new_players(8)
    t = make_tournament(alice, club, now=now, format="single_elimination", third_place=True)
    register(t, players, now)
    with time_machine.travel(now + 7 * DAY, tick=False):
        start_by_beat(t, now)
        rounds = run_rounds(t, lower_seed_resigns, now + 7 * DAY)
    assert rounds == [
        ["R1-1", "R1-2", "R1-3", "R1-4"],
        ["R2-1", "R2-2"],
        ["3P", "R3-1"],
    ]
    assert_published(t, players)
    by_seed = dict(t.participants.values_list("seed", "final_place"))
    assert [by_seed[s] for s in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert {by_seed[s] for s in (5, 6, 7, 8)} == {5}


def test_a_six_player_swiss_runs_to_the_end_with_games_played_out(alice, club, now):
    players = new_players(6)
    t = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(t, players, now)
    with time_machine.travel(now + 7 * DAY, tick=False):
        start_by_beat(t, now)
        rounds = run_rounds(t, play_default_moves, now + 7 * DAY)
    assert [len(r) for r in rounds] == [3, 3, 3]
    assert_published(t, players)
    pairs = [frozenset(g.players) for g in t.games.all()]
    assert len(pairs) == len(set(pairs)) == 9  # no rematch in three rounds
    terminations = set(Match.objects.filter(tournament_game__tournament=t).values_list("termination", flat=True))
    assert terminations == {"normal"}


def test_the_games_hook_drives_the_tournament_on_commit(alice, club, now, django_capture_on_commit_callbacks):
    """``match_finished`` (sent on commit) -> receiver -> task -> service:
    resigning is all it takes for the next round to appear."""
    players = new_players(4)
    t = make_tournament(alice, club, now=now, format="single_elimination")
    register(t, players, now)
    start_by_beat(t, now)
    for _ in range(2):
        for game in running_games(t):
            with django_capture_on_commit_callbacks(execute=True):
                lower_seed_resigns(t, game, now)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.participants.get(seed=1).final_place == 1
