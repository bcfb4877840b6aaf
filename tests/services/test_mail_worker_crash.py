"""Killing a worker mid-send loses no mail and sends none twice.

Runs against the real services (PostgreSQL, Redis or RabbitMQ, a real
``celery worker`` process, a local SMTP sink); CI runs it.  The worker is
killed with SIGKILL while it is talking to the SMTP server about one of 200
notifications; a new worker and the outbox sweeper then deliver the rest.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from mail.models import OutgoingEmail
from mail.outbox import email_queue
from tests.workers import celery_worker_command

from .smtp_sink import start_sink

ROOT = Path(__file__).resolve().parents[2]
LEASE = 3
BROKER = os.environ.get("CELERY_BROKER_URL", "")
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not BROKER.startswith(("redis", "amqp")),
        reason="needs PostgreSQL and a Redis/RabbitMQ broker with a real worker (CI)",
    ),
]


def start_worker(smtp_port: int) -> subprocess.Popen:
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="alta_site.settings",
        DATABASE_URL=database,
        EMAIL_URL=f"smtp://127.0.0.1:{smtp_port}",
        MAIL_SEND_LEASE_SECONDS=str(LEASE),
    )
    return subprocess.Popen(
        celery_worker_command("--pool=solo", "--loglevel=WARNING"),
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def real_broker():
    from alta_site.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    app.control.purge()
    yield app
    app.conf.task_always_eager = eager


def test_every_mail_arrives_exactly_once_after_a_worker_is_killed(real_broker, settings):
    sink, controller, port = start_sink(hold_at=60)
    workers = []
    try:
        workers.append(start_worker(port))
        now = timezone.now()
        from django.db import transaction

        with transaction.atomic():
            rows = [
                email_queue(
                    kind="notice",
                    to=f"p{i}@example.com",
                    subject=f"Turn {i}",
                    text="t",
                    html="<p>t</p>",
                    dedupe_key=f"crash:{i}",
                    now=now,
                )
                for i in range(200)
            ]
        wait_for(sink.holding.is_set, 60, "the worker to reach mail 60")
        os.killpg(workers[0].pid, signal.SIGKILL)
        workers[0].wait()
        sink.release.set()
        assert 50 <= len(sink.message_ids) < 200

        workers.append(start_worker(port))
        # Time passes: the killed worker's lease runs out and the rows it
        # never reached are older than the sweeper's one-minute grace.
        settings.MAIL_SEND_LEASE_SECONDS = LEASE
        time.sleep(LEASE + 0.5)
        OutgoingEmail.objects.filter(status="queued").update(created_at=now - dt.timedelta(minutes=2))
        from mail.tasks import outbox_sweep

        sweeps = []

        def all_sent() -> bool:
            if not sweeps or time.monotonic() - sweeps[-1] > 10:
                sweeps.append(time.monotonic())
                outbox_sweep.delay()
            return OutgoingEmail.objects.filter(status="sent").count() == 200

        wait_for(all_sent, 120, "all 200 mails to be sent")
    finally:
        for worker in workers:
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGTERM)
                worker.wait(timeout=30)
        controller.stop()
    counts = Counter(sink.message_ids)
    assert set(counts) == {row.message_id for row in rows}
    assert max(counts.values()) == 1, [m for m, c in counts.items() if c > 1]
