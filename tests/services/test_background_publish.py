"""A finished game's rating and tournament tasks are queued off the
request's thread (``core.background``): the request never waits for the
broker, and a broker that fails is only logged."""

from __future__ import annotations

import threading
import time

import pytest

from games.models import Match
from games.signals import match_finished
from ratings import tasks as rating_tasks
from tournaments import tasks as tournament_tasks

TASKS = (rating_tasks.rating_apply, tournament_tasks.tournament_game_finished)


@pytest.fixture
def broker(monkeypatch):
    """Celery as deployed (not eager), with each task's ``delay`` recorded:
    ``(task name, kwargs, thread)``; ``arrived`` is set once both came."""
    sent: list[tuple[str, dict, threading.Thread]] = []
    arrived = threading.Event()

    def recorder(name):
        def delay(**kwargs):
            sent.append((name, kwargs, threading.current_thread()))
            if len(sent) == len(TASKS):
                arrived.set()

        return delay

    for task in TASKS:
        monkeypatch.setitem(task.app.conf, "task_always_eager", False)
        monkeypatch.setattr(task, "delay", recorder(task.name))
    return sent, arrived


def test_a_finished_game_queues_its_tasks_from_the_publisher_thread(broker):
    sent, arrived = broker
    match_finished.send_robust(sender=Match, match_id=42)
    assert arrived.wait(timeout=10)
    assert sorted((name, kwargs) for name, kwargs, _ in sent) == sorted((task.name, {"match_id": 42}) for task in TASKS)
    assert all(thread is not threading.current_thread() for _, _, thread in sent)


def test_the_request_does_not_wait_for_a_slow_broker(monkeypatch, broker):
    sent, arrived = broker
    release = threading.Event()
    recorded = rating_tasks.rating_apply.delay

    def slow(**kwargs):
        release.wait(timeout=10)
        recorded(**kwargs)

    monkeypatch.setattr(rating_tasks.rating_apply, "delay", slow)
    match_finished.send_robust(sender=Match, match_id=7)  # returns while the broker hangs
    assert not arrived.is_set()
    release.set()
    assert arrived.wait(timeout=10)


def test_a_broker_failure_is_logged_and_the_next_task_still_goes(monkeypatch, broker, caplog):
    sent, _ = broker
    recorded = rating_tasks.rating_apply.delay

    def flaky(**kwargs):
        if kwargs == {"match_id": 8}:
            raise ConnectionError("broker down")
        recorded(**kwargs)

    monkeypatch.setattr(rating_tasks.rating_apply, "delay", flaky)
    match_finished.send_robust(sender=Match, match_id=8)
    match_finished.send_robust(sender=Match, match_id=9)
    deadline = time.monotonic() + 10
    while len(sent) < 3 and time.monotonic() < deadline:  # both tournament tasks and the second rating
        time.sleep(0.01)
    assert sorted((name.rsplit(".", 1)[1], kwargs["match_id"]) for name, kwargs, _ in sent) == [
        ("rating_apply", 9),
        ("tournament_game_finished", 8),
        ("tournament_game_finished", 9),
    ]
    assert "Could not queue rating_apply for match 8; the sweep will rate it." in caplog.text
