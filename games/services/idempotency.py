"""Writes that a client's retry must not repeat, the way a move's are:
the row a write creates keeps the writer's key in an ``idempotency_key``
column, unique (with its scope) where not NULL (``MoveRecord``, ``Match``,
``ChatMessage``); a write with a key looks for its earlier row first.  The
move finds it under the match lock (``move_submit``); the writes here hold
no lock before their row exists, so the unique constraint decides a race
and the loser answers with the winner's row."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import IntegrityError, models

_Row = TypeVar("_Row", bound=models.Model)


def created_once(earlier: models.QuerySet[_Row], key: str | None, create: Callable[[], _Row]) -> _Row:
    """The row ``earlier`` holds with ``key`` (an earlier request's), else
    the one ``create`` makes.

    ``create`` must write the row with ``key`` inside its own
    ``transaction.atomic()`` (a savepoint when the caller holds a
    transaction), so that a unique violation rolls back only its work:
    the request that loses the race then reads the winner's row, committed
    by the time its insert failed.  Without a key, ``create`` just runs.

    :raises: what ``create`` raises; ``IntegrityError`` only when no row
        with ``key`` exists afterwards (another constraint failed)."""
    if not key:
        return create()
    found = earlier.filter(idempotency_key=key).first()
    if found is not None:
        return found
    try:
        return create()
    except IntegrityError:
        found = earlier.filter(idempotency_key=key).first()
        if found is None:
            raise
        return found
