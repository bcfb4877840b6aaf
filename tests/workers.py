"""The command line of a real Celery worker for the tests that start one."""

from __future__ import annotations

import sys


def celery_worker_command(*options: str) -> list[str]:
    """``celery -A alta_site worker`` with ``options`` (pool, log level …),
    without gossip, mingle and heartbeat: a lone test worker needs none, and
    they slow its start."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "alta_site",
        "worker",
        *options,
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]
