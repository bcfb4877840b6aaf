"""Collecting work done in one transaction into one task after it commits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction


def on_commit_batched(name: str, item: Any, flush: Callable[[list], None]) -> None:
    """Add ``item`` to the batch called ``name`` of the current transaction;
    ``flush(items)`` runs once, after it commits, with every item added.
    Outside a transaction ``flush([item])`` runs at once.

    A batch whose transaction (or savepoint) rolled back is forgotten with
    its on-commit callback, so its items are never flushed.
    """
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        flush([item])
        return
    batches = connection.__dict__.setdefault("_alta_commit_batches", {})
    key = (name, _transaction_key(connection))
    batch = batches.get(key)
    if (batch is None or batch["flushed"]
            or not any(func is batch["flush"] for _, func, _ in connection.run_on_commit)):
        items: list = []

        def flush_once() -> None:
            state["flushed"] = True
            flush(list(items))

        state = batches[key] = {"items": items, "flush": flush_once, "flushed": False}
        transaction.on_commit(flush_once)
        batch = state
    batch["items"].append(item)


def _transaction_key(connection) -> str | None:
    """Which transaction a batch belongs to: the outermost atomic block that
    is not a test case's wrapper.  Tests run inside transactions that never
    commit, so there each outermost service block counts as its own (its
    savepoint id names it); in production the key is always ``None``."""
    for depth, block in enumerate(connection.atomic_blocks):
        if not getattr(block, "_from_testcase", False):
            return None if depth == 0 else connection.savepoint_ids[depth - 1]
    return None
