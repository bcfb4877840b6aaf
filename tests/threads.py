"""Running test code in several threads at once (concurrency tests on
PostgreSQL): every thread starts together and closes its own connection."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def run_in_threads(*targets: Callable[[], Any]) -> list[Any]:
    """Call every target in its own thread, all released at once; returns
    each target's result, or the exception it raised, in order."""
    barrier = threading.Barrier(len(targets))
    results: list[Any] = [None] * len(targets)

    def run(i: int, target: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            results[i] = target()
        except Exception as error:  # noqa: BLE001 - reported to the test
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, t)) for i, t in enumerate(targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
