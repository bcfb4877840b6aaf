"""Waking the mail worker with PostgreSQL's NOTIFY instead of a broker
publish in the request (``settings.MAIL_WAKE = "notify"``).

The web side: a move's transaction carries ``pg_notify(CHANNEL, ids)``
(``notify``), which PostgreSQL delivers when, and only if, the transaction
commits; no listener costs nothing, and nothing in it can fail a request.

The worker side: ``Listener`` is a thread in each Celery worker (started by
``alta_site.celery.MailWakeup``) that LISTENs on its own connection and
queues one ``notifications_write`` task per burst of notifications.  When it
(re)connects it first queues the rows stored while nobody listened.

Nothing here is the guarantee: a listener that is down, a notification lost
with a dying connection, a broker that refuses the task all leave the rows
unannounced, and the outbox sweep (``mail.tasks.outbox_sweep``) writes their
emails after ``announce.GRACE``.  Several listeners (several workers) each
queue the same ids; ``notifications_write`` claims each row once (SKIP
LOCKED and ``notified_at``), so no email is written twice.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import connection, connections
from django.utils import timezone

logger = logging.getLogger(__name__)

#: The NOTIFY channel (a fixed identifier: the LISTEN statement names it).
CHANNEL = "alta_mail_wake"
#: Ids per notification: PostgreSQL refuses a payload of 8000 bytes or more.
PAYLOAD_IDS = 400
#: Ids per queued task (a burst of notifications is gathered up to this).
TASK_IDS = 200
#: Seconds the listener waits for a notification before it looks whether it
#: should stop; and how long it goes on gathering a burst.
POLL_SECONDS, GATHER_SECONDS = 1.0, 0.002
#: Seconds between reconnection attempts (doubling up to the maximum).
RETRY_SECONDS, RETRY_MAX_SECONDS = 1.0, 30.0

Wake = Callable[[list[int], list[int]], None]


def notifying() -> bool:
    """Whether a worker is woken by NOTIFY: ``MAIL_WAKE`` says ``"notify"``
    and the database is PostgreSQL.  (Tasks run eagerly, in tests or a
    single process, are run at once by ``on_recorded`` all the same: no
    worker listens then, and a NOTIFY nobody hears costs nothing.)"""
    return settings.MAIL_WAKE == "notify" and connection.vendor == "postgresql"


def notify(move_ids: list[int], event_ids: list[int]) -> None:
    """Add the wake-up for these rows to the current transaction (or send it
    at once outside one) on the ORM's connection.  Its only failure is the
    connection's own, which fails the transaction anyway."""
    with connection.cursor() as cursor:
        for payload in _payloads(move_ids, event_ids):
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])


def _payloads(move_ids: list[int], event_ids: list[int]) -> list[str]:
    """``{"m": [...], "e": [...]}``, split to stay under the payload limit."""
    return [
        json.dumps({"m": move_ids[i : i + PAYLOAD_IDS], "e": event_ids[i : i + PAYLOAD_IDS]}, separators=(",", ":"))
        for i in range(0, max(len(move_ids), len(event_ids)), PAYLOAD_IDS)
    ]


def parse(payload: str) -> tuple[list[int], list[int]]:
    """The move and event ids of a payload (``([], [])`` for one that is
    not ours: it is logged and ignored)."""
    try:
        data = json.loads(payload)
        return [int(pk) for pk in data.get("m", ())], [int(pk) for pk in data.get("e", ())]
    except (ValueError, TypeError, AttributeError):
        logger.warning("Ignoring a mail wake-up that is not one: %r", payload[:200])
        return [], []


def queue_task(move_ids: list[int], event_ids: list[int]) -> None:
    """The worker's wake-up: one ``notifications_write`` task.  A broker
    that refuses it is logged (the sweep writes those emails)."""
    from . import tasks  # the tasks module imports the mail services

    try:
        tasks.notifications_write.delay(move_ids, event_ids)
    except Exception:
        logger.exception(
            "Could not queue the emails of %s rows; the outbox sweep writes them", len(move_ids + event_ids)
        )


def unannounced() -> tuple[list[int], list[int]]:
    """Every row stored up to now and not yet announced: the sweep's query
    with its grace moved to now (``notifications_due`` leaves the last
    ``GRACE`` to after-commit tasks, and no task was queued for rows stored
    while no listener was there)."""
    from . import announce

    return announce.notifications_due(now=timezone.now() + announce.GRACE)


class Listener:
    """A daemon thread that LISTENs on ``CHANNEL`` and hands each burst of
    notifications (up to ``TASK_IDS`` ids) to ``wake``.

    1. Connect (its own connection, with the ORM's parameters), LISTEN.
    2. Hand over ``unannounced()`` rows: stored while nobody listened.
    3. Wait for notifications; gather a burst; ``wake(move_ids, event_ids)``.
    4. On any error: log, close, wait (``RETRY_SECONDS``, doubling), go to 1.

    ``wake`` must not raise (``queue_task`` logs what it cannot queue); if
    it does, it is logged and the ids are left to the sweep."""

    def __init__(self, wake: Wake = queue_task, *, alias: str = "default") -> None:
        self.wake = wake
        self.alias = alias
        self.listening = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> Listener:
        self._thread = threading.Thread(target=self._run, name="mail-wakeup", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _connect(self):
        import psycopg

        params = connections[self.alias].get_connection_params()
        for django_only in ("cursor_factory", "context", "prepare_threshold"):
            params.pop(django_only, None)
        # A server that vanishes without a word is noticed within minutes.
        for name, value in (("keepalives", 1), ("keepalives_idle", 60), ("keepalives_interval", 10)):
            params.setdefault(name, value)
        params.setdefault("application_name", "alta-mail-wakeup")
        return psycopg.connect(autocommit=True, **params)

    def _run(self) -> None:
        retry = RETRY_SECONDS
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    retry = RETRY_SECONDS
                    try:
                        self._hand_over(*unannounced())
                        self._listen(conn)
                    finally:
                        self.listening.clear()
            except Exception:
                logger.exception("The mail wake-up listener lost its connection; retrying in %.0f s", retry)
                connections.close_all()
                self._stop.wait(retry)
                retry = min(retry * 2, RETRY_MAX_SECONDS)

    def _listen(self, conn) -> None:
        while not self._stop.is_set():
            moves: list[int] = []
            events: list[int] = []
            # The first notification at once; then what follows it closely.
            received = self._receive(conn, POLL_SECONDS, 1, moves, events)
            while received and len(moves) + len(events) < TASK_IDS:
                received = self._receive(conn, GATHER_SECONDS, TASK_IDS, moves, events)
            if moves or events:
                self._hand_over(moves, events)

    @staticmethod
    def _receive(conn, timeout: float, most: int, moves: list[int], events: list[int]) -> int:
        count = 0
        for note in conn.notifies(timeout=timeout, stop_after=most):
            more_moves, more_events = parse(note.payload)
            moves += more_moves
            events += more_events
            count += 1
        return count

    def _hand_over(self, moves: list[int], events: list[int]) -> None:
        try:
            for first in range(0, max(len(moves), len(events)), TASK_IDS):
                try:
                    self.wake(moves[first : first + TASK_IDS], events[first : first + TASK_IDS])
                except Exception:
                    logger.exception("Waking the mail worker failed; the outbox sweep writes those emails")
        finally:
            connections.close_all()  # what this thread opened (``unannounced``, ``wake``)
