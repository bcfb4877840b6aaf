"""Queueing Celery tasks off the request's thread.

A request that must queue a task (a finished game's rating and tournament
steps) hands it to ``publish``: a daemon thread of the process sends it to
the broker, so that the answer never waits for a broker round trip and a
broker that is down cannot fail or slow the request (the failure is
logged).  The task's app has a sweep that makes up for a task that was
never queued (the broker refused it, or the process ended first; what is
still waiting at a normal exit is sent then).  With eager Celery (tests, a
single process) the task runs at once in the caller's thread, as ``delay``
runs it.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
from typing import Any

logger = logging.getLogger(__name__)

#: (task, its keyword arguments, the message logged if it cannot be queued)
_Item = tuple[Any, dict[str, Any], str]


def _send(task, kwargs: dict[str, Any], failure: str) -> None:
    try:
        task.delay(**kwargs)
    except Exception:
        logger.exception("%s", failure)


class Publisher:
    """One daemon thread per process sending what ``put`` hands it, in
    order.  Started on first use in each process (a forked web worker starts
    its own and drops what its parent had waiting)."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[_Item] = queue.SimpleQueue()
        self._pid: int | None = None
        self._lock = threading.Lock()

    def put(self, task, kwargs: dict[str, Any], failure: str) -> None:
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():
                    self._queue = queue.SimpleQueue()
                    threading.Thread(target=self._run, name="task-publisher", daemon=True).start()
                    self._pid = os.getpid()
        self._queue.put((task, kwargs, failure))

    def _run(self) -> None:
        while True:
            _send(*self._queue.get())

    def flush(self) -> None:
        """Send what is waiting, in the calling thread."""
        if self._pid != os.getpid():
            return
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            _send(*item)


publisher = Publisher()
atexit.register(publisher.flush)


def publish(task, *, failure: str, **kwargs: Any) -> None:
    """Queue ``task`` with ``kwargs`` from the publisher thread (at once
    with eager Celery).  Never raises: a task that cannot be queued is
    logged with the message ``failure`` (which should say what makes up
    for it)."""
    if task.app.conf.task_always_eager:
        _send(task, kwargs, failure)
    else:
        publisher.put(task, kwargs, failure)
