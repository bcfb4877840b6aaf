"""Waking the mail worker by PostgreSQL NOTIFY (``MAIL_WAKE = "notify"``):
a committed move's notification reaches a listening worker, which writes
its mail once, however many workers listen; a move made while nobody
listens is answered all the same, and its mail is written when a listener
comes back or by the outbox sweep."""

from __future__ import annotations

import datetime as dt
import time

import pytest
import time_machine
from celery import current_app
from django.core import mail
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from games.models import MoveRecord
from games.services import match_create_seated
from mail import announce, receivers, tasks, wakeup
from mail.models import OutgoingEmail

from .conftest import mover_of
from .playing import api_move

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="NOTIFY/LISTEN needs PostgreSQL (CI runs the suite on it)"
)


@pytest.fixture
def notify_mode(monkeypatch):
    """This process wakes a worker by NOTIFY, as a web process does in
    production (not eagerly: there is a worker to wake)."""
    monkeypatch.setitem(current_app.conf, "task_always_eager", False)
    with override_settings(MAIL_WAKE="notify"):
        yield


class Worker:
    """What a worker does with a wake-up: run ``notifications_write`` (the
    task itself, in the listener's thread instead of a pool)."""

    def __init__(self) -> None:
        self.woken: list[tuple[list[int], list[int]]] = []

    def __call__(self, move_ids: list[int], event_ids: list[int]) -> None:
        tasks.notifications_write.apply(args=(move_ids, event_ids))
        self.woken.append((move_ids, event_ids))  # once done

    def moves(self) -> set[int]:
        return {pk for moves, _ in self.woken for pk in moves}


@pytest.fixture
def listening():
    """Start listeners (``listening(n)``: n workers) and stop them after."""
    started: list[wakeup.Listener] = []

    def start(workers: int = 1) -> list[Worker]:
        made = []
        for _ in range(workers):
            worker = Worker()
            listener = wakeup.Listener(wake=worker).start()
            assert listener.listening.wait(10), "the listener did not connect"
            started.append(listener)
            made.append(worker)
        return made

    yield start
    for listener in started:
        listener.stop()


def _api_turn(match) -> MoveRecord:
    """A whole turn by the API (the moves of one player until the next
    player's turn: that is what mails the next player); its last move."""
    mover = mover_of(match).index
    while True:
        move = api_move(match)
        match.refresh_from_db()
        if mover_of(match).index != mover:
            return move


def _wait_for(predicate, what: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def _move_emails(move: MoveRecord):
    """The outbox rows of ``move`` (the next player's "your move")."""
    return OutgoingEmail.objects.filter(dedupe_key__startswith=f"turn:{move.match_id}:{move.ply}:")


def _sent_times(emails) -> list[int]:
    """How many times each of ``emails`` reached the SMTP edge."""
    sent = [m.extra_headers.get("Message-ID") for m in mail.outbox]
    return [sent.count(message_id) for message_id in emails.values_list("message_id", flat=True)]


@on_postgresql
@pytest.mark.django_db(transaction=True)  # real commits: NOTIFY is delivered at commit
def test_two_listening_workers_are_woken_by_a_move_and_its_mail_is_written_once(
    alice, bob, notify_mode, listening, monkeypatch
):
    published = []
    monkeypatch.setattr(receivers, "_publish", published.append)  # no broker publish in the request
    first, second = listening(2)
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    mail.outbox.clear()
    move = _api_turn(match)

    _wait_for(lambda: move.pk in first.moves() and move.pk in second.moves(), "both workers to be woken")
    move.refresh_from_db()
    assert move.notified_at is not None
    assert published == []
    emails = _move_emails(move)
    _wait_for(lambda: emails.exists() and not emails.exclude(status=OutgoingEmail.Status.SENT), "the mail sent")
    assert _sent_times(emails) == [1] * emails.count()


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_rows_a_sweep_gathers_wake_the_listener_after_commit(alice, bob, notify_mode, listening):
    [worker] = listening()
    match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    _wait_for(lambda: worker.woken, "the game-started event's wake-up")
    woken = len(worker.woken)
    receivers.on_recorded(sender=None, move_ids=[41, 42], event_ids=[], stored_sent=False)
    _wait_for(lambda: len(worker.woken) > woken, "the sweep's wake-up")
    assert worker.woken[-1] == ([41, 42], [])


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_move_made_while_no_worker_listens_is_answered_and_mailed_when_one_listens(
    alice, bob, notify_mode, listening
):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    move = _api_turn(match)  # nobody listens: the NOTIFY goes nowhere
    move.refresh_from_db()
    assert move.notified_at is None

    [worker] = listening()  # a worker starts: it takes what was left
    _wait_for(lambda: move.pk in worker.moves(), "the listener's catch-up")
    move.refresh_from_db()
    assert move.notified_at is not None
    assert _move_emails(move).exists()


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_without_a_listener_the_outbox_sweep_writes_the_mail(alice, bob, notify_mode):
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    move = _api_turn(match)
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + announce.GRACE + dt.timedelta(seconds=5), tick=False):
        tasks.outbox_sweep()
    move.refresh_from_db()
    assert move.notified_at is not None
    assert _sent_times(_move_emails(move)) == [1] * _move_emails(move).count() != []


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_move_wakes_nobody(alice, bob, notify_mode, listening):
    from django.db import transaction

    [worker] = listening()
    match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    _wait_for(lambda: worker.woken, "the game-started event's wake-up")
    woken = len(worker.woken)

    def failing_move() -> None:
        with transaction.atomic():
            wakeup.notify([99], [])
            raise RuntimeError("the move failed")

    with pytest.raises(RuntimeError):
        failing_move()
    wakeup.notify([100], [])  # outside a transaction: at once
    _wait_for(lambda: len(worker.woken) > woken, "the committed wake-up")
    assert [moves for moves, _ in worker.woken[woken:]] == [[100]]


@pytest.mark.skipif(connection.vendor == "postgresql", reason="the fallback of other databases")
@pytest.mark.django_db(transaction=True)
def test_other_databases_publish_after_commit_as_before(alice, bob, notify_mode, monkeypatch):
    published = []
    monkeypatch.setattr(receivers.publisher, "put", published.append)
    assert not wakeup.notifying()
    match = match_create_seated(users=[alice, bob], game="alta", now=timezone.now())
    move = api_move(match)
    assert [("move", move.pk)] in published


def test_publish_mode_publishes_even_on_postgresql(monkeypatch):
    monkeypatch.setitem(current_app.conf, "task_always_eager", False)
    monkeypatch.setattr(connection, "vendor", "postgresql")
    with override_settings(MAIL_WAKE="publish"):
        assert not wakeup.notifying()
    with override_settings(MAIL_WAKE="notify"):
        assert wakeup.notifying()


def test_payloads_stay_under_postgresqls_limit_and_read_back():
    moves, events = list(range(10**9, 10**9 + 1000)), [7]
    payloads = wakeup._payloads(moves, events)
    assert len(payloads) == 3 and all(len(p) < 8000 for p in payloads)
    read = [wakeup.parse(p) for p in payloads]
    assert [pk for m, _ in read for pk in m] == moves
    assert [pk for _, e in read for pk in e] == events


def test_a_payload_that_is_not_a_wake_up_is_ignored(caplog):
    assert wakeup.parse("hello") == ([], [])
    assert wakeup.parse('{"m": ["x"]}') == ([], [])
    assert "not one" in caplog.text


def test_a_listener_that_cannot_connect_logs_and_retries_until_stopped(monkeypatch, caplog):
    attempts = []

    def refuse(self):
        attempts.append(time.monotonic())
        raise OSError("connection refused")

    monkeypatch.setattr(wakeup.Listener, "_connect", refuse)
    monkeypatch.setattr(wakeup, "RETRY_SECONDS", 0.01)
    listener = wakeup.Listener(wake=lambda m, e: None).start()
    _wait_for(lambda: len(attempts) >= 3, "three attempts")
    listener.stop()
    assert "lost its connection" in caplog.text
    assert not listener.listening.is_set()
