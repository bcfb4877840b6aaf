"""A real ``celery worker`` process consumes the configured broker.

Locally that is the filesystem broker under ``var/``; in CI it is Redis
(``CELERY_BROKER_URL=redis://…``), so what is tested is what is deployed.
On PostgreSQL the worker also listens for the moves' NOTIFY: a move made
by the API is mailed by it with no task published by the web side.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from celery import current_app
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from alta_site.tasks import ping
from games.services import match_create_seated
from mail import receivers, wakeup
from mail.models import OutgoingEmail
from tests.mail.test_wakeup import _api_turn, _move_emails, _wait_for
from tests.workers import celery_worker_command

ROOT = Path(__file__).resolve().parents[2]


def _start(env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        celery_worker_command("--pool=solo", "--loglevel=WARNING"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture
def worker():
    process = _start(dict(os.environ, DJANGO_SETTINGS_MODULE="alta_site.settings"))
    yield process
    _stop(process)


@pytest.fixture
def worker_on_the_test_database():
    """A worker on this test's database (which the test commits to), on an
    empty queue (tasks left by other runs name rows of other databases)."""
    from alta_site.celery import app

    app.control.purge()
    db = connection.settings_dict
    database = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    process = _start(dict(os.environ, DJANGO_SETTINGS_MODULE="alta_site.settings", DATABASE_URL=database))
    yield process
    _stop(process)


def _output(process: subprocess.Popen) -> str:
    process.terminate()
    return process.communicate(timeout=20)[0]


def test_a_real_worker_answers_ping(worker):
    from alta_site.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        result = ping.apply_async()
    finally:
        app.conf.task_always_eager = eager
    try:
        assert result.get(timeout=60) == "pong"
    except Exception:
        worker.terminate()
        output = worker.communicate(timeout=10)[0]
        raise AssertionError(f"worker did not answer; its output:\n{output}") from None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the NOTIFY wake-up needs PostgreSQL")
@pytest.mark.django_db(transaction=True)  # the worker reads what the test commits
def test_a_real_worker_is_woken_by_a_move_and_mails_it_with_nothing_published_by_the_web(
    worker_on_the_test_database, alice, bob, monkeypatch
):
    worker = worker_on_the_test_database
    published = []
    monkeypatch.setattr(receivers, "_publish", published.append)
    monkeypatch.setitem(current_app.conf, "task_always_eager", False)  # as the web side runs
    listening = "SELECT 1 FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()"

    def listener_up() -> bool:
        with connection.cursor() as cursor:
            cursor.execute(listening, ["alta-mail-wakeup"])
            return cursor.fetchone() is not None

    try:
        _wait_for(listener_up, "the worker's listener", timeout=60)
        with override_settings(MAIL_WAKE="notify"):
            assert wakeup.notifying()
            match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
            move = _api_turn(match)
        emails = _move_emails(move)
        sent = emails.filter(status=OutgoingEmail.Status.SENT)
        _wait_for(lambda: sent.exists() and sent.count() == emails.count(), "the move's mail, sent", timeout=60)
    except AssertionError as error:
        raise AssertionError(f"{error}; the worker's output:\n{_output(worker)}") from None
    move.refresh_from_db()
    assert move.notified_at is not None
    assert published == []


#: Client backends on this test's database other than this test's own
#: connection and a worker's NOTIFY listener.
OTHER_BACKENDS = (
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    " AND backend_type = 'client backend' AND application_name <> 'alta-mail-wakeup'"
)


def _other_backends() -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(OTHER_BACKENDS)
        return {pid for (pid,) in cursor.fetchall()}


@pytest.fixture
def worker_keeping_connections():
    """A worker on this test's database with connections kept for a minute,
    as deployed (``DB_CONN_MAX_AGE=60``), and the backends that were there
    before it (other tests' threads may have left theirs idle)."""
    from alta_site.celery import app

    app.control.purge()
    db = connection.settings_dict
    database = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    before = _other_backends()
    process = _start(
        dict(os.environ, DJANGO_SETTINGS_MODULE="alta_site.settings", DATABASE_URL=database, DB_CONN_MAX_AGE="60")
    )
    yield process, before
    _stop(process)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="counts the worker's PostgreSQL backends")
@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_database_connection_across_tasks(worker_keeping_connections, monkeypatch):
    """Without reuse every task opened a new PostgreSQL connection (a
    backend start and its authentication, for each mail sent)."""
    from alta_site.celery import app
    from alta_site.tasks import sessions_clear_expired

    monkeypatch.setitem(app.conf, "task_always_eager", False)
    worker, before = worker_keeping_connections

    def tasks_then_backends() -> set[int]:
        for _ in range(5):
            sessions_clear_expired.apply_async()  # each task reads the database
        try:
            assert ping.apply_async().get(timeout=60) == "pong"  # the solo pool ran the five first
        except Exception:
            raise AssertionError(f"worker did not answer; its output:\n{_output(worker)}") from None
        return _other_backends() - before

    first = tasks_then_backends()
    assert len(first) == 1  # closed after each task, there would be none left
    assert tasks_then_backends() == first
