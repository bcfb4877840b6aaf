"""End to end with a real ``celery worker -B`` (embedded beat): beat sends
both sweeps each minute, the worker runs them against the database, and a
passed deadline is enforced and a near one reminded without any call from
the test.  Needs PostgreSQL and a Redis/RabbitMQ broker (CI runs it); takes
a little over a minute, since beat first fires a 60-second entry after 60 s.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from games.models import MatchEvent, MoveRecord
from mail.models import OutgoingEmail
from tests.workers import celery_worker_command

from .conftest import DAY, HOUR, mover_seat, start_match

ROOT = Path(__file__).resolve().parents[2]
BROKER = os.environ.get("CELERY_BROKER_URL", "")
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not BROKER.startswith(("redis", "amqp")),
        reason="needs PostgreSQL and a Redis/RabbitMQ broker with a real worker (CI)",
    ),
]


@pytest.fixture
def worker_with_beat(tmp_path):
    from alta_site.celery import app

    app.control.purge()
    db = connection.settings_dict
    database = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="alta_site.settings",
        DATABASE_URL=database,
        VAR_DIR=str(tmp_path),
    )
    process = subprocess.Popen(
        celery_worker_command("-B", "--pool=solo", "--loglevel=INFO", "-s", str(tmp_path / "beat-schedule")),
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_beat_and_a_worker_enforce_a_passed_deadline_and_send_a_reminder(worker_with_beat, alice, bob, carol, dave):
    now = timezone.now()
    late = start_match(alice, bob, now=now - 3 * DAY - HOUR)
    soon = start_match(carol, dave, now=now - 2 * DAY - HOUR)  # 23 h left: the 24 h reminder is due
    late_seat, soon_seat = mover_seat(late), mover_seat(soon)
    sent = OutgoingEmail.objects.filter(status=OutgoingEmail.Status.SENT)
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        enforced = MoveRecord.objects.filter(match=late, source="system").exists()
        reminded = MatchEvent.objects.filter(match=soon, kind="reminder").exists()
        # The worker also writes and sends the emails these cause.
        mailed = (
            sent.filter(kind=OutgoingEmail.Kind.REMINDER, user=soon_seat.user).exists()
            and sent.filter(kind=OutgoingEmail.Kind.NOTICE, user=late_seat.user).exists()
        )
        if enforced and reminded and mailed:
            break
        if worker_with_beat.poll() is not None:
            break
        time.sleep(1)
    if not (enforced and reminded and mailed):
        os.killpg(worker_with_beat.pid, signal.SIGTERM)
        output = worker_with_beat.communicate(timeout=20)[0]
        raise AssertionError(f"enforced={enforced} reminded={reminded} mailed={mailed}; worker output:\n{output}")
    record = MoveRecord.objects.get(match=late, source="system")
    assert record.seat_index == late_seat.index
    event = MatchEvent.objects.get(match=soon, kind="reminder")
    assert (event.user_id, event.data["threshold_hours"]) == (soon_seat.user_id, 24)
    assert dt.datetime.fromisoformat(event.data["deadline_at"]) == soon_seat.deadline_at
