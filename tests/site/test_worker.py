"""A real ``celery worker`` process consumes the configured broker.

Locally that is the filesystem broker under ``var/``; in CI it is Redis
(``CELERY_BROKER_URL=redis://…``), so what is tested is what is deployed.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from alta_site.tasks import ping
from tests.workers import celery_worker_command

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker():
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="alta_site.settings")
    process = subprocess.Popen(
        celery_worker_command("--pool=solo", "--loglevel=WARNING"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    yield process
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


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
