"""Writes that a client's retry must not repeat, the way a move's are:
the row a write creates keeps the writer's key in an ``idempotency_key``
column, unique (with its scope) where not NULL (``MoveRecord``, ``Match``,
``ChatMessage``), and the fingerprint of the request's body beside it; a
write with a key looks for its earlier row first, and refuses to answer
with it when the body differs (``KeyReused``: the IETF httpapi
Idempotency-Key draft's 422, for a key reused for another request).  The
move finds it under the match lock (``move_submit``); the writes here hold
no lock before their row exists, so the unique constraint decides a race
and the loser answers with the winner's row."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django.db import IntegrityError, models
from django.utils.translation import gettext as _

from core.errors import KeyReused

_Row = TypeVar("_Row", bound=models.Model)


def request_fingerprint(body: Mapping[str, Any]) -> str:
    """What tells two requests' bodies apart: the SHA-256 (64 hex digits)
    of ``body`` (the request as validated) in canonical JSON, so that key
    order, spacing and defaults left out make no difference."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def replayed(found: _Row, fingerprint: str) -> _Row:
    """``found``, the row an earlier request with the same key wrote, as the
    answer to a repeat whose body has ``fingerprint``.  A row or a request
    without a fingerprint (written before they were kept, or by a caller
    that keeps none) is taken as the same request.

    :raises KeyReused: the earlier request's body was another."""
    kept = getattr(found, "idempotency_fingerprint", "")
    if kept and fingerprint and kept != fingerprint:
        raise KeyReused(
            _(
                "This Idempotency-Key was already used for a request with a different body. "
                "Repeat that request unchanged, or send this one with a new key."
            )
        )
    return found


def created_once(
    earlier: models.QuerySet[_Row], key: str | None, create: Callable[[], _Row], fingerprint: str = ""
) -> _Row:
    """The row ``earlier`` holds with ``key`` (an earlier request's), else
    the one ``create`` makes (which keeps ``fingerprint`` beside the key).

    ``create`` must write the row with ``key`` inside its own
    ``transaction.atomic()`` (a savepoint when the caller holds a
    transaction), so that a unique violation rolls back only its work:
    the request that loses the race then reads the winner's row, committed
    by the time its insert failed.  Without a key, ``create`` just runs.

    :raises KeyReused: the row with ``key`` was written for a body of
        another fingerprint (``replayed``).
    :raises: what ``create`` raises; ``IntegrityError`` only when no row
        with ``key`` exists afterwards (another constraint failed)."""
    if not key:
        return create()
    found = earlier.filter(idempotency_key=key).first()
    if found is not None:
        return replayed(found, fingerprint)
    try:
        return create()
    except IntegrityError:
        found = earlier.filter(idempotency_key=key).first()
        if found is None:
            raise
        return replayed(found, fingerprint)
