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
    schedule = {
        entry["task"]: entry for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }
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
