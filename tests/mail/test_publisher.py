"""A committed move is answered without waiting for the broker: when the
worker is woken by a published task (``MAIL_WAKE = "publish"``, and always
off PostgreSQL), the task is published by the process's publisher thread,
which coalesces what waits, and a broker that hangs or fails never delays
or fails the answer.  (The NOTIFY wake-up: ``test_wakeup``.)"""

from __future__ import annotations

import threading
import time

import pytest
from celery import current_app
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from alta_site.accounts.tokens import ApiToken
from games.services import match_create_seated
from mail import receivers

from .conftest import mover_of
from .playing import first_option


def test_the_publisher_coalesces_what_waits_into_one_task():
    publisher = receivers.make_publisher()
    for pk in (1, 2, 3):
        publisher._queue.put([("move", pk), ("event", pk)])
    assert publisher._take(block=True) == [
        ("move", 1),
        ("event", 1),
        ("move", 2),
        ("event", 2),
        ("move", 3),
        ("event", 3),
    ]
    assert publisher._take(block=False) == []


def test_the_publisher_caps_a_task_at_publish_max(monkeypatch):
    monkeypatch.setattr(receivers, "PUBLISH_MAX", 4)
    publisher = receivers.make_publisher()
    for pk in range(5):
        publisher._queue.put([("move", pk)])
    assert len(publisher._take(block=True)) == 4
    assert publisher._take(block=False) == [("move", 4)]


@pytest.mark.django_db(transaction=True)  # real commits: on-commit publishing runs as in production
@override_settings(MAIL_WAKE="publish")
def test_a_move_is_answered_while_the_broker_hangs_and_its_task_follows(alice, bob, monkeypatch):
    monkeypatch.setitem(current_app.conf, "task_always_eager", False)
    release, published = threading.Event(), []

    def slow_broker(items):
        release.wait(5)  # a broker that takes its time
        published.append(items)

    monkeypatch.setattr(receivers, "_publish", slow_broker)
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    seat = mover_of(match)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.issue(user=seat.user, name='test')[1]}")
    started = time.monotonic()
    answer = api.post(
        f"/api/games/{match.pk}/moves/", {"ply": match.ply, "move": first_option(match, seat)}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert time.monotonic() - started < 2  # not held up by the broker's 5 s
    release.set()
    deadline = time.monotonic() + 5
    while not any(("move", m) in items for items in published for m in match.moves.values_list("pk", flat=True)):
        assert time.monotonic() < deadline, published
        time.sleep(0.02)


@pytest.mark.django_db(transaction=True)
def test_a_failing_broker_in_the_publisher_is_logged_and_the_publisher_goes_on(monkeypatch, caplog):
    from celery.app.task import Task

    monkeypatch.setitem(current_app.conf, "task_always_eager", False)
    calls = []

    def refuse(task, args, kwargs=None, **options):
        calls.append(list(args[0]))  # the move ids
        raise ConnectionError("broker down")

    monkeypatch.setattr(Task, "apply_async", refuse)
    publisher = receivers.make_publisher()
    publisher.put([("move", 1)])
    publisher.put([("move", 2)])
    deadline = time.monotonic() + 5
    while "Could not queue the emails" not in caplog.text or len(calls) < 1:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    publisher.put([("move", 3)])
    while not any(3 in moves for moves in calls):
        assert time.monotonic() < deadline, calls
        time.sleep(0.02)


def test_a_chat_line_is_handed_to_the_publisher_thread_not_sent_in_the_request(monkeypatch):
    from mail import tasks

    monkeypatch.setitem(current_app.conf, "task_always_eager", False)
    release, sent = threading.Event(), []

    def slow_delay(**kwargs):
        release.wait(5)  # a broker that takes its time
        sent.append((kwargs, threading.current_thread()))

    monkeypatch.setattr(tasks.chat_deliver, "delay", slow_delay)
    started = time.monotonic()
    receivers.on_chat_posted(sender=None, chat_id=17)
    assert time.monotonic() - started < 1
    release.set()
    deadline = time.monotonic() + 5
    while not sent:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert sent[0][0] == {"chat_id": 17}
    assert sent[0][1] is not threading.current_thread()
