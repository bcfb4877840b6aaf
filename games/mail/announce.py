"""Turning moves and lifecycle events into emails, after they commit.

The write path only stores what happened (a ``MoveRecord`` or a
``MatchEvent``, with ``notified_at`` still null) and calls ``announce``;
once its transaction commits, one ``notifications_write`` task takes every
row of that transaction.  The worker renders the emails from the position
at the row's ply and writes them to the outbox in the transaction that
marks the row notified.  So rendering (several milliseconds per recipient)
never runs under a match lock, and nothing is lost: a row whose task never
ran is taken by the outbox sweep after ``GRACE``.  Rows are claimed with
``SELECT … FOR UPDATE SKIP LOCKED`` and each outbox row has a dedupe key,
so however many tasks see a row, its emails are written once.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Iterator
from contextvars import ContextVar

from django.db import transaction

from games.models import MatchEvent, MoveRecord

from .batching import on_commit_batched

logger = logging.getLogger(__name__)

#: How long the after-commit task has before the sweep writes a row's mail.
GRACE = dt.timedelta(minutes=1)
#: Rows older than this that still failed to render are left to the logs.
GIVE_UP_AFTER = dt.timedelta(days=1)
MOVE, EVENT = "move", "event"


def announce(*, record: MoveRecord | None = None, event: MatchEvent | None = None) -> None:
    """Have the emails of ``record`` or ``event`` written once the current
    transaction commits."""
    item = (MOVE, record.pk) if record is not None else (EVENT, event.pk)
    on_commit_batched("announce", item, _queue)


#: Rows committed inside ``announcements_gathered``, not yet handed to a task.
_gathered: ContextVar[list[tuple[str, int]] | None] = ContextVar("announcements_gathered", default=None)
#: How many gathered rows make one task.
GATHER_MAX = 50


@contextlib.contextmanager
def announcements_gathered() -> Iterator[None]:
    """Within this block (a sweep committing one small transaction per
    deadline), committed rows go to the worker ``GATHER_MAX`` at a time, in
    one task each, instead of one task per transaction."""
    rows: list[tuple[str, int]] = []
    token = _gathered.set(rows)
    try:
        yield
    finally:
        _gathered.reset(token)
        if rows:
            _publish(rows)


def _queue(items: list[tuple[str, int]]) -> None:
    rows = _gathered.get()
    if rows is None:
        _publish(items)
        return
    rows.extend(items)
    if len(rows) >= GATHER_MAX:
        _publish(list(rows))
        rows.clear()


def _publish(items: list[tuple[str, int]]) -> None:
    from .tasks import notifications_write

    notifications_write.delay([pk for kind, pk in items if kind == MOVE],
                              [pk for kind, pk in items if kind == EVENT])


def notifications_write(*, move_ids: list[int], event_ids: list[int], now: dt.datetime) -> int:
    """Write the emails of the given rows that are not yet notified, each in
    its own transaction; returns how many rows were announced.  A row whose
    rendering raises is logged and left for the sweep; the others go on."""
    from .outbox import notify_event, notify_move

    written = 0
    for model, ids, notify in ((MoveRecord, move_ids, notify_move), (MatchEvent, event_ids, notify_event)):
        for pk in ids:
            try:
                with transaction.atomic():
                    row = (model.objects.select_for_update(skip_locked=True, of=("self",))
                           .select_related("match").filter(pk=pk, notified_at__isnull=True).first())
                    if row is None:
                        continue
                    notify(row)
                    model.objects.filter(pk=pk).update(notified_at=now)
                    written += 1
            except Exception:
                logger.exception("Writing the emails of %s %s failed; the sweep retries", model.__name__, pk)
    return written


def notifications_due(*, now: dt.datetime, limit: int = 500) -> tuple[list[int], list[int]]:
    """Rows whose after-commit task has not announced them within ``GRACE``
    (a worker died or the broker lost the message), oldest first."""
    window = {"created_at__lte": now - GRACE, "created_at__gte": now - GIVE_UP_AFTER,
              "notified_at__isnull": True}
    moves = MoveRecord.objects.filter(**window).order_by("created_at").values_list("pk", flat=True)
    events = MatchEvent.objects.filter(**window).order_by("created_at").values_list("pk", flat=True)
    return list(moves[:limit]), list(events[:limit])
