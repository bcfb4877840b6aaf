"""The Celery wrappers, end to end: beat's schedule names them, and
``task.apply()`` reads the clock and runs the sweeps."""

from __future__ import annotations

import pytest
import time_machine
from django.conf import settings

from games import tasks
from games.models import MatchEvent, MoveRecord

from .conftest import HOUR, mover_seat

pytestmark = pytest.mark.django_db
MINUTE = HOUR / 60


def test_beat_runs_both_sweeps_every_minute():
    schedule = {entry["task"]: entry for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    for task in (tasks.deadlines_sweep, tasks.reminders_sweep):
        assert schedule[task.name]["schedule"] == 60
    assert tasks.deadlines_sweep.name == "games.tasks.deadlines_sweep"


def test_the_sweep_tasks_enforce_and_remind_at_the_current_time(duel, now):
    seat = mover_seat(duel)
    with time_machine.travel(seat.deadline_at - 2 * HOUR, tick=False):
        assert tasks.reminders_sweep.apply().get() == 1
        assert tasks.deadlines_sweep.apply().get() == {}
    assert MatchEvent.objects.filter(match=duel, kind="reminder").count() == 1
    with time_machine.travel(seat.deadline_at + MINUTE, tick=False):
        result = tasks.deadlines_sweep.apply()
    assert result.successful() and result.get() == {"auto": 1}
    record = MoveRecord.objects.get(match=duel)
    assert (record.source, record.seat_index) == ("system", seat.index)
    assert MatchEvent.objects.filter(match=duel, kind="timeout_auto").count() == 1


def test_a_backlog_brings_in_helper_sweeps_that_share_it(alice, bob, carol, dave, now, monkeypatch, settings):
    from functools import partial

    from games.deadlines import sweeps as deadlines

    from .conftest import start_match

    settings.DEADLINE_SWEEPERS = 3
    for pair in ((alice, bob), (carol, dave), (alice, carol), (bob, dave)):
        start_match(*pair, now=now)
    calls = []
    real = deadlines.deadlines_sweep

    def small_batches(**kwargs):
        calls.append(kwargs["on_backlog"] is not None)
        return partial(real, batch_size=1)(**kwargs)

    monkeypatch.setattr(deadlines, "deadlines_sweep", small_batches)
    with time_machine.travel(now + 3 * 24 * HOUR + HOUR, tick=False):
        report = tasks.deadlines_sweep.apply().get()
    # Beat's sweep plus two helpers (run inline here: tasks are eager in tests),
    # which call for no more help; every deadline enforced exactly once.
    assert calls == [True, False, False]
    assert report["auto"] >= 1
    assert MoveRecord.objects.filter(source="system").count() == 4
    assert MoveRecord.objects.filter(source="system").values("match").distinct().count() == 4
