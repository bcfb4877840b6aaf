"""What each pytest-xdist worker keeps to itself (the suite runs with ``-n 2``).

Loaded with ``-p tests.parallel`` (pyproject's addopts), so it runs before
pytest-django reads the settings: it points each worker at state of its own.

- ``VAR_DIR``: the filesystem broker's queue, file results and file cache
  of a worker (and of the ``celery worker`` processes its tests start) are
  under ``var/xdist/<worker>/``, not shared.
- Redis: the database of each Redis URL (broker, results, cache, and
  ``TEST_REDIS_URL`` of the tests that talk to Redis directly) moves up by
  ``TEST_REDIS_DB_STRIDE`` (default 3) per worker: ``gw0`` keeps 0, 1, 2,
  ``gw1`` gets 3, 4, 5.  A test clears its cache (``cache.clear()`` empties
  the whole Redis database), which must not empty another worker's.

Test databases need nothing here: pytest-django gives each worker its own
(``test_<name>_gw1``).  What a broker without databases (RabbitMQ) shares is
kept apart by grouping: the tests that start a real worker run in one xdist
worker (``tests/conftest.py``).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
REDIS_URLS = ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL", "TEST_REDIS_URL")
#: The Redis database of the tests that use one directly when no Redis cache
#: is configured (``make test``); moved per worker like the others.
TEST_REDIS_URL = "redis://127.0.0.1:6379/10"


def worker_redis_url(url: str, number: int, stride: int) -> str:
    """``url`` with its database moved up by ``number * stride`` (Redis URLs only)."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        return url
    db = int(parts.path.strip("/") or 0) + number * stride
    if db > 15:
        raise RuntimeError(f"xdist worker {number}: Redis database {db} of {url} is past 15; lower -n or the stride")
    return urlunsplit(parts._replace(path=f"/{db}"))


def _own_state(worker: str) -> None:
    number = int(worker.removeprefix("gw"))
    stride = int(os.environ.get("TEST_REDIS_DB_STRIDE", "3"))
    os.environ.setdefault("TEST_REDIS_URL", TEST_REDIS_URL)
    for name in REDIS_URLS:
        if os.environ.get(name):
            os.environ[name] = worker_redis_url(os.environ[name], number, stride)
    var = Path(os.environ.get("VAR_DIR") or ROOT / "var") / "xdist" / worker
    var.mkdir(parents=True, exist_ok=True)
    os.environ["VAR_DIR"] = str(var)


def pytest_terminal_summary(terminalreporter):
    """What tests print for the record (the load test's p50/p99) with
    ``record_property("printed", text)``: a test's own output stays in the
    xdist worker that ran it, its report's properties reach this summary."""
    printed = [
        value
        for report in terminalreporter.stats.get("passed", [])
        if report.when == "call"
        for name, value in report.user_properties
        if name == "printed"
    ]
    if printed:
        terminalreporter.section("printed by tests")
        for text in printed:
            terminalreporter.write_line(text)


if worker := os.environ.get("PYTEST_XDIST_WORKER"):  # set by xdist before the worker's pytest starts
    _own_state(worker)
