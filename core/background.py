"""Work handed off the request's thread.

``Publisher`` is one daemon thread per process that hands what ``put``
queues to a send function, in order: the request never waits for the
broker behind it, and a broker that is down cannot fail or slow the
request (the send function logs the failure).  What is still waiting at a
normal exit is sent then; whatever was never sent (the broker refused it,
the process died first) is made up for by the sweep of the app concerned.

``publish`` queues one Celery task that way (a finished game's rating and
tournament steps).  With eager Celery (tests, a single process) the task
runs at once in the caller's thread, as ``delay`` runs it.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

logger = logging.getLogger(__name__)

Item = TypeVar("Item")


class Publisher(Generic[Item]):
    """A daemon thread per process calling ``send`` with what ``put``
    queued.  What waits is handed over together, up to ``limit()`` items per
    call (one broker message for several moves under load).  Started on
    first use in each process: a forked worker starts its own and drops
    what its parent had waiting (the parent sends that itself)."""

    def __init__(self, send: Callable[[list[Item]], None], limit: Callable[[], int] = lambda: 1) -> None:
        self._send = send
        self._limit = limit
        self._queue: queue.SimpleQueue[list[Item]] = queue.SimpleQueue()
        self._pid: int | None = None
        self._lock = threading.Lock()

    def put(self, items: list[Item]) -> None:
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():
                    self._queue = queue.SimpleQueue()
                    threading.Thread(target=self._run, name="publisher", daemon=True).start()
                    self._pid = os.getpid()
        self._queue.put(items)

    def _take(self, block: bool) -> list[Item]:
        """What waits, at most ``limit()`` items unless one ``put`` alone
        was more; waits for the next ``put`` when ``block``."""
        items = self._queue.get() if block else []
        while len(items) < self._limit():
            try:
                items = items + self._queue.get_nowait()
            except queue.Empty:
                break
        return items

    def _run(self) -> None:
        while True:
            self._send(self._take(block=True))

    def flush(self) -> None:
        """Send what waits, in the calling thread."""
        if self._pid != os.getpid():
            return
        while items := self._take(block=False):
            self._send(items)


#: (task, its keyword arguments, the message logged if it cannot be queued)
_Task = tuple[Any, dict[str, Any], str]


def _delay(tasks: list[_Task]) -> None:
    for task, kwargs, failure in tasks:
        try:
            task.delay(**kwargs)
        except Exception:
            logger.exception("%s", failure)


publisher: Publisher[_Task] = Publisher(lambda tasks: _delay(tasks))
atexit.register(lambda: publisher.flush())


def publish(task, *, failure: str, **kwargs: Any) -> None:
    """Queue ``task`` with ``kwargs`` from the publisher thread (at once
    with eager Celery).  Never raises: a task that cannot be queued is
    logged with the message ``failure`` (which should say what makes up
    for it)."""
    if task.app.conf.task_always_eager:
        _delay([(task, kwargs, failure)])
    else:
        publisher.put([(task, kwargs, failure)])
