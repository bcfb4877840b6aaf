"""The Celery side: thin tasks over the services, the games hook's
receiver, and the beat schedule."""

import pytest
import time_machine
from django.conf import settings

from games import signals
from games.models import Match
from tournaments import tasks
from tournaments.models import Tournament

from .conftest import (
    DAY,
    HOUR,
    finish,
    make_tournament,
    new_players,
    register,
    running_games,
    started,
    user_of,
)

pytestmark = pytest.mark.django_db


def test_the_start_task_reads_the_clock_at_the_edge(alice, club, now):
    t = make_tournament(alice, club, now=now, format="single_elimination")
    register(t, new_players(2), now)
    with time_machine.travel(t.registration_closes_at - HOUR, tick=False):
        assert tasks.tournaments_start_due.apply().get() == []
    with time_machine.travel(t.registration_closes_at, tick=False):
        assert tasks.tournaments_start_due.apply().get() == [t.pk]
        assert tasks.tournaments_start_due.apply().get() == []
    t.refresh_from_db()
    assert t.started_at == t.registration_closes_at


def test_the_game_finished_task_twice_records_once(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    finish(game, user_of(t, game.players[0]), now)
    with time_machine.travel(now + DAY, tick=False):
        first = tasks.tournament_game_finished.apply(kwargs={"match_id": game.match_id}).get()
        second = tasks.tournament_game_finished.apply(kwargs={"match_id": game.match_id}).get()
    assert first == {"recorded": 1, "created": 0, "finished": True}
    assert second == {"recorded": 0, "created": 0, "finished": False}
    t.refresh_from_db()
    assert t.finished_at == now + DAY


def test_the_advance_and_sweep_tasks(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="single_elimination")
    (game,) = running_games(t)
    finish(game, user_of(t, game.players[1]), now)
    with time_machine.travel(now + HOUR, tick=False):
        assert tasks.tournaments_sweep.apply().get() == [t.pk]
        assert tasks.tournament_advance.apply(kwargs={"tournament_id": t.pk}).get() == {
            "recorded": 0,
            "created": 0,
            "finished": False,
        }


def test_the_deadline_and_autoplay_tasks(alice, club, now):
    t = started(alice, club, new_players(2), now=now, format="swiss", rounds=1, round_days=2)
    (game,) = running_games(t)
    with time_machine.travel(now + 2 * DAY + HOUR, tick=False):
        swept = tasks.round_deadlines_sweep.apply().get()
    assert swept == {"notified": [t.round_set.get().pk], "autoplay": []}
    with time_machine.travel(now + 3 * DAY + 2 * HOUR, tick=False):
        assert tasks.round_deadlines_sweep.apply().get()["autoplay"] == [game.match_id]
        plies = tasks.tournament_match_autoplay.apply(kwargs={"match_id": game.match_id}).get()
    assert plies > 0
    assert Match.objects.get(pk=game.match_id).status == Match.Status.FINISHED
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_the_receiver_only_queues_the_task(monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.tournament_game_finished, "delay", lambda **kwargs: queued.append(kwargs))
    signals.match_finished.send(sender=Match, match_id=42)
    assert queued == [{"match_id": 42}]


def test_a_broker_failure_in_the_receiver_is_logged_not_raised(monkeypatch, caplog):
    def broken(**kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.tournament_game_finished, "delay", broken)
    signals.match_finished.send(sender=Match, match_id=7)
    assert "Could not queue tournament_game_finished for match 7" in caplog.text


def test_the_beat_runs_the_tournament_sweeps():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {
        "tournaments.tasks.tournaments_start_due",
        "tournaments.tasks.round_deadlines_sweep",
        "tournaments.tasks.tournaments_sweep",
    } <= scheduled
    from alta_site.celery import app

    app.loader.import_default_modules()
    for name in scheduled:
        if name.startswith("tournaments."):
            assert name in app.tasks, name
